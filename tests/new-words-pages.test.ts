import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerConfig } from "../backend/config.js";
import { readWebsiteConfig } from "../app/config.server.js";
import { COMPARE_COOKIE, serializeCompareCookieValue } from "../app/services/compare/compare-list.js";
import { startServer, type RunningServer } from "../server.js";
import { pageOf, remixRenderer, type Page } from "./rendered-page.js";

/**
 * Pages of new words on `/font`, answered from the template of their address without the words
 * (app/utils/new-words-page.server.tsx), against the same pages rendered by Remix: the build's own
 * request handler, with no templates, reading the same server's backend.
 */
describe("pages of new words, from templates", () => {
  let server: RunningServer;
  let dataDir: string;
  let rendered: (pathname: string, cookie?: string) => Promise<Page>;
  const compareCookie = `${COMPARE_COOKIE}=${serializeCompareCookieValue(["10004", "10027"])}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-new-words-"));
    server = await startServer(
      readServerConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", CAPTCHA: "off" }),
      { website: readWebsiteConfig({ NODE_ENV: "test" }) },
    );
    rendered = await remixRenderer(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = async (pathname: string, cookie = "") =>
    pageOf(await fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {} }));
  const words = (text: string) => `text=${encodeURIComponent(text)}`;

  /**
   * Asks for the list with two sets of words: the first is rendered unless the template was made
   * already, the second makes it (and is answered from it).
   */
  async function madeTemplate(query: (text: string) => string, cookie = "") {
    await ask(`/font?${query("模板之前")}`, cookie);
    const second = await ask(`/font?${query("模板之后")}`, cookie);
    expect(second.headers.get("x-page-cache")).toBe("new-words");
  }

  it("renders an address's first new words, and makes its template from the second", async () => {
    const query = (text: string) => `${words(text)}&layout=table`;
    const first = await ask(`/font?${query("第一次")}`);
    expect(first.headers.get("x-page-cache")).toBeNull();
    const second = await ask(`/font?${query("第二次")}`);
    expect(second.headers.get("x-page-cache")).toBe("new-words");
    expect(second.html).toBe((await rendered(`/font?${query("第二次")}`)).html);
  });

  it.each([
    ["Chinese words", words("春眠不觉晓")],
    ["what HTML and addresses escape", words(`A&B <"引号"> 'x' 1+1=2 100% #`)],
    ["words sent with + for spaces", "text=%E6%98%A5%E7%9C%A0+%E4%B8%8D%E8%A7%89"],
    ["words sent with %20 for spaces", "text=%E6%98%A5%E7%9C%A0%20%E4%B8%8D%E8%A7%89"],
    ["words sent as they are", "text=春眠'不觉'!~*()"],
    ["spaces around the words", words("  处处闻啼鸟 ")],
    ["characters no font has, boxed as 缺字", words("𪚥ǅ龘")],
    ["words past the longest a list previews, cut with a notice", words("床前明月光，疑是地上霜。".repeat(10))],
  ])("%s: the page Remix renders, and its data", async (_, query) => {
    await madeTemplate(words);
    const page = await ask(`/font?${query}`);
    expect(page.headers.get("x-page-cache")).toBe("new-words");
    const expected = await rendered(`/font?${query}`);
    expect(page.status).toBe(200);
    expect(page.html).toBe(expected.html);
    expect(page.data).toEqual(expected.data);
  });

  it("each list with its own filters, layout and theme has its template", async () => {
    const query = (text: string) => `layout=card&${words(text)}&theme=dark&page=2&sort=new`;
    await madeTemplate(query);
    const pathname = `/font?${query("夜来风雨声")}`;
    const page = await ask(pathname);
    expect(page.headers.get("x-page-cache")).toBe("new-words");
    const expected = await rendered(pathname);
    expect(page.html).toBe(expected.html);
    expect(page.data).toEqual(expected.data);
    expect(page.html).toContain('data-layout="card"');
  });

  it("shows a visitor with a compare list their own list, from the same template", async () => {
    await madeTemplate(words);
    const pathname = `/font?${words("花落知多少")}`;
    const page = await ask(pathname, compareCookie);
    expect(page.headers.get("x-page-cache")).toBe("new-words");
    const expected = await rendered(pathname, compareCookie);
    expect(page.html).toBe(expected.html);
    expect(page.data).toEqual(expected.data);
    expect(page.html).toMatch(/aria-label="移出对比：[^"]+"/);
  });

  it("renders the page as before when the words also filter the list, or come twice", async () => {
    for (const query of [
      (text: string) => `${words(text)}&fit=1`,
      (text: string) => `${words(text)}&text=${encodeURIComponent(text)}`,
    ]) {
      for (const text of ["第一", "第二", "第三"]) {
        const page = await ask(`/font?${query(text)}`);
        expect(page.headers.get("x-page-cache"), query(text)).toBeNull();
        expect(page.html).toBe((await rendered(`/font?${query(text)}`)).html);
      }
    }
  });
});
