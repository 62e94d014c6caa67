import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-errors";
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_TOP_PX, toast, type Toast } from "./toast";
import { getToast, redirectWithErrorToast, redirectWithToast } from "./toast.server";

function cookieFrom(response: Response): string {
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}

describe("server flash toast", () => {
  it("round-trips through the cookie and is cleared on read", () => {
    const response = redirectWithToast("/font", { type: "success", message: "添加对比成功" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/font");
    const request = new Request("http://x/font", { headers: { Cookie: cookieFrom(response) } });
    const { toast: flashed, setCookie } = getToast(request);
    expect(flashed).toMatchObject({ type: "success", message: "添加对比成功" });
    expect(setCookie).toMatch(/^toast=; Max-Age=0/);
  });

  it("no cookie → no toast, no Set-Cookie", () => {
    expect(getToast(new Request("http://x/"))).toEqual({ toast: null, setCookie: null });
  });

  it("a tampered cookie is ignored but cleared", () => {
    const { toast: flashed, setCookie } = getToast(
      new Request("http://x/", { headers: { Cookie: "toast=%%%garbage" } }),
    );
    expect(flashed).toBeNull();
    expect(setCookie).not.toBeNull();
  });

  it("a non-200 code is a success-styled toast; an HTTP failure an error", () => {
    const business = redirectWithErrorToast("/", new ApiError({ status: 200, code: "A1", message: "验证码错误" }));
    const a = getToast(new Request("http://x/", { headers: { Cookie: cookieFrom(business) } })).toast as Toast;
    expect(a).toMatchObject({ type: "success", message: "验证码错误" });
    const http = redirectWithErrorToast(
      "/",
      new ApiError({ status: 500, code: "500", message: "服务器错误，请联系管理员" }),
    );
    const b = getToast(new Request("http://x/", { headers: { Cookie: cookieFrom(http) } })).toast as Toast;
    expect(b.type).toBe("error");
  });
});

describe("client toast store", () => {
  it("publishes toasts to subscribers and dismisses them", () => {
    toast.clear();
    const listener = vi.fn();
    const unsubscribe = toast.subscribe(listener);
    const id = toast.success("好");
    toast.error("坏");
    toast.fromError(new ApiError({ status: 200, code: "X", message: "业务提示" }));
    const latest = listener.mock.calls.at(-1)?.[0] as Toast[];
    expect(latest.map((t) => t.type)).toEqual(["success", "error", "success"]);
    toast.dismiss(id);
    expect((listener.mock.calls.at(-1)?.[0] as Toast[]).length).toBe(2);
    unsubscribe();
  });

  it("shows for 3000 ms, 16 px apart, 20 px from the top", () => {
    expect([TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_TOP_PX]).toEqual([3000, 16, 20]);
  });
});
