import { afterEach, describe, expect, it } from "vitest";
import { dataRequestToastMessage, installDataRequestToasts } from "./data-request-toasts";
import { toast, type Toast } from "./toast";

function fakeWindow(status: number) {
  const requested: string[] = [];
  const target = {
    location: { origin: "https://fonts.example.com" } as Location,
    fetch: async (input: RequestInfo | URL) => {
      requested.push(String(input));
      return new Response("{}", { status });
    },
  };
  installDataRequestToasts(target);
  return { target, requested };
}

function shownToasts(): Toast[] {
  let shown: Toast[] = [];
  toast.subscribe((items) => (shown = items))();
  return shown;
}

afterEach(() => toast.clear());

describe("toasts for failed client-side data requests", () => {
  it("tells server failures, timeouts and refusals with the catalogue's message", () => {
    expect(dataRequestToastMessage(503)).toBe("服务不可用，服务器暂时过载或维护");
    expect(dataRequestToastMessage(408)).toBe("网络请求超时");
    expect(dataRequestToastMessage(403)).toBe("用户得到授权，但是访问是被禁止的");
    expect(dataRequestToastMessage(500)).toBe("服务器错误，请联系管理员");
  });

  it("leaves 400, 401 and 404 to the page, and successes alone", () => {
    for (const status of [200, 204, 302, 400, 401, 404]) expect(dataRequestToastMessage(status)).toBeNull();
  });

  it("shows one toast per failed data request of the site and still answers the response", async () => {
    const { target } = fakeWindow(502);
    const response = await target.fetch(new Request("https://fonts.example.com/font.data?page=2"));
    expect(response.status).toBe(502);
    await target.fetch("/font?page=2&_data=routes%2F_font%2B%2Ffont%2B%2F_index");
    expect(shownToasts().map((item) => [item.type, item.message])).toEqual([
      ["error", "网络错误"],
      ["error", "网络错误"],
    ]);
  });

  it("stays silent for other requests: another site, a font file, an API call without _data", async () => {
    const { target } = fakeWindow(503);
    await target.fetch("https://cdn.example.net/x?_data=1");
    await target.fetch("/webfont/files/abc.woff2");
    await target.fetch(new Request("https://fonts.example.com/web/api/font/getFontList"));
    expect(shownToasts()).toEqual([]);
  });
});
