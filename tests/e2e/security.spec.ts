import type { BrowserContext, Locator, Page } from "@playwright/test";
import {
  test,
  expect,
  isJavaScriptOn,
  latestCode,
  apiLogin,
  clientAddress,
  newPhone,
  registerByEmail,
  signIn,
  submitPasswordLogin,
  unique,
} from "./fixtures";

/**
 * The web layer's defences, in the browser, with JavaScript on and off: redirects stay on the site,
 * another site's form cannot post to it, and the Content-Security-Policy holds on every page
 * (the shared fixture fails any test that meets a violation).
 */

/** Where the page is now, relative to the site; throws if it left the site. */
function sitePath(page: Page, baseURL: string | undefined): string {
  const url = new URL(page.url());
  expect(url.origin, `left the site for ${page.url()}`).toBe(new URL(baseURL ?? "http://127.0.0.1:3310").origin);
  return url.pathname;
}

const SECURITY_USER = { prefix: "sec", password: "Security-pass-1" };

const main = (page: Page) => page.locator("main");

function toast(page: Page, text: string | RegExp) {
  return page.locator(".toaster").getByText(text);
}

/**
 * Each test sends its codes as a client of its own: the e2e server trusts X-Forwarded-For from
 * loopback (TRUST_PROXY), and the backend caps codes per client per hour.
 */
async function ownClientAddress(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
}

/** Signs in (or up) with WeChat: the e2e WeChat peer takes any code `wx-<name>` as the user <name>. */
async function wechatSignIn(page: Page, name: string) {
  await page.goto("/account/wechat");
  const state = await main(page).locator("[data-wechat-state]").getAttribute("data-wechat-state");
  await page.goto(`/account/wechat?code=wx-${name}&state=${encodeURIComponent(state!)}`);
  await expect(page.locator(".site-header__account .account-menu__summary")).toBeVisible();
}

/** The state of the WeChat QR code the profile page shows for proving who the user is. */
async function reauthQrState(page: Page): Promise<string> {
  await page.goto("/user/profile?wechat=reauth#security");
  const frame = page.locator("#security").locator('iframe[title="微信扫码确认身份"]');
  await expect(frame).toBeAttached();
  return new URL((await frame.getAttribute("src"))!).searchParams.get("state")!;
}

/**
 * The code e-mailed to `to` at or after `since` (ms), read from the HTML part (`<strong>123456</strong>`):
 * a generic six-digit match can hit the digits of a MIME boundary.
 */
