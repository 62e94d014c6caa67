import { test, expect, isJavaScriptOn } from "./fixtures";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 5)]);
const TTF = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(4096, 3)]);

test.describe("投稿", () => {
  test("页脚的“投稿”打开投稿表单；填错时逐项说明并保留输入，改对后提交成功", async ({
    page,
    consoleGuard,
  }, testInfo) => {
    const javaScript = isJavaScriptOn(testInfo.project.name);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // A refused form answers 400, which the browser reports on its console.
    consoleGuard.allow(/status of 400/);
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "投稿" }).click();
    await page.waitForURL(/\/submit$/);
    await expect(page.getByRole("heading", { level: 1, name: "投稿" })).toBeVisible();

    const form = page.locator("form.submit-form");
    await form.getByLabel("说明").fill("我画的一套圆润手写体，SIL OFL 授权。");
    await form.getByLabel("联系方式").fill("12345");
    await form.getByLabel("作品（用了站内字体的短视频、海报）").check();
    await form
      .getByLabel("文件")
      .setInputFiles({ name: "样张.png", mimeType: "image/png", buffer: Buffer.from("这不是图片") });
    // With JavaScript the file is judged as soon as it is chosen, and the form is then not sent.
    if (javaScript) await expect(form.getByText(/「样张\.png」不是可以投稿的文件/)).toBeVisible();
    await form.getByRole("button", { name: "提交投稿" }).click();

    await expect(form.getByText("请填写投稿标题")).toBeVisible();
    await expect(form.getByText("请填写手机号或邮箱，方便编辑联系您")).toBeVisible();
    await expect(form.getByText(/「样张\.png」不是可以投稿的文件/)).toBeVisible();
    await expect(form.getByLabel("联系方式")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("说明")).toHaveValue("我画的一套圆润手写体，SIL OFL 授权。");
    await expect(form.getByLabel("联系方式")).toHaveValue("12345");
    await expect(form.getByLabel("作品（用了站内字体的短视频、海报）")).toBeChecked();
    expect(posts).toHaveLength(javaScript ? 0 : 1);

    // Over the size limit: said beside the files, the rest kept.
    await form.getByLabel("标题").fill("秋日手写体");
    await form.getByLabel("联系方式").fill("author@example.com");
    await form.getByLabel("文件").setInputFiles({
      name: "太大了.ttf",
      mimeType: "font/ttf",
      buffer: Buffer.concat([TTF, Buffer.alloc(20 * 1024 * 1024)]),
    });
    await form.getByRole("button", { name: "提交投稿" }).click();
    await expect(form.getByText(/「太大了\.ttf」太大：单个文件不能超过 20MB/)).toBeVisible();
    await expect(form.getByLabel("标题")).toHaveValue("秋日手写体");
    await expect(form.getByLabel("联系方式")).toHaveValue("author@example.com");

    await form.getByLabel("字体（你设计或拥有授权的字体）").check();
    await form.getByLabel("文件").setInputFiles([
      { name: "秋日手写体.ttf", mimeType: "font/ttf", buffer: TTF },
      { name: "样张.png", mimeType: "image/png", buffer: PNG },
    ]);
    await form.getByRole("button", { name: "提交投稿" }).click();
    await expect(page.getByRole("heading", { name: "投稿已收到，谢谢你！" })).toBeVisible();
    await expect(page.getByText(/投稿编号 \d+/)).toBeVisible();
  });

  test("按文件内容判断类型：改名为 .ttf 的程序文件被拒绝，输入保留", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto("/submit");
    const form = page.locator("form.submit-form");
    await form.getByLabel("标题").fill("改名的文件");
    await form.getByLabel("说明").fill("看看会不会被收下。");
    await form.getByLabel("联系方式").fill("13800138000");
    await form.getByLabel("文件").setInputFiles({
      name: "字体.ttf",
      mimeType: "font/ttf",
      buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(512, 0x90)]),
    });
    await form.getByRole("button", { name: "提交投稿" }).click();
    await expect(form.getByText(/「字体\.ttf」不是可以投稿的文件/)).toBeVisible();
    await expect(form.getByLabel("标题")).toHaveValue("改名的文件");
    await expect(form.getByLabel("联系方式")).toHaveValue("13800138000");
  });
});
