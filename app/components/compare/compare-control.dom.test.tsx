// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/toaster";
import { COMPARE_STORAGE_KEY } from "~/services/compare/compare-list";
import { resetCompareStore } from "~/components/compare/compare-store";
import { toast } from "~/utils/toast";
import { CompareControl } from "./compare-control";

const FONT = { fontGNo: "10004", familyName: "思源黑体" };

function renderControl(serverList: string[] = []) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        element: <Outlet />,
        children: [
          {
            path: "font/:id",
            element: (
              <>
                <CompareControl font={FONT} />
                <Toaster flash={null} />
              </>
            ),
          },
        ],
      },
    ],
    {
      initialEntries: ["/font/10004?text=abc"],
      hydrationData: { loaderData: { root: { compareFontGNos: serverList } } },
    },
  );
  return render(<RouterProvider router={router} />);
}

function clearCookie() {
  document.cookie = "compare-fonts=; Path=/; Max-Age=0";
}

const stored = () => window.localStorage.getItem(COMPARE_STORAGE_KEY);

describe("CompareControl", () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookie();
    resetCompareStore();
    toast.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => toast.clear());
  });

  it("没有 JavaScript 时是一张提交到对比动作的表单，带回到本页的地址", () => {
    const { container } = renderControl();
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/resources/compare");
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual({ intent: "add", fontGNo: "10004", redirectTo: "/font/10004?text=abc" });
  });

  it("加入与移出：本地存储与 Cookie 跟着变，提示 添加对比成功 / 移除对比成功", async () => {
    const user = userEvent.setup();
    renderControl();
    await user.click(screen.getByRole("button", { name: /加入对比/ }));
    expect(await screen.findByText("添加对比成功")).toBeTruthy();
    expect(stored()).toBe('["10004"]');
    expect(document.cookie).toContain("compare-fonts=10004");
    expect(screen.getByRole("button", { name: /移出对比/ })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: /移出对比/ }));
    expect(await screen.findByText("移除对比成功")).toBeTruthy();
    expect(stored()).toBe("[]");
    expect(document.cookie).not.toContain("compare-fonts=10004");
  });

  it("列表在别处已变：重复加入提示 请勿重复添加，移出不在列表的提示 字体不存在", async () => {
    const user = userEvent.setup();
    const reads = vi.spyOn(Storage.prototype, "getItem");
    renderControl();
    const button = screen.getByRole("button", { name: /加入对比/ });
    // The page reads the list again once loaded; another tab adds the font after that.
    await waitFor(() => expect(reads.mock.calls.filter(([key]) => key === COMPARE_STORAGE_KEY).length).toBe(2));
    window.localStorage.setItem(COMPARE_STORAGE_KEY, '["10004"]');
    await user.click(button);
    expect(await screen.findByText("请勿重复添加")).toBeTruthy();
    expect(stored()).toBe('["10004"]');
    expect(screen.getByRole("button", { name: /移出对比/ })).toBeTruthy();

    // …and removed it again.
    window.localStorage.setItem(COMPARE_STORAGE_KEY, "[]");
    await user.click(screen.getByRole("button", { name: /移出对比/ }));
    expect(await screen.findByText("字体不存在")).toBeTruthy();
    expect(screen.getByRole("button", { name: /加入对比/ })).toBeTruthy();
  });

  it("本地存储还没有列表时取 Cookie 里的（无 JavaScript 时加入的），满 10 款时说明上限", async () => {
    const user = userEvent.setup();
    const ten = Array.from({ length: 10 }, (_, index) => String(20001 + index));
    document.cookie = `compare-fonts=${ten.join(".")}; Path=/`;
    renderControl(ten);
    await user.click(screen.getByRole("button", { name: /加入对比/ }));
    expect(await screen.findByText("最多对比 10 款字体，请先移除一些")).toBeTruthy();
    expect(stored()).toBe(JSON.stringify(ten));
  });
});