async function emailCodeSince(to: string, since: number): Promise<string> {
  const inbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3310) + 18}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${inbox}/inbox/latest?to=${encodeURIComponent(to)}`);
    const message = (await response.json()) as { at: number; body: string } | null;
    const code = message && message.at >= since - 50 ? />(\d{6})<\/strong>/.exec(message.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`没有收到发给 ${to} 的新验证码`);
}

/** Submits a profile form and waits for the answer and the page that follows it. */
async function submitProfileForm(page: Page, button: Locator) {
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/user/profile"),
    ),
    button.click(),
  ]);
  await page.waitForLoadState();
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
    const { token } = await registerByEmail(request, SECURITY_USER);
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
    const { email, password } = await registerByEmail(request, SECURITY_USER);
    await page.goto(`/account/login?mode=password&redirect=${encodeURIComponent("/.//evil.com")}`);
    await submitPasswordLogin(page, email, password);
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

test.describe("只用微信登录的账号（没有密码）：确认身份与设置密码", () => {
  test.beforeEach(async ({ page, context }) => {
    await ownClientAddress(context);
    // The QR frame is WeChat's page: answered locally (no internet in tests).
    await page.route("https://open.weixin.qq.com/**", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: "<!doctype html><title>微信</title><p>二维码</p>",
      }),
    );
  });

  test("没有手机号和邮箱：先用本人的微信扫码确认，别人的微信不行，确认后可以设置密码", async ({ page }) => {
    const name = unique();
    await wechatSignIn(page, name);
    await page.goto("/user/profile");
    await expect(page.getByTestId("fact-password")).toHaveText("未设置");
    const form = page.getByRole("form", { name: "修改密码" });
    await expect(form.getByText("你还没有设置密码")).toBeVisible();

    // No proof yet: refused, and the form points to the WeChat scan.
    const password = "Wechat-only-pass-1";
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await submitProfileForm(page, form.getByRole("button", { name: "设置密码" }));
    await expect(form.getByText("请先用已绑定的微信扫码，确认是你本人操作")).toBeVisible();
    await expect(toast(page, /密码已/)).toHaveCount(0);
    await expect(page.getByTestId("fact-password")).toHaveText("未设置");
    await expect(form.getByRole("link", { name: "微信扫码确认" })).toHaveAttribute(
      "href",
      "/user/profile?wechat=reauth#security",
    );

    // Someone else's WeChat does not prove anything.
    let state = await reauthQrState(page);
    await page.goto(`/account/wechat?code=wx-other${unique()}&state=${encodeURIComponent(state)}`);
    await expect(toast(page, "请使用已绑定的微信扫码")).toBeVisible();
    await page.goto("/user/profile");
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await submitProfileForm(page, form.getByRole("button", { name: "设置密码" }));
    await expect(toast(page, /密码已/)).toHaveCount(0);
    await expect(page.getByTestId("fact-password")).toHaveText("未设置");

    // The user's own WeChat does.
    state = await reauthQrState(page);
    await page.goto(`/account/wechat?code=wx-${name}&state=${encodeURIComponent(state)}`);
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(toast(page, "已确认是你本人操作，10 分钟内可修改绑定和密码")).toBeVisible();
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await form.getByRole("button", { name: "设置密码" }).click();
    await expect(toast(page, "密码已修改，其他设备已退出登录")).toBeVisible();
    await expect(page.getByTestId("fact-password")).toHaveText("已设置");
  });

  /** A WeChat-only user who bound a phone (after a WeChat proof), then signed in again: a session with no proof yet. */
  async function wechatUserWithPhone(page: Page, context: BrowserContext) {
    const name = unique();
    const phone = newPhone();
    await wechatSignIn(page, name);
    const state = await reauthQrState(page);
    await page.goto(`/account/wechat?code=wx-${name}&state=${encodeURIComponent(state)}`);
    await expect(toast(page, /已确认是你本人操作/)).toBeVisible();
    const phoneRow = page.locator('[data-bind="phone"]');
    await phoneRow.getByText("绑定手机号").click();
    const bind = phoneRow.getByRole("form", { name: "绑定手机号" });
    await bind.getByLabel("手机号").fill(phone);
    await bind.getByRole("button", { name: "获取验证码" }).click();
    await expect(bind.getByText(/验证码已发送/)).toBeVisible();
    await bind.getByLabel("验证码").fill(await latestCode(phone));
    await bind.getByRole("button", { name: "确认绑定" }).click();
    await expect(toast(page, "手机号已绑定")).toBeVisible();

    await context.clearCookies();
    await wechatSignIn(page, name);
    await page.goto("/user/profile");
    return { phone, shown: `${phone.slice(0, 3)}****${phone.slice(-4)}` };
  }

  test("绑定了手机号：设置密码时用发到手机的验证码确认身份（错误的码被拒，输入保留）", async ({
    page,
    context,
    request,
  }) => {
    const { phone, shown } = await wechatUserWithPhone(page, context);
    const form = page.getByRole("form", { name: "修改密码" });
    const password = "Wechat-phone-pass-2";

    // This session has not proved anything: without a code, refused beside the code field.
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await form.getByRole("button", { name: "设置密码" }).click();
    await expect(form.getByText("请输入当前密码或验证码，确认是你本人操作")).toBeVisible();

    await form.getByRole("button", { name: `发送验证码到 ${shown}` }).click();
    await expect(form.getByText(`验证码已发送至 ${phone}`)).toBeVisible();
    const code = await latestCode(phone);

    const wrong = code === "000000" ? "111111" : "000000";
    await form.getByLabel("验证码").fill(wrong);
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await form.getByRole("button", { name: "设置密码" }).click();
    await expect(form.getByText(/^验证码错误，还可尝试 \d 次$/)).toBeVisible();
    await expect(form.getByLabel("验证码")).toHaveValue(wrong);
    await expect(page.getByTestId("fact-password")).toHaveText("未设置");

    await form.getByLabel("验证码").fill(code);
    await form.getByLabel("新密码", { exact: true }).fill(password);
    await form.getByLabel("确认新密码").fill(password);
    await form.getByRole("button", { name: "设置密码" }).click();
    await expect(toast(page, "密码已修改，其他设备已退出登录")).toBeVisible();
    await expect(page.getByTestId("fact-password")).toHaveText("已设置");
    expect((await apiLogin(request, phone, password)).code).toBe("200");
  });

  test("绑定了手机号：在“确认是你本人操作”里用验证码确认一次，之后设置密码无需再填", async ({ page, context }) => {
    const { phone, shown } = await wechatUserWithPhone(page, context);
    const proof = page.locator("#security").getByRole("form", { name: "确认是你本人操作" });
    await proof.getByRole("button", { name: "确认身份" }).click();
    await expect(proof.getByText(/请输入.*验证码/)).toBeVisible();

    await proof.getByRole("button", { name: `发送验证码到 ${shown}` }).click();
    await expect(proof.getByText(`验证码已发送至 ${phone}`)).toBeVisible();
    const code = await latestCode(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    await proof.getByLabel("验证码").fill(wrong);
    await proof.getByRole("button", { name: "确认身份" }).click();
    await expect(proof.getByText(/^验证码错误，还可尝试 \d 次$/)).toBeVisible();
    await expect(proof.getByLabel("验证码")).toHaveValue(wrong);

    await proof.getByLabel("验证码").fill(code);
    await proof.getByRole("button", { name: "确认身份" }).click();
    await expect(toast(page, "已确认是你本人操作，10 分钟内修改绑定和密码无需再次确认")).toBeVisible();

    const form = page.getByRole("form", { name: "修改密码" });
    await form.getByLabel("新密码", { exact: true }).fill("Wechat-phone-pass-3");
    await form.getByLabel("确认新密码").fill("Wechat-phone-pass-3");
    await form.getByRole("button", { name: "设置密码" }).click();
    await expect(toast(page, "密码已修改，其他设备已退出登录")).toBeVisible();
    await expect(page.getByTestId("fact-password")).toHaveText("已设置");
  });
});

test.describe("被拒的表单：密码从不回填到页面，其他输入保留", () => {
  test("注册：常见密码被拒，手机号、验证码、昵称和勾选保留，密码框为空", async ({ page, context }, testInfo) => {
    await ownClientAddress(context);
    const phone = newPhone();
    const common = "12345678";
    await page.goto("/account/register?by=phone");
    await main(page).getByLabel("手机号", { exact: true }).fill(phone);
    await main(page).getByRole("button", { name: "获取验证码" }).click();
    await expect(main(page).getByText(`验证码已发送至 ${phone}`)).toBeVisible();
    const code = await latestCode(phone);
    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByLabel("密码", { exact: true }).fill(common);
    await main(page).getByLabel("确认密码").fill(common);
    await main(page).getByLabel("昵称（选填）").fill("被拒的人");
    await main(page)
      .getByLabel(/我已阅读并同意/)
      .check();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      main(page).getByRole("button", { name: "注册并登录" }).click(),
    ]);
    await expect(main(page).getByText("这个密码太常见，容易被猜中，请换一个")).toBeVisible();
    await expect(main(page).getByLabel("手机号", { exact: true })).toHaveValue(phone);
    await expect(main(page).getByLabel("验证码", { exact: true })).toHaveValue(code);
    await expect(main(page).getByLabel("昵称（选填）")).toHaveValue("被拒的人");
    await expect(main(page).getByLabel(/我已阅读并同意/)).toBeChecked();
    if (!isJavaScriptOn(testInfo.project.name)) {
      // The page the server sent back holds no password.
      await expect(main(page).getByLabel("密码", { exact: true })).toHaveValue("");
      await expect(main(page).getByLabel("确认密码")).toHaveValue("");
      expect(await answer.text()).not.toContain(common);
    }
  });

  test("找回密码：常见的新密码被拒，提示显示，密码框为空", async ({ page, context, request }, testInfo) => {
    const { email } = await registerByEmail(request, SECURITY_USER);
    await ownClientAddress(context);
    await page.goto("/account/forget");
    await main(page).getByLabel("邮箱", { exact: true }).fill(email);
    const since = Date.now();
    await main(page).getByRole("button", { name: "获取验证码" }).click();
    await expect(main(page).getByText(`验证码已发送至 ${email}`)).toBeVisible();
    await main(page)
      .getByLabel("验证码", { exact: true })
      .fill(await emailCodeSince(email, since));
    await main(page).getByRole("button", { name: "下一步" }).click();
    const common = "password1";
    await main(page).getByLabel("新密码", { exact: true }).fill(common);
    await main(page).getByLabel("确认新密码").fill(common);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      main(page).getByRole("button", { name: "重置密码" }).click(),
    ]);
    await expect(main(page).getByText("这个密码太常见，容易被猜中，请换一个")).toBeVisible();
    // Still on the new-password step, for the same account.
    await expect(main(page).getByRole("button", { name: "重置密码" })).toBeVisible();
    if (!isJavaScriptOn(testInfo.project.name)) {
      await expect(main(page).getByLabel("新密码", { exact: true })).toHaveValue("");
      await expect(main(page).getByLabel("确认新密码")).toHaveValue("");
      expect(await answer.text()).not.toContain(common);
    }
  });
});
