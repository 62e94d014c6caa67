import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerConfig } from "../backend/config.js";
import { readWebsiteConfig } from "../app/config.server.js";
import { COMPARE_COOKIE, serializeCompareCookieValue } from "../app/services/compare/compare-list.js";
import { startServer, type RunningServer } from "../server.js";
import { postJson, registerByEmail } from "./api-account.js";
import { pageOf, remixRenderer, type Page } from "./rendered-page.js";

/**
 * Pages for visitors with a cookie, put together from templates (server/visitor-pages.ts and
 * entry.server.tsx), against the same pages rendered by Remix for the same visitor: the build's own
 * request handler, with no templates, reading the same server's backend.
 */

describe("pages for visitors with a cookie, from templates", () => {
  let server: RunningServer;
  let dataDir: string;
  let rendered: (pathname: string, cookie: string) => Promise<Page>;
  const compareCookie = `${COMPARE_COOKIE}=${serializeCompareCookieValue(["10004", "10027"])}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-visitor-pages-"));
    server = await startServer(
      readServerConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", CAPTCHA: "off" }),
      {
        website: readWebsiteConfig({ NODE_ENV: "test" }),
      },
    );
    rendered = await remixRenderer(server.url);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = async (pathname: string, cookie: string) =>
    pageOf(await fetch(`${server.url}${pathname}`, { headers: { cookie }, redirect: "manual" }));

  /** Asks for `pathname` until its template is made: an address asked for once is rendered, and kept from the second time. */
  async function madeTemplate(pathname: string) {
    await ask(pathname, compareCookie);
    await ask(pathname, compareCookie);
  }

  it.each(["/", "/font", "/font?page=2&style=all&sort=new", "/news", "/baike"])(
    "%s for a visitor with a compare list is the page Remix renders for them, JavaScript on or off",
    async (pathname) => {
      // The first answer is rendered; the second makes the template; the next ones are put together from it.
      const first = await ask(pathname, compareCookie);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-page-cache")).toBeNull();
      const second = await ask(pathname, compareCookie);
      expect(second.headers.get("x-page-cache")).toBeNull();
      const fromTemplate = await ask(pathname, compareCookie);
      expect(fromTemplate.headers.get("x-page-cache")).toBe("template");
      const other = await ask(pathname, `${COMPARE_COOKIE}=10035`);
      expect(other.headers.get("x-page-cache")).toBe("template");

      const expected = await rendered(pathname, compareCookie);
      expect(fromTemplate.html).toBe(expected.html);
      expect(fromTemplate.data).toEqual(expected.data);
      expect(first.html).toBe(expected.html);
      expect(second.html).toBe(expected.html);
      expect(second.data).toEqual(expected.data);
      const expectedOther = await rendered(pathname, `${COMPARE_COOKIE}=10035`);
      expect(other.html).toBe(expectedOther.html);
      expect(other.data).toEqual(expectedOther.data);
    },
  );

  it("shows each visitor their own compare list on a font's page", async () => {
    await madeTemplate("/font/10027");
    const listed = await ask("/font/10027", compareCookie);
    const unlisted = await ask("/font/10027", `${COMPARE_COOKIE}=10004`);
    expect(listed.headers.get("x-page-cache")).toBe("template");
    expect(unlisted.headers.get("x-page-cache")).toBe("template");
    expect(listed.html).toContain('aria-label="移出对比：站酷快乐体"');
    expect(listed.html).not.toContain('aria-label="加入对比：站酷快乐体"');
    expect(unlisted.html).toContain('aria-label="加入对比：站酷快乐体"');
    expect(unlisted.html).not.toContain('aria-label="移出对比：站酷快乐体"');
  });

  it("still counts every visit of a font's page as a view", async () => {
    const views = async () => {
      const answer = await fetch(`${server.url}/api/v1/web/search/fontInformation/10035`);
      return ((await answer.json()) as { data: { views: number } }).data.views;
    };
    await madeTemplate("/font/10035");
    const before = await views();
    for (let visit = 0; visit < 3; visit++) {
      expect((await ask("/font/10035", compareCookie)).headers.get("x-page-cache")).toBe("template");
    }
    // Reading the font's information counts one view itself; the visits are reported within a second.
    await expect.poll(views, { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 1 + 3);
  });

  /** A new user registered by e-mail, with their token cookie. */
  async function signedInUser(nickname: string): Promise<{ cookie: string; token: string }> {
    const token = await registerByEmail(server.url, { prefix: "visitor", password: "visitor-pages-1", nickname });
    return { cookie: `token=${token}`, token };
  }

  it("shows a signed-in visitor their name, messages and favorites on pages made from templates", async () => {
    const { cookie, token } = await signedInUser(`<b>"明" & '友'</b>`);
    await postJson(server.url, "/web/api/account/collection/addFont", { fontGNo: "10004" }, token);
    const signedIn = `${cookie}; ${compareCookie}`;
    for (const pathname of ["/font", "/font/10004", "/news"]) {
      await madeTemplate(pathname);
      const page = await ask(pathname, signedIn);
      expect(page.headers.get("x-page-cache"), pathname).toBe("template");
      const expected = await rendered(pathname, signedIn);
      if (pathname === "/font/10004") {
        // The page counts a view each time it is read: only the count may differ.
        const views = /\d+ 次浏览/g;
        expect(page.html.replace(views, "")).toBe(expected.html.replace(views, ""));
      } else {
        expect(page.html).toBe(expected.html);
        expect(page.data).toEqual(expected.data);
      }
      expect(page.html).toContain(
        'class="account-menu__name">&lt;b&gt;&quot;明&quot; &amp; &#x27;友&#x27;&lt;/b&gt;</span>',
      );
      expect(page.html).not.toContain('href="/account/login');
      // A new user has the welcome message unread.
      expect(page.html).toContain('data-testid="header-unread" aria-hidden="true">1</span>');
    }
    const list = await ask("/font", signedIn);
    expect(list.html).toMatch(/data-favorite="10004" data-favorited="true"/);
    expect(list.html).toMatch(/data-favorite="10027" data-favorited="false"/);
  });

  it("renders the page as before for a visitor with a flash message, and for an expired login", async () => {
    await madeTemplate("/font");
    const flashed = await fetch(`${server.url}/font`, { headers: { cookie: `${compareCookie}; toast=` } });
    expect(flashed.status).toBe(200);
    expect(flashed.headers.get("x-page-cache")).toBeNull();
    expect(flashed.headers.get("set-cookie")).toMatch(/toast=;/);

    const expired = await fetch(`${server.url}/font`, {
      headers: { cookie: "token=no-such-token" },
      redirect: "manual",
    });
    expect(expired.status).toBeGreaterThanOrEqual(300);
    expect(expired.status).toBeLessThan(400);
    expect(expired.headers.get("set-cookie")).toMatch(/token=;/);
  });
});
