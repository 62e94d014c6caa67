import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { seededDigits } from "../../backend/captcha/test-answers";
import { test, expect, latestCode } from "./fixtures";

/**
 * The captcha in front of every code sent to a phone or e-mail, on a server of its own with the
 * captcha on (projects captcha-js-on and captcha-js-off). With JavaScript the visitor drags the
 * slider piece into the gap; the test finds the gap in the picture's pixels as an eye would. Without
 * it the visitor types the digits of a picture; a test cannot read the picture, so the server runs
 * with CAPTCHA_TEST_SEED and the digits are HMAC(seed, the token in the page) (see
 * backend/captcha/test-answers.ts). This server has no SMTP: e-mail codes go to the local outbox
 * (/outbox), where a newcomer on the machine finds theirs (decision 022).
 */

const seed = process.env.E2E_CAPTCHA_SEED ?? "";
const newPhone = () => `13${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
const main = (page: Page) => page.locator("main");

type Rgba = { data: Buffer; width: number; height: number };

async function pixelsOf(dataUri: string): Promise<Rgba> {
  const png = Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ""), "base64");
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Where the piece fits: the piece is cut from the clean picture, and the gap is that same patch
 * darkened to half. The column where the background matches half the piece's colours best wins.
 */
function gapColumn(background: Rgba, piece: Rgba): number {
  const opaque = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < piece.width && y < piece.height && piece.data[(y * piece.width + x) * 4 + 3] === 255;
  // The piece's inside, away from its white outline.
  const inside: Array<[number, number]> = [];
  for (let y = 0; y < piece.height; y++) {
    for (let x = 0; x < piece.width; x++) {
      if ([-3, 0, 3].every((dx) => [-3, 0, 3].every((dy) => opaque(x + dx, y + dy)))) inside.push([x, y]);
    }
  }
  expect(inside.length, "the piece has an inside").toBeGreaterThan(200);
  let best = { column: -1, cost: Number.POSITIVE_INFINITY };
  for (let column = 0; column + piece.width <= background.width; column++) {
    let cost = 0;
    for (const [x, y] of inside) {
      const b = (y * background.width + column + x) * 4;
      const p = (y * piece.width + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        cost += Math.abs(background.data[b + channel]! - piece.data[p + channel]! / 2);
      }
    }
    if (cost < best.cost) best = { column, cost };
  }
  return best.column;
}

async function dragSlider(page: Page, slider: Locator, distance: number) {
  const box = (await slider.locator('[role="slider"]').boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + distance / 2, y, { steps: 4 });
  await page.mouse.move(startX + distance, y, { steps: 4 });
  await page.mouse.up();
}

/** Drags the piece of the picture shown into its gap, found in the pictures' pixels. */
async function solveSlider(page: Page, slider: Locator) {
  await expect(slider.locator('[role="slider"]')).toHaveAttribute("aria-busy", "false");
  // Both pictures of one challenge, read at once.
  const sources = await slider.evaluate((group) =>
    [...group.querySelectorAll(".captcha-slider__stage img")].map((image) => image.getAttribute("src") ?? ""),
  );
  const background = await pixelsOf(sources[0]!);
  const piece = await pixelsOf(sources[1]!);
  const gap = gapColumn(background, piece);
  expect(gap).toBeGreaterThanOrEqual(80);
  await dragSlider(page, slider, gap);
  await expect(slider).toBeHidden();
}

async function fillRegistration(page: Page, phone: string, nickname: string) {
  await main(page).getByLabel("手机号", { exact: true }).fill(phone);
  await main(page).getByLabel("密码", { exact: true }).fill("Captcha-pass-1");
  await main(page).getByLabel("确认密码").fill("Captcha-pass-1");
  await main(page).getByLabel("昵称（选填）").fill(nickname);
  await main(page)
    .getByLabel(/我已阅读并同意/)
    .check();
}

async function finishRegistration(page: Page, phone: string, baseURL: string | undefined) {
  await expect(main(page).getByText(`验证码已发送至 ${phone}`)).toBeVisible();
  await main(page)
    .getByLabel("验证码", { exact: true })
    .fill(await latestCode(phone, baseURL));
  await main(page).getByLabel("密码", { exact: true }).fill("Captcha-pass-1");
  await main(page).getByLabel("确认密码").fill("Captcha-pass-1");
  const agree = main(page).getByLabel(/我已阅读并同意/);
  if (!(await agree.isChecked())) await agree.check();
  await main(page).getByRole("button", { name: "注册并登录" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("注册成功，已为你登录")).toBeVisible();
  await expect(page.locator(".site-header__account .account-menu__summary")).toBeVisible();
}

test.describe("验证码开启时，发送短信或邮件验证码前先通过安全验证", () => {
  test("有 JS：拖动滑块拼图，位置不对会提示并换图，对准缺口后发送验证码并注册", async ({ page, baseURL }, info) => {
    test.skip(!info.project.use.javaScriptEnabled, "滑块需要 JavaScript；无 JS 时用数字图片");
    const phone = newPhone();
    await page.goto("/account/register?by=phone");
    await fillRegistration(page, phone, "滑块用户");
    await main(page).getByRole("button", { name: "获取验证码" }).click();

    const slider = main(page).getByRole("group", { name: "安全验证：拖动滑块使拼图与缺口对齐" });
    await expect(slider).toBeVisible();
    const picture = slider.locator(".captcha-slider__stage img").first();
    await expect(picture).toHaveAttribute("src", /^data:image\/png;base64,/);

    // Nowhere near the gap (it is never in the first 80 px): refused, and a new picture comes.
    const firstPicture = (await picture.getAttribute("src"))!;
    await dragSlider(page, slider, 10);
    await expect(slider.getByRole("alert")).toHaveText("验证失败，请重新验证");
    await expect(picture).not.toHaveAttribute("src", firstPicture);
    await expect(picture).toHaveAttribute("src", /^data:image\/png;base64,/);

    await solveSlider(page, slider);
    // What the visitor typed is still there.
    await expect(main(page).getByLabel("手机号", { exact: true })).toHaveValue(phone);
    await expect(main(page).getByLabel("昵称（选填）")).toHaveValue("滑块用户");
    await finishRegistration(page, phone, baseURL);
  });

  test("无 JS：输入图中数字，错了提示并换图且保留已填内容，对了发送验证码并注册", async ({ page, baseURL }, info) => {
    test.skip(Boolean(info.project.use.javaScriptEnabled), "数字图片用于没有 JavaScript 的页面");
    expect(seed, "E2E_CAPTCHA_SEED comes from playwright.config.ts").not.toBe("");
    const phone = newPhone();
    await page.goto("/account/register?by=phone");
    await fillRegistration(page, phone, "数字用户");
    await main(page).getByRole("button", { name: "获取验证码" }).click();

    const challenge = main(page).locator(".captcha-digits");
    await expect(challenge.getByText("请先完成安全验证")).toBeVisible();
    await expect(challenge.getByRole("img", { name: "安全验证图片：4 位数字" })).toHaveAttribute(
      "src",
      /^data:image\/png;base64,/,
    );
    const token = challenge.locator('input[name="captchaToken"]');
    const firstToken = (await token.getAttribute("value"))!;
    const right = seededDigits(seed, firstToken, 4);
    const wrong = String((Number(right) + 1) % 10_000).padStart(4, "0");

    await challenge.getByLabel("图中的数字").fill(wrong);
    await challenge.getByRole("button", { name: "提交并发送验证码" }).click();
    await expect(challenge.getByText("图中数字输入有误，请看新的图片重新输入")).toBeVisible();
    // A picture answers once: a new one, and the form keeps what was typed (passwords excepted).
    await expect(token).not.toHaveAttribute("value", firstToken);
    await expect(main(page).getByLabel("手机号", { exact: true })).toHaveValue(phone);
    await expect(main(page).getByLabel("昵称（选填）")).toHaveValue("数字用户");
    await expect(main(page).getByLabel(/我已阅读并同意/)).toBeChecked();
    await expect(main(page).getByLabel("密码", { exact: true })).toHaveValue("");
    await expect(main(page).getByText(/验证码已发送至/)).toHaveCount(0);

    // Full-width digits and spaces are read as the digits.
    const answer = seededDigits(seed, (await token.getAttribute("value"))!, 4);
    const typed = [...answer].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join(" ");
    await challenge.getByLabel("图中的数字").fill(typed);
    await challenge.getByRole("button", { name: "提交并发送验证码" }).click();
    await expect(main(page).locator(".captcha-digits")).toHaveCount(0);
    await expect(main(page).getByLabel("昵称（选填）")).toHaveValue("数字用户");
    await finishRegistration(page, phone, baseURL);
  });
});

test.describe("未配置邮件服务（这台服务器没有 SMTP_URL）", () => {
  test("本机的新用户通过安全验证后，在本机收件箱找到验证码并注册", async ({ page }, info) => {
    const javaScript = Boolean(info.project.use.javaScriptEnabled);
    const email = `outbox${Date.now()}${javaScript ? "js" : "nojs"}@example.com`;
    await page.goto("/account/register?by=email");
    await main(page).getByLabel("邮箱", { exact: true }).fill(email);
    await main(page).getByRole("button", { name: "获取验证码" }).click();
    if (javaScript) {
      await solveSlider(page, main(page).getByRole("group", { name: "安全验证：拖动滑块使拼图与缺口对齐" }));
    } else {
      const challenge = main(page).locator(".captcha-digits");
      const token = (await challenge.locator('input[name="captchaToken"]').getAttribute("value"))!;
      await challenge.getByLabel("图中的数字").fill(seededDigits(seed, token, 4));
      await challenge.getByRole("button", { name: "提交并发送验证码" }).click();
    }
    await expect(main(page).getByText(`发给 ${email} 的验证码已放入本机收件箱`)).toBeVisible();

    // The link opens the outbox in a tab of its own; the form stays as it was.
    const [outbox] = await Promise.all([
      page.context().waitForEvent("page"),
      main(page).getByRole("link", { name: "打开收件箱" }).click(),
    ]);
    await expect(outbox.getByRole("heading", { name: "本机收件箱" })).toBeVisible();
    const entry = outbox.getByTestId("outbox-entry").filter({ hasText: email });
    await expect(entry).toContainText("注册账号");
    const code = (await entry.locator(".outbox-page__code").textContent()) ?? "";
    expect(code).toMatch(/^\d{6}$/);
    await outbox.close();

    await main(page).getByLabel("验证码", { exact: true }).fill(code);
    await main(page).getByLabel("密码", { exact: true }).fill("Outbox-pass-1");
    await main(page).getByLabel("确认密码").fill("Outbox-pass-1");
    const agree = main(page).getByLabel(/我已阅读并同意/);
    if (!(await agree.isChecked())) await agree.check();
    await main(page).getByRole("button", { name: "注册并登录" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("注册成功，已为你登录")).toBeVisible();
  });
});
