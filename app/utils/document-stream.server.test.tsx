import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RENDER_TIMEOUT_MESSAGE, streamDocument } from "./document-stream.server";

/** A part of the page whose data never arrives. */
function Never(): never {
  throw new Promise(() => {});
}

const request = () => new Request("http://site.test/font/10001?text=慢");
const options = (waitForAll: boolean) => ({
  status: 200,
  headers: new Headers(),
  nonce: "abc123",
  waitForAll,
  deadlineMs: 50,
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("streamDocument", () => {
  it.each([
    ["the shell", false, <Never key="shell" />],
    [
      "everything, for a bot",
      true,
      <Suspense key="boundary" fallback="载入中">
        {<Never />}
      </Suspense>,
    ],
  ])(
    "answers a render still waiting for %s at the deadline with a 503 page, logging its address",
    async (_what, waitForAll, part) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await streamDocument(
        request(),
        <html lang="zh-CN">
          <body>{part}</body>
        </html>,
        options(waitForAll),
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain(RENDER_TIMEOUT_MESSAGE);
      expect(html).toContain('<style nonce="abc123">');
      expect(logged.mock.calls.map((call) => String(call[0])).join("\n")).toContain(
        "GET http://site.test/font/10001?text=%E6%85%A2",
      );
    },
  );

  it("logs the address of a page whose shell went out but whose rest was cut short", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await streamDocument(
      request(),
      <html lang="zh-CN">
        <body>
          <h1>字体</h1>
          <Suspense fallback="载入中">
            <Never />
          </Suspense>
        </body>
      </html>,
      options(false),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>字体</h1>");
    expect(logged.mock.calls.map((call) => String(call[0])).join("\n")).toContain("http://site.test/font/10001");
  });

  it("answers a page that renders in time as it is, logging nothing after the deadline either", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await streamDocument(
      request(),
      <html lang="zh-CN">
        <body>
          <h1>字体</h1>
        </body>
      </html>,
      options(true),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>字体</h1>");
    vi.advanceTimersByTime(1_000);
    expect(logged).not.toHaveBeenCalled();
  });
});
