import type { Page } from "@playwright/test";
import { test, expect, isJavaScriptOn } from "./fixtures";

/**
 * Every way in and out, in the browser, with JavaScript on (js-on) and off (js-off).
 * Codes are the ones the site really delivered (SMTP / SMS gateway, read from the test inbox).
 * Both projects share one database and one client IP, so the tests run in order and reuse the
 * users they register (few codes: the backend caps codes per IP per hour).
 */
test.describe.configure({ mode: "serial" });

const inboxOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3310) + 18}`;
const stamp = String(Date.now()).slice(-6);
let counter = 0;

function ids(project: string) {
  const p = project === "js-on" ? "0" : "1";
  counter += 1;
  const n = String(counter).padStart(2, "0");
  return {
    email: `acc${p}${stamp}${n}@example.com`,
    phone: `13${p}${stamp}${n}`,
    name: `e2e${p}${stamp}${n}`,
  };
}

/**
 * The code delivered to `to` at or after `since` (ms), so an older code is never reused.
 * For e-mail the code is read from the HTML part (`<strong>123456</strong>`): the inbox's generic
 * six-digit match can hit digits inside a random MIME boundary.
 */
async function codeSince(to: string, since = 0): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await fetch(`${inboxOrigin}/inbox/latest?to=${encodeURIComponent(to)}`);
    const message = (await response.json()) as {
      code: string | null;
      at: number;
      channel: string;
      body: string;
    } | null;
    if (message && message.at >= since - 50) {
      const code = message.channel === "email" ? (/>(\d{6})<\/strong>/.exec(message.body)?.[1] ?? null) : message.code;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`没有收到发给 ${to} 的新验证码`);
}

type User = { email?: string; phone?: string; password: string };
const users: Record<string, { byEmail?: User; byPhone?: User }> = {};

const main = (page: Page) => page.locator("main");

async function sendCode(page: Page, scope = main(page)) {
  await scope.getByRole("button", { name: /获取验证码|重新发送/ }).click();
  await expect(scope.getByText(/验证码已发送至/)).toBeVisible();
}

async function expectLoggedIn(page: Page) {
  await expect(page.locator(".site-header__account .account-menu__summary")).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token");
  expect(token?.value).toBeTruthy();
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe("Lax");
  expect(token?.path).toBe("/");
}

async function logout(page: Page) {
  await page.locator(".site-header__account .account-menu__summary").click();
  await page.locator(".site-header__account").getByRole("button", { name: "退出" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("已退出登录")).toBeVisible();
  await expect(page.locator(".site-header__account").getByRole("link", { name: "登录" })).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token");
  expect(token).toBeUndefined();
}

async function passwordLogin(page: Page, account: string, password: string, scope = main(page)) {
  await scope.getByLabel("账号", { exact: true }).fill(account);
  await scope.getByLabel("密码", { exact: true }).fill(password);
  await scope.getByRole("button", { name: "登录", exact: true }).click();
}

test.describe("账号：注册、登录、找回密码、退出", () => {
  test("邮箱注册：验证码经 SMTP 送达，注册后即登录，退出后 Cookie 清除", async ({ page }, info) => {
    const { email } = ids(info.project.name);
    const password = "Passw0rd-e2e";
    await page.goto("/account/register?by=email");
    await expect(main(page).getByRole("heading", { name: "注册账号" })).toBeVisible();
    await main(page).getByLabel("邮箱", { exact: true }).fill(email);
    await sendCode(page);
    if (isJavaScriptOn(info.project.name))
      await expect(main(page).getByRole("button", { name: /重新发送 \(\d+s\)/ })).toBeDisabled();
    const code = await codeSince(email);
    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByLabel("密码", { exact: true }).fill(password);
    await main(page).getByLabel("确认密码").fill(password);
    await main(page)
      .getByLabel(/我已阅读并同意/)
      .check();
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("注册成功，已为你登录")).toBeVisible();
    await expectLoggedIn(page);
    users[info.project.name] = { ...users[info.project.name], byEmail: { email, password } };
    await logout(page);
  });

  test("手机号注册：未勾选协议、两次密码不一致、常见密码会提示；昵称中的 HTML 原样显示", async ({ page }, info) => {
    const { phone } = ids(info.project.name);
    const password = "Phone-pass-123";
    const nickname = "<b>粗体</b>'--";
    await page.goto("/account/register?by=phone");
    await main(page).getByLabel("手机号", { exact: true }).fill("12345");
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(main(page).getByText("手机号格式不正确")).toBeVisible();
    await expect(main(page).getByText("请阅读并同意《用户注册协议》和《字体授权协议》")).toBeVisible();

    await main(page).getByLabel("手机号", { exact: true }).fill(phone);
    await sendCode(page);
    const code = await codeSince(phone);
    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByLabel("密码", { exact: true }).fill(password);
    await main(page).getByLabel("确认密码").fill(`${password}x`);
    await main(page).getByLabel("昵称（选填）").fill(nickname);
    await main(page)
      .getByLabel(/我已阅读并同意/)
      .check();
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(main(page).getByText("两次输入的密码不一致")).toBeVisible();
    // What the visitor typed stays, passwords excepted.
    await expect(main(page).getByLabel("手机号", { exact: true })).toHaveValue(phone);
    await expect(main(page).getByLabel("昵称（选填）")).toHaveValue(nickname);

    // A password everyone tries first is refused beside the password field.
    await main(page).getByLabel("密码", { exact: true }).fill("12345678");
    await main(page).getByLabel("确认密码").fill("12345678");
    if (
      !(await main(page)
        .getByLabel(/我已阅读并同意/)
        .isChecked())
    )
      await main(page)
        .getByLabel(/我已阅读并同意/)
        .check();
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(main(page).getByText("这个密码太常见，容易被猜中，请换一个")).toBeVisible();
    await expect(main(page).getByLabel("手机号", { exact: true })).toHaveValue(phone);

    await main(page).getByLabel("密码", { exact: true }).fill(password);
    await main(page).getByLabel("确认密码").fill(password);
    if (
      !(await main(page)
        .getByLabel(/我已阅读并同意/)
        .isChecked())
    )
      await main(page)
        .getByLabel(/我已阅读并同意/)
        .check();
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedIn(page);
    await expect(page.locator(".site-header__account .account-menu__name")).toHaveText(nickname);
    users[info.project.name] = { ...users[info.project.name], byPhone: { phone, password } };
    await logout(page);
  });

  test("密码登录：手机号与邮箱都可作账号；格式错误与密码错误给出中文提示", async ({ page }, info) => {
    const { byEmail, byPhone } = users[info.project.name] ?? {};
    test.skip(!byEmail || !byPhone, "需要前两个测试注册的用户");
    await page.goto("/account/login?mode=password");
    await passwordLogin(page, "not-an-account", "whatever1");
    await expect(main(page).getByText("手机号或邮箱账号格式不正确")).toBeVisible();

    await passwordLogin(page, byPhone!.phone!, "wrong-password-1");
    await expect(main(page).getByText("账号或密码错误")).toBeVisible();
    await expect(main(page).getByLabel("账号", { exact: true })).toHaveValue(byPhone!.phone!);
    await expect(main(page).getByLabel("密码", { exact: true })).toHaveValue("");

    await passwordLogin(page, byPhone!.phone!, byPhone!.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("登录成功")).toBeVisible();
    await expectLoggedIn(page);
    await logout(page);

    await page.goto("/account/login?mode=password");
    await passwordLogin(page, byEmail!.email!, byEmail!.password);
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedIn(page);
    await logout(page);
  });

  test("验证码登录：短信验证码经网关送达，获取验证码后（无 JS 时为一次整页往返）仍回到 redirect 地址", async ({
    page,
  }, info) => {
    const { byPhone } = users[info.project.name] ?? {};
    test.skip(!byPhone, "需要手机号注册的用户");
    await page.goto("/account/login?redirect=%2Ffont");
    await main(page).getByRole("link", { name: "验证码登录" }).click();
    await expect(page).toHaveURL(/mode=code&redirect=%2Ffont$/);
    await main(page).getByLabel("手机号", { exact: true }).fill(byPhone!.phone!);
    const since = Date.now();
    await sendCode(page);
    const code = await codeSince(byPhone!.phone!, since);
    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/font$/);
    await expectLoggedIn(page);
    await logout(page);
  });

  test("找回密码（邮箱）：验证码 → 新密码 → 用新密码登录", async ({ page }, info) => {
    const { byEmail } = users[info.project.name] ?? {};
    test.skip(!byEmail, "需要邮箱注册的用户");
    const newPassword = "Reset-pass-456";
    await page.goto("/account/login?mode=password");
    await main(page).getByRole("link", { name: "忘记密码？" }).click();
    await expect(page).toHaveURL(/\/account\/forget/);
    await main(page).getByLabel("邮箱", { exact: true }).fill(byEmail!.email!);
    const since = Date.now();
    await sendCode(page);
    const code = await codeSince(byEmail!.email!, since);
    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByRole("button", { name: "下一步" }).click();
    await expect(main(page).getByLabel("新密码", { exact: true })).toBeVisible();
    await main(page).getByLabel("新密码", { exact: true }).fill(newPassword);
    await main(page).getByLabel("确认新密码").fill(newPassword);
    await main(page).getByRole("button", { name: "重置密码" }).click();
    await expect(page).toHaveURL(/\/account\/login/);
    await expect(page.getByText("密码已重置，请重新登录")).toBeVisible();

    await passwordLogin(page, byEmail!.email!, byEmail!.password);
    await expect(main(page).getByText("账号或密码错误")).toBeVisible();
    await passwordLogin(page, byEmail!.email!, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedIn(page);
    byEmail!.password = newPassword;
    await logout(page);
  });

  test("登录后回到守卫记录的 redirect 地址，先输错一次密码也一样", async ({ page }, info) => {
    const { byPhone } = users[info.project.name] ?? {};
    test.skip(!byPhone, "需要手机号注册的用户");
    await page.goto("/user/profile");
    await expect(page).toHaveURL(/\/\?redirect=%2Fuser%2Fprofile$/);
    // With JS the link opens the modal once the page has hydrated.
    if (isJavaScriptOn(info.project.name)) await page.waitForLoadState("networkidle");
    await page.locator(".site-header__account").getByRole("link", { name: "登录" }).click();
    if (isJavaScriptOn(info.project.name)) {
      const dialog = page.getByRole("dialog", { name: "登录" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("link", { name: "密码登录" }).click();
      await passwordLogin(page, byPhone!.phone!, "wrong-password-2", dialog);
      await expect(dialog.getByText("账号或密码错误")).toBeVisible();
      await passwordLogin(page, byPhone!.phone!, byPhone!.password, dialog);
    } else {
      await expect(page).toHaveURL(/\/account\/login\?redirect=%2Fuser%2Fprofile/);
      // The wrong password's answer is a page of its own: it still leads where the visitor was going.
      await passwordLogin(page, byPhone!.phone!, "wrong-password-2");
      await expect(main(page).getByText("账号或密码错误")).toBeVisible();
      await passwordLogin(page, byPhone!.phone!, byPhone!.password);
    }
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expectLoggedIn(page);
  });

  test("redirect 只接受站内相对路径", async ({ page }, info) => {
    const { byPhone } = users[info.project.name] ?? {};
    test.skip(!byPhone, "需要手机号注册的用户");
    await page.goto("/account/login?mode=password&redirect=%2F%2Fevil.example.com%2Fx");
    await passwordLogin(page, byPhone!.phone!, byPhone!.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expectLoggedIn(page);
  });

  test("微信扫码登录：state 由 Cookie 校验，本地微信服务换取用户", async ({ page }, info) => {
    const { name } = ids(info.project.name);
    await page.goto("/account/wechat?redirect=%2Ffont");
    const panel = main(page).locator("[data-wechat-state]");
    await expect(panel).toBeVisible();
    const state = await panel.getAttribute("data-wechat-state");
    expect(state).toBeTruthy();
    const frameUrl = new URL(
      (await main(page)
        .getByRole("link", { name: /开放平台/ })
        .getAttribute("href"))!,
    );
    expect(frameUrl.origin + frameUrl.pathname).toBe("https://open.weixin.qq.com/connect/qrconnect");
    expect(frameUrl.searchParams.get("state")).toBe(state);
    expect(frameUrl.searchParams.get("scope")).toBe("snsapi_login");
    expect(frameUrl.searchParams.get("appid")).toBeTruthy();

    // A forged state is refused.
    await page.goto(`/account/wechat?code=wx-${name}&state=forged-state`);
    await expect(page.getByText("登录状态已失效，请重新扫码")).toBeVisible();
    const retry = await main(page).locator("[data-wechat-state]").getAttribute("data-wechat-state");

    // "Scan": WeChat sends the browser back with a code and our state.
    await page.goto(`/account/wechat?code=wx-${name}&state=${retry}`);
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedIn(page);
    await expect(page.locator(".site-header__account .account-menu__name")).toHaveText(`微信用户${name}`);
    await logout(page);
  });

  test("SQL 与 HTML 输入保持惰性", async ({ page }, info) => {
    const { name } = ids(info.project.name);
    page.on("dialog", () => {
      throw new Error("输入被当作脚本执行了");
    });
    const evil = `<img src=x onerror=alert(1)>' OR '1'='1`;
    await page.goto("/account/login?mode=password");
    await passwordLogin(page, evil, "x");
    await expect(main(page).getByText("手机号或邮箱账号格式不正确")).toBeVisible();
    await expect(main(page).getByLabel("账号", { exact: true })).toHaveValue(evil);
    await passwordLogin(page, `${name}@example.com`, `' OR '1'='1' --`);
    await expect(main(page).getByText("账号或密码错误")).toBeVisible();
    await expect(page.locator("img[src='x']")).toHaveCount(0);
  });

  test("GET /account/logout 不会退出登录", async ({ page }, info) => {
    const { byPhone } = users[info.project.name] ?? {};
    test.skip(!byPhone, "需要手机号注册的用户");
    await page.goto("/account/login?mode=password");
    await passwordLogin(page, byPhone!.phone!, byPhone!.password);
    await expectLoggedIn(page);
    await page.goto("/account/logout");
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedIn(page);
    await logout(page);
  });

  test("伪造或过期的 token：清除 Cookie 并回到首页", async ({ page, baseURL }) => {
    await page
      .context()
      .addCookies([{ name: "token", value: "forged-token-value-that-is-not-real-000000000", url: baseURL! }]);
    await page.goto("/font");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByText("登录已过期，请重新登录")).toBeVisible();
    await expect(page.locator(".site-header__account").getByRole("link", { name: "登录" })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();
  });

  test("协议页面有完整正文，并从表单链接", async ({ page }) => {
    await page.goto("/agreement/register");
    await expect(page.getByRole("heading", { name: "用户注册协议" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /隐私与个人信息/ })).toBeVisible();
    await page.goto("/agreement/font");
    await expect(page.getByRole("heading", { name: "字体授权协议" })).toBeVisible();
    await expect(page.getByText(/SIL Open Font License 1\.1/).first()).toBeVisible();
    await page.goto("/account/register");
    await expect(main(page).getByRole("link", { name: "《字体授权协议》" })).toHaveAttribute("href", "/agreement/font");
  });

  test("账号弹窗：在任意页面打开，Esc 关闭，登录后关闭并显示用户菜单", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "弹窗需要 JavaScript；无 JS 时链接打开页面（上面的测试）");
    const { byEmail } = users[info.project.name] ?? {};
    test.skip(!byEmail, "需要邮箱注册的用户");
    await page.goto("/font");
    await page.waitForLoadState("networkidle");
    await page.locator(".site-header__account").getByRole("link", { name: "登录" }).click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("[data-wechat-state]")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/font$/);

    await page.locator(".site-header__account").getByRole("link", { name: "注册" }).click();
    await expect(page.getByRole("dialog", { name: "注册账号" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "去登录" }).click();
    await expect(dialog).toBeVisible();
    await passwordLogin(page, "bad", "x", dialog);
    await expect(dialog.getByText("手机号或邮箱账号格式不正确")).toBeVisible();
    await passwordLogin(page, byEmail!.email!, byEmail!.password, dialog);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/font$/);
    await expectLoggedIn(page);
    await logout(page);

    // WeChat mode of the modal: the scan comes back to /account/wechat and returns to the page.
    const { name } = ids(info.project.name);
    await page.goto("/agreement/font");
    await page.waitForLoadState("networkidle");
    await page.locator(".site-header__account").getByRole("link", { name: "登录" }).click();
    const state = await dialog.locator("[data-wechat-state]").getAttribute("data-wechat-state");
    expect(state).toBeTruthy();
    await page.goto(`/account/wechat?code=wx-${name}&state=${state}`);
    await expect(page).toHaveURL(/\/agreement\/font$/);
    await expectLoggedIn(page);
  });
});
