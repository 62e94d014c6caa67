import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { test, expect, isJavaScriptOn, apiLogin, latestCode, newPhone, signIn, signedInUser, unique } from "./fixtures";

async function loggedInUser(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string | undefined,
  password = "old-password-1",
) {
  return signedInUser(request, context, baseURL, { prefix: "p", password });
}

/** A real picture, made with sharp (wider than 2000 px so the cropper's downscale runs). */
function pictureFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "profile-e2e-"));
  return path.join(dir, "photo.jpg");
}

async function makePicture(): Promise<string> {
  const file = pictureFile();
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#ff3b5c"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs>
      <rect width="2400" height="1600" fill="url(#g)"/><circle cx="1200" cy="800" r="500" fill="#fff"/>
    </svg>`,
  );
  await sharp(svg).jpeg({ quality: 85 }).toFile(file);
  return file;
}

function toast(page: Page, text: string | RegExp) {
  return page.locator(".toaster").getByText(text);
}

async function avatarSrc(page: Page): Promise<string | null> {
  const image = page.locator(".user-avatar-form img[data-avatar-img]");
  if ((await image.count()) === 0) return null;
  return image.getAttribute("src");
}

const AVATAR_URL = /\/web\/api\/account\/avatar\/[a-f0-9]{32}\.jpg$/;

async function expectServedAvatar(page: Page, src: string) {
  expect(src).toMatch(AVATAR_URL);
  const response = await page.request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const meta = await sharp(await response.body()).metadata();
  expect(meta.format).toBe("jpeg");
  expect(meta.width).toBe(256);
  expect(meta.height).toBe(256);
}

test.describe("个人资料 /user/profile", () => {
  test("个人资料页，侧栏链接齐全（/user 是个人中心概览）", async ({ page, context, request, baseURL }) => {
    await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");
    await expect(page.getByRole("heading", { level: 1, name: "个人资料" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "个人中心" });
    for (const [name, href] of [
      ["个人资料", "/user/profile"],
      ["我的收藏", "/user/favorite"],
      ["字体对比", "/user/compare"],
      ["下载记录", "/user/download"],
      ["消息", "/user/message"],
    ]) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await expect(page.getByTestId("fact-password")).toHaveText("已设置");
  });

  test("编辑资料：出错时保留输入，保存后刷新仍显示", async ({ page, context, request, baseURL }) => {
    await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");

    // Invalid: empty nickname, a birthday in the future; the other input stays.
    await page.getByLabel("昵称").fill("");
    await page.getByLabel("城市").fill("上海");
    await page.getByLabel("生日").fill("2999-01-01");
    await page.getByRole("button", { name: "保存资料" }).click();
    await expect(page.getByText("请输入昵称")).toBeVisible();
    await expect(page.getByText("生日不能晚于今天")).toBeVisible();
    await expect(page.getByLabel("城市")).toHaveValue("上海");

    const nickname = `剪辑师${unique().slice(-4)}`;
    await page.getByLabel("昵称").fill(nickname);
    await page.getByLabel("生日").fill("1995-06-15");
    await page.locator(".segmented__option", { hasText: "女" }).click();
    await page.getByLabel("城市").fill("杭州");
    await page.getByLabel("个性签名").fill("做美食 vlog，<b>不是粗体</b>");
    await page.getByRole("button", { name: "保存资料" }).click();
    await expect(toast(page, "资料已更新")).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("fact-nickname")).toHaveText(nickname);
    await expect(page.getByTestId("fact-gender")).toHaveText("女");
    await expect(page.getByTestId("fact-birthday")).toHaveText("1995-06-15");
    await expect(page.getByTestId("fact-city")).toHaveText("杭州");
    await expect(page.getByTestId("fact-bio")).toHaveText("做美食 vlog，<b>不是粗体</b>");
    await expect(page.getByTestId("summary-nickname")).toHaveText(nickname);
    await expect(page.getByLabel("昵称")).toHaveValue(nickname);
  });

  test("上传头像：裁剪（有 JS）或直接上传（无 JS），新地址返回 256×256 JPEG", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");
    expect(await avatarSrc(page)).toBeNull();
    const picture = await makePicture();

    await page.locator("#avatar").setInputFiles(picture);
    if (isJavaScriptOn(testInfo.project.name)) {
      const dialog = page.getByRole("dialog", { name: "裁剪头像" });
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole("button", { name: "确定" });
      await expect(confirm).toBeEnabled();
      // Move the crop box a little before confirming.
      const box = await dialog.locator(".cropper-crop-box").boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
      await page.mouse.down();
      await page.mouse.move(box!.x + box!.width / 2 + 20, box!.y + box!.height / 2 + 10, { steps: 4 });
      await page.mouse.up();
      await confirm.click();
      await expect(dialog).toBeHidden();
    } else {
      await page.getByRole("button", { name: "上传", exact: true }).click();
    }
    await expect(toast(page, "头像已更新")).toBeVisible();
    await expect.poll(() => avatarSrc(page)).toMatch(AVATAR_URL);
    const first = (await avatarSrc(page))!;
    await expectServedAvatar(page, first);

    // A second upload gets a new address.
    await page.locator("#avatar").setInputFiles(picture);
    if (isJavaScriptOn(testInfo.project.name)) {
      const dialog = page.getByRole("dialog", { name: "裁剪头像" });
      await expect(dialog.getByRole("button", { name: "确定" })).toBeEnabled();
      await dialog.getByRole("button", { name: "确定" }).click();
    } else {
      await page.getByRole("button", { name: "上传", exact: true }).click();
    }
    await expect
      .poll(async () => {
        const src = await avatarSrc(page);
        return src !== first && AVATAR_URL.test(src ?? "");
      })
      .toBe(true);
    const second = (await avatarSrc(page))!;
    await expectServedAvatar(page, second);
  });

  test("不是图片的文件被拒绝，并给出中文提示", async ({ page, context, request, baseURL }, testInfo) => {
    await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");
    const fake = {
      name: "头像.png",
      mimeType: "image/png",
      buffer: Buffer.from("这不是图片 <script>alert(1)</script>"),
    };
    await page.locator("#avatar").setInputFiles(fake);
    if (!isJavaScriptOn(testInfo.project.name)) await page.getByRole("button", { name: "上传", exact: true }).click();
    // JS: the browser cannot decode it; no JS: the server checks the content.
    await expect(page.getByTestId("avatar-error")).toHaveText(/图片/);
    expect(await avatarSrc(page)).toBeNull();

    // The action answers the backend's own message (never a 500), whatever the client did.
    const response = await page.request.post("/user/profile", {
      multipart: {
        intent: "avatar",
        avatar: { name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.from("GIF89a? no, plain text") },
      },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("头像文件不是有效的图片");

    if (isJavaScriptOn(testInfo.project.name)) {
      await page
        .locator("#avatar")
        .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
      await expect(page.getByTestId("avatar-error")).toHaveText("请选择 JPG、PNG、WebP 或 GIF 格式的图片");
    }
  });

  test("超过 5 MB 的头像在浏览器和服务器两边都被拒绝", async ({ page, context, request, baseURL }, testInfo) => {
    await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");
    const big = Buffer.alloc(5 * 1024 * 1024 + 200 * 1024, 0xff);
    if (isJavaScriptOn(testInfo.project.name)) {
      await page.locator("#avatar").setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: big });
      await expect(page.getByTestId("avatar-error")).toHaveText("头像图片不能超过 5 MB");
      await expect(page.getByRole("dialog", { name: "裁剪头像" })).toHaveCount(0);
    }
    // The action bounds the upload itself: a part over 5 MB, and a body far over the limit.
    for (const size of [big.length, 8 * 1024 * 1024]) {
      const response = await page.request.post("/user/profile", {
        multipart: {
          intent: "avatar",
          avatar: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(size, 0xff) },
        },
      });
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain("头像图片不能超过 5 MB");
    }
  });

  test("微信：先确认身份，再扫码绑定，再解绑", async ({ page, context, request, baseURL }) => {
    const { password } = await loggedInUser(request, context, baseURL);
    // The QR frame is WeChat's page: answer it locally (no internet in tests).
    await page.route("https://open.weixin.qq.com/**", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: "<!doctype html><title>微信</title><p>二维码</p>",
      }),
    );
    await page.goto("/user/profile");
    const row = page.locator('[data-bind="wechat"]');
    await expect(page.getByTestId("wechat-value")).toHaveText("未绑定");
    await row.getByRole("link", { name: "扫码绑定" }).click();
    // No QR code before the user proves who they are.
    await expect(row.getByText("绑定微信前，请先确认是你本人操作")).toBeVisible();
    const proof = row.getByRole("form", { name: "确认是你本人操作" });
    await proof.getByRole("button", { name: "确认身份" }).click();
    await expect(proof.getByText("请输入当前密码或验证码")).toBeVisible();
    await proof.getByLabel("当前密码").fill("wrong-password-9");
    await proof.getByRole("button", { name: "确认身份" }).click();
    await expect(proof.getByText("当前密码不正确")).toBeVisible();
    await proof.getByLabel("当前密码").fill(password);
    await proof.getByRole("button", { name: "确认身份" }).click();
    const frame = row.locator('iframe[title="微信扫码绑定"]');
    await expect(frame).toBeAttached();
    const src = new URL((await frame.getAttribute("src"))!);
    expect(src.origin).toBe("https://open.weixin.qq.com");
    for (const key of ["appid", "scope", "redirect_uri", "state", "style"])
      expect(src.searchParams.get(key)).toBeTruthy();
    await expect(row.getByRole("link", { name: "打开微信扫码页面" })).toHaveAttribute(
      "href",
      /open\.weixin\.qq\.com\/connect\/qrconnect/,
    );

    // After the scan WeChat sends the browser to redirect_uri (the /account/wechat callback) with a code.
    const name = unique();
    await page.goto(`/account/wechat?code=wx-${name}&state=${encodeURIComponent(src.searchParams.get("state")!)}`);
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(toast(page, "微信绑定成功")).toBeVisible();
    await expect(page.getByTestId("wechat-value")).toHaveText(`已绑定（微信用户${name}）`);

    // Still within the 10 minutes of the proof: unbinding asks nothing more.
    await row.getByText("解绑", { exact: true }).click();
    await row.getByRole("button", { name: "确认解绑微信" }).click();
    await expect(toast(page, "已解绑微信")).toBeVisible();
    await expect(page.getByTestId("wechat-value")).toHaveText("未绑定");
  });

  test("绑定并更换手机号（验证码 + 当前密码）、解绑邮箱、最后一种登录方式不能解绑", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const { email, password } = await loggedInUser(request, context, baseURL);
    const phone = newPhone();
    await page.goto("/user/profile");
    await expect(page.getByTestId("phone-value")).toHaveText("未绑定");
    // Only e-mail so far: its unbind button is disabled, with a hint.
    const emailRow = page.locator('[data-bind="email"]');
    await expect(emailRow.getByRole("button", { name: "解绑" })).toBeDisabled();
    await expect(emailRow.getByText("这是你唯一的登录方式")).toBeVisible();

    const phoneRow = page.locator('[data-bind="phone"]');
    await phoneRow.getByText("绑定手机号").click();
    const form = phoneRow.getByRole("form", { name: "绑定手机号" });
    // A wrong phone number is refused with the phone rule's message.
    await form.getByLabel("手机号").fill("12345");
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(form.getByText("手机号格式不正确")).toBeVisible();

    await form.getByLabel("手机号").fill(phone);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await expect(form.getByText(/验证码已发送/)).toBeVisible();
    if (!isJavaScriptOn(testInfo.project.name)) await expect(form.getByLabel("手机号")).toHaveValue(phone);
    const code = await latestCode(phone);

    // Without a proof of identity the backend refuses: the message beside the password field, input kept.
    await form.getByLabel("验证码").fill(code);
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(form.getByText("请输入当前密码或验证码，确认是你本人操作")).toBeVisible();
    await expect(form.getByLabel("手机号")).toHaveValue(phone);
    await expect(form.getByLabel("验证码")).toHaveValue(code);

    // A wrong code: the backend's message, input kept.
    await form.getByLabel("当前密码").fill(password);
    await form.getByLabel("验证码").fill(code === "000000" ? "111111" : "000000");
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(form.getByRole("alert").filter({ hasText: /验证码/ })).toBeVisible();
    await expect(form.getByLabel("手机号")).toHaveValue(phone);

    await form.getByLabel("验证码").fill(code);
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(toast(page, "手机号已绑定")).toBeVisible();
    await expect(page.getByTestId("phone-value")).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

    // Change the phone: a code for the new number, purpose change.
    const nextPhone = newPhone();
    await phoneRow.getByText("更换手机号").click();
    const change = phoneRow.getByRole("form", { name: "更换手机号" });
    await change.getByLabel("新手机号").fill(nextPhone);
    await change.getByRole("button", { name: "获取验证码" }).click();
    await expect(change.getByText(/验证码已发送/)).toBeVisible();
    await change.getByLabel("验证码").fill(await latestCode(nextPhone));
    await change.getByRole("button", { name: "确认更换" }).click();
    await expect(toast(page, "手机号已更换")).toBeVisible();
    await expect(page.getByTestId("phone-value")).toHaveText(`${nextPhone.slice(0, 3)}****${nextPhone.slice(-4)}`);

    // Two ways in now: e-mail can go.
    await emailRow.getByText("解绑", { exact: true }).click();
    const unbind = emailRow.getByRole("form", { name: "解绑邮箱" });
    await unbind.getByLabel("当前密码").fill(password);
    await unbind.getByRole("button", { name: "确认解绑邮箱" }).click();
    await expect(toast(page, "已解绑邮箱")).toBeVisible();
    await expect(page.getByTestId("email-value")).toHaveText("未绑定");
    expect((await apiLogin(request, email, password)).code).not.toBe("200");

    // The phone is the last way in: disabled in the page, refused by the server when forced.
    await expect(phoneRow.getByRole("button", { name: "解绑" })).toBeDisabled();
    await expect(phoneRow.getByText("这是你唯一的登录方式")).toBeVisible();
    const forced = await page.request.post("/user/profile", {
      form: { intent: "unbind", type: "phone", currentPassword: password },
    });
    expect(forced.status()).toBe(200);
    expect(await forced.text()).toContain("至少需要保留一种登录方式，无法解绑");
    await page.reload();
    await expect(page.getByTestId("phone-value")).toHaveText(`${nextPhone.slice(0, 3)}****${nextPhone.slice(-4)}`);
  });

  test("修改密码：新密码可以登录，旧密码不行", async ({ page, context, request, baseURL }) => {
    const { email, password } = await loggedInUser(request, context, baseURL);
    await page.goto("/user/profile");
    const form = page.getByRole("form", { name: "修改密码" });
    const next = "new-password-2";

    await form.getByLabel("原密码").fill(password);
    await form.getByLabel("新密码", { exact: true }).fill(next);
    await form.getByLabel("确认新密码").fill("something-else");
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect(form.getByText("两次输入的密码不一致")).toBeVisible();

    // A common password is refused beside the field, and what was typed stays.
    await form.getByLabel("原密码").fill(password);
    await form.getByLabel("新密码", { exact: true }).fill("12345678");
    await form.getByLabel("确认新密码").fill("12345678");
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect(form.getByText("这个密码太常见，容易被猜中，请换一个")).toBeVisible();
    await expect(form.getByLabel("新密码", { exact: true })).toHaveValue("12345678");

    await form.getByLabel("原密码").fill("wrong-password");
    await form.getByLabel("新密码", { exact: true }).fill(next);
    await form.getByLabel("确认新密码").fill(next);
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect(form.getByText("原密码不正确")).toBeVisible();

    await form.getByLabel("原密码").fill(password);
    await form.getByLabel("新密码", { exact: true }).fill(next);
    await form.getByLabel("确认新密码").fill(next);
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect(toast(page, "密码已修改，其他设备已退出登录")).toBeVisible();
    // This session stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "个人资料" })).toBeVisible();

    expect((await apiLogin(request, email, next)).code).toBe("200");
    const old = await apiLogin(request, email, password);
    expect(old.code).not.toBe("200");
    expect(old.message).toBe("账号或密码错误");
  });

  test("登录设备：标出当前设备，退出另一台设备后那边需要重新登录", async ({
    browser,
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const { email, password } = await loggedInUser(request, context, baseURL);
    const other = await apiLogin(request, email, password);
    expect(other.code).toBe("200");
    const otherContext = await browser.newContext({
      baseURL,
      javaScriptEnabled: isJavaScriptOn(testInfo.project.name),
    });
    try {
      await signIn(otherContext, baseURL, (other.data as { token: string }).token);
      const otherPage = await otherContext.newPage();
      await otherPage.goto("/user/profile");
      await expect(otherPage.getByRole("heading", { level: 1, name: "个人资料" })).toBeVisible();

      await page.goto("/user/profile");
      const rows = page.getByTestId("session-row");
      await expect(rows).toHaveCount(2);
      const current = page.locator('[data-testid="session-row"][data-current="true"]');
      await expect(current).toHaveCount(1);
      await expect(current.getByText("当前设备")).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "最近活动" })).toBeVisible();

      await page
        .locator('[data-testid="session-row"]:not([data-current])')
        .getByRole("button", { name: "退出该设备" })
        .click();
      await expect(toast(page, "已退出该设备")).toBeVisible();
      await expect(page.getByTestId("session-row")).toHaveCount(1);

      // The other browser is signed out.
      await otherPage.goto("/user/profile");
      await expect(otherPage).not.toHaveURL(/\/user\/profile/);

      // Ending the current device signs this browser out and goes home.
      await page.getByTestId("session-row").getByRole("button", { name: "退出该设备" }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/user/profile");
      await expect(page).not.toHaveURL(/\/user\/profile/);
    } finally {
      await otherContext.close();
    }
  });

  test("确认身份一次，10 分钟内解绑无需再填密码", async ({ page, context, request, baseURL }) => {
    const { password } = await loggedInUser(request, context, baseURL);
    const phone = newPhone();
    await page.goto("/user/profile");
    const phoneRow = page.locator('[data-bind="phone"]');
    await phoneRow.getByText("绑定手机号").click();
    const form = phoneRow.getByRole("form", { name: "绑定手机号" });
    await form.getByLabel("手机号").fill(phone);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await expect(form.getByText(/验证码已发送/)).toBeVisible();
    await form.getByLabel("验证码").fill(await latestCode(phone));
    await form.getByLabel("当前密码").fill(password);
    await form.getByRole("button", { name: "确认绑定" }).click();
    await expect(toast(page, "手机号已绑定")).toBeVisible();

    const security = page.locator("#security");
    await security.getByLabel("当前密码").fill(password);
    await security.getByRole("button", { name: "确认身份" }).click();
    await expect(toast(page, /已确认是你本人操作/)).toBeVisible();

    await phoneRow.getByText("解绑", { exact: true }).click();
    await phoneRow.getByRole("button", { name: "确认解绑手机号" }).click();
    await expect(toast(page, "已解绑手机号")).toBeVisible();
    await expect(page.getByTestId("phone-value")).toHaveText("未绑定");
  });
});
