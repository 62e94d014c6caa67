import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { test, expect, isJavaScriptOn, latestCode } from "./fixtures";

/**
 * The web layer's defences, in the browser, with JavaScript on and off: redirects stay on the site,
 * another site's form cannot post to it, and the Content-Security-Policy holds on every page
 * (the shared fixture fails any test that meets a violation).
 */

const rand = (n: number) => Math.floor(Math.random() * n);
const unique = () => `${Date.now().toString(36)}${rand(1e6).toString(36)}`;

type Envelope<T> = { code: string; message: string; data: T };

/** A user registered through the API, from an address of its own (the backend caps codes per IP). */
async function registeredUser(request: APIRequestContext) {
  const headers = { "X-Forwarded-For": `10.${rand(256)}.${rand(256)}.${1 + rand(254)}` };
  const email = `sec${unique()}@example.com`;
  const password = "Security-pass-1";
  const sent = await request.post("/web/api/account/sendCode", {
    data: { account: email, purpose: "register" },
    headers,
  });
  expect((await sent.json()).code).toBe("200");
  const code = await latestCode(email);
  const registered = await request.post("/web/api/account/register/email", {
    data: { email, code, password },
    headers,
  });
  const body = (await registered.json()) as Envelope<{ token: string }>;
  expect(body.code, body.message).toBe("200");
  return { email, password, token: body.data.token };
}

async function signIn(context: BrowserContext, baseURL: string | undefined, token: string) {
  await context.addCookies([{ name: "token", value: token, url: baseURL ?? "http://127.0.0.1:3310" }]);
}

/** Where the page is now, relative to the site; throws if it left the site. */
function sitePath(page: Page, baseURL: string | undefined): string {
  const url = new URL(page.url());
  expect(url.origin, `left the site for ${page.url()}`).toBe(new URL(baseURL ?? "http://127.0.0.1:3310").origin);
  return url.pathname;
}

const HOSTILE_REDIRECTS = [
  "/.//evil.com",
  "//evil.com",
  "/%2F%2Fevil.com",
  "/\\evil.com",
  "https://evil.com",
  "/..//evil.com",
];

test.describe("安全：跳转、跨站请求与内容安全策略", () => {
  test("已登录访问 /account/login?redirect=… 只会跳到本站", async ({ page, context, request, baseURL }) => {
    // Anything that left the site would be answered here, and the assertion below would name it.
    await context.route(
      (url) => url.hostname.endsWith("evil.com"),
      (route) => route.fulfill({ body: "evil" }),
    );
    const { token } = await registeredUser(request);
    await signIn(context, baseURL, token);
    for (const hostile of HOSTILE_REDIRECTS) {
      await page.goto(`/account/login?redirect=${encodeURIComponent(hostile)}`);
      expect(sitePath(page, baseURL), hostile).toBe("/");
      await expect(page.locator(".site-header__account .account-menu__summary")).toBeVisible();
    }
    // A same-site target is honoured.
    await page.goto(`/account/login?redirect=${encodeURIComponent("/font?keyword=楷书")}`);
    expect(sitePath(page, baseURL)).toBe("/font");
  });

  test("登录表单带着恶意 redirect 提交后仍留在本站", async ({ page, context, request, baseURL }) => {
    await context.route(
      (url) => url.hostname.endsWith("evil.com"),
      (route) => route.fulfill({ body: "evil" }),
    );
    const { email, password } = await registeredUser(request);
    await page.goto(`/account/login?mode=password&redirect=${encodeURIComponent("/.//evil.com")}`);
    const form = page.locator("main");
    await form.getByLabel("账号", { exact: true }).fill(email);
    await form.getByLabel("密码", { exact: true }).fill(password);
    await form.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("登录成功")).toBeVisible();
    expect(sitePath(page, baseURL)).toBe("/");
  });

  test("其他网站的表单不能向本站提交（403 跨站请求已被拒绝）", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.allow(/status of 403/);
    const site = baseURL ?? "http://127.0.0.1:3310";
    // A page on another site whose form posts to our login and logout actions.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><meta charset="utf-8"><title>别的网站</title>
          <form method="post" action="${site}/account/login?mode=password">
            <input name="account" value="victim@example.com"><input name="password" value="whatever-1">
            <button>提交到登录</button>
          </form>
          <form method="post" action="${site}/account/logout"><button>提交到退出</button></form>`,
      }),
    );
    for (const button of ["提交到登录", "提交到退出"]) {
      await page.goto("http://evil.example/");
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.url().startsWith(site) && answer.request().method() === "POST"),
        page.getByRole("button", { name: button }).click(),
      ]);
      expect(response.status(), button).toBe(403);
      await expect(page.getByRole("heading", { name: "跨站请求已被拒绝" })).toBeVisible();
    }
  });

  test("每个页面都带内容安全策略，浏览时没有违规", async ({ page, consoleGuard }, testInfo) => {
    for (const path of ["/", "/font", "/account/login", "/account/register", "/account/forget", "/agreement/font"]) {
      const response = await page.goto(path);
      const policy = response?.headers()["content-security-policy"] ?? "";
      expect(policy, path).toContain("script-src 'self' 'nonce-");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toContain("base-uri 'none'");
      expect(policy, path).toContain("frame-ancestors 'self'");
    }
    // A font page reached by a client-side navigation adds its @font-face <style> from the browser.
    await page.goto("/font");
    await page.locator("a[href^='/font/']").first().click();
    await expect(page).toHaveURL(/\/font\/[^/]+$/);
    await expect(page.locator("h1")).toBeVisible();
    await page.waitForLoadState("load");
    expect(consoleGuard.cspViolations()).toEqual([]);

    if (isJavaScriptOn(testInfo.project.name)) {
      // The policy is enforced: a script injected without the nonce does not run, and is reported.
      consoleGuard.allow(/script-src|Content Security Policy/);
      const ran = await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
        return (window as unknown as { injected?: boolean }).injected === true;
      });
      expect(ran).toBe(false);
      await expect
        .poll(() => consoleGuard.cspViolations())
        .toContainEqual(expect.stringMatching(/^csp: script-src-elem blocked inline/));
    }
  });
});
