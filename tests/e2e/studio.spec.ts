import type { Page } from "@playwright/test";
import sharp from "sharp";
import { test, expect, isJavaScriptOn, firstFonts } from "./fixtures";

/**
 * The title studio: a font, a title, a 9:16 frame with 抖音's covered areas, a warning when the title
 * enters one, and the 1080×1920 PNG and the outline SVG downloaded — with JavaScript and without.
 */

async function opaquePixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let offset = 3; offset < data.length; offset += info.channels) if (data[offset]! > 128) count++;
  return count;
}

async function setTitle(page: Page, title: string, jsOn: boolean) {
  await page.getByLabel("标题", { exact: true }).fill(title);
  if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();
}

test.describe("标题工坊", () => {
  test("选字体、写标题、看 9:16 预览与抖音安全区，下载 1080×1920 PNG 和轮廓 SVG", async ({ page, request }, info) => {
    const jsOn = isJavaScriptOn(info.project.name);
    const [gno] = await firstFonts(request, 1);
    await page.goto(`/font/${gno!}`);
    await page.getByTestId("font-studio-link").click();
    await expect(page).toHaveURL(new RegExp(`/studio\\?font=${gno!}`));
    await expect(page.getByRole("heading", { name: "标题工坊" })).toBeVisible();

    await setTitle(page, "周末去哪玩", jsOn);
    await page.getByLabel("抖音").check();
    if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();
    // The address carries every choice; with JavaScript it follows without a page load.
    await expect(page).toHaveURL(/title=%E5%91%A8%E6%9C%AB%E5%8E%BB%E5%93%AA%E7%8E%A9/);
    await expect(page).toHaveURL(/safe=douyin/);
    const preview = page.getByTestId("studio-preview");
    await expect(preview).toHaveAttribute("src", /\/studio\/preview\?.*title=/);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(540);
    await expect(page.getByTestId("studio-license")).toContainText("授权");

    // Moved down into 抖音's caption block: warned.
    await page.getByLabel("位置（标题中心距顶部的百分比）").fill("90");
    if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();
    await expect(page.getByTestId("studio-warnings")).toContainText("抖音");

    const [pngDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("studio-export-png").click(),
    ]);
    expect(pngDownload.suggestedFilename()).toMatch(/周末去哪玩-1080x1920\.png$/);
    const png = await sharp(await pngDownload.path()).toBuffer();
    const metadata = await sharp(png).metadata();
    expect([metadata.width, metadata.height, metadata.hasAlpha]).toEqual([1080, 1920, true]);
    expect(await opaquePixels(png)).toBeGreaterThan(5_000);

    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("studio-export-svg").click(),
    ]);
    const svg = await (await import("node:fs/promises")).readFile((await svgDownload.path())!, "utf8");
    expect(svg).toContain("<path");
    expect(svg).not.toMatch(/<text|font-family/);
  });

  test("有 JavaScript 时，每次输入都重画预览，地址随之替换，导出不经表单，都不重新载入页面", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "只在开启 JavaScript 时");
    await page.goto("/studio");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "still here"));
    const historyLength = await page.evaluate(() => history.length);
    const preview = page.getByTestId("studio-preview");
    const title = page.getByLabel("标题", { exact: true });
    // Each keystroke, not only the last, redraws the preview.
    const previews: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/studio/preview") previews.push(request.url());
    });
    await title.pressSequentially("开学第一天", { delay: 150 });
    await expect(preview).toHaveAttribute("src", /title=%E5%BC%80%E5%AD%A6%E7%AC%AC%E4%B8%80%E5%A4%A9/);
    expect(previews.length).toBeGreaterThanOrEqual(3);
    await expect(page).toHaveURL(/title=%E5%BC%80%E5%AD%A6%E7%AC%AC%E4%B8%80%E5%A4%A9/);
    await page.getByRole("radio", { name: "底条" }).check();
    await expect(preview).toHaveAttribute("src", /preset=bar/);
    await expect(page).toHaveURL(/preset=bar/);
    // The address was replaced, not pushed: back leaves the studio instead of stepping through keystrokes.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // The export links already carry the design: a download, no form sent, no page load.
    const exportPng = page.getByTestId("studio-export-png");
    await expect(exportPng).toHaveAttribute(
      "href",
      /\/studio\/export\?.*title=%E5%BC%80%E5%AD%A6.*preset=bar.*format=png/,
    );
    const [download] = await Promise.all([page.waitForEvent("download"), exportPng.click()]);
    expect(download.suggestedFilename()).toMatch(/开学第一天-1080x1920\.png$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
  });

  test("每个选择都写进地址，预览和导出就是这个地址的图片", async ({ page, request }, info) => {
    const jsOn = isJavaScriptOn(info.project.name);
    await page.goto("/studio");
    await page.getByLabel("标题", { exact: true }).fill("周末去哪玩");
    await page.getByLabel("第二行（可不填）").fill("三个好去处");
    await page.getByRole("radio", { name: "双描边" }).check();
    await page.getByRole("radio", { name: "16:9 横屏 1920×1080" }).check();
    await page.getByLabel(/^字号/).fill("96");
    await page.getByLabel("文字", { exact: true }).fill("#ff0000");
    await page.getByLabel("B站").check();
    if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();

    const chosen = {
      title: "周末去哪玩",
      sub: "三个好去处",
      preset: "double",
      frame: "16x9",
      size: "96",
      color: "#ff0000",
      safe: "bilibili",
    };
    const paramsOf = (url: string) => Object.fromEntries(new URL(url, page.url()).searchParams);
    await expect.poll(() => paramsOf(page.url())).toMatchObject(chosen);
    const preview = page.getByTestId("studio-preview");
    await expect.poll(async () => paramsOf((await preview.getAttribute("src"))!)).toMatchObject(chosen);
    const pngHref = (await page.getByTestId("studio-export-png").getAttribute("href"))!;
    expect(paramsOf(pngHref)).toMatchObject({ ...chosen, format: "png" });
    const png = await request.get(pngHref);
    expect(png.status()).toBe(200);
    const metadata = await sharp(await png.body()).metadata();
    expect([metadata.width, metadata.height]).toEqual([1920, 1080]);
  });

  test("从主导航进入标题工坊", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "标题工坊" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await expect(page.getByRole("heading", { name: "标题工坊" })).toBeVisible();
  });

  test("选字体：按名字搜索，只看能显示全部文字的字体", async ({ page }, info) => {
    const jsOn = isJavaScriptOn(info.project.name);
    await page.goto("/studio?title=%E9%BE%98%E5%AD%97");
    const select = page.getByLabel(/^选择字体/);
    const options = () => select.locator("option").allTextContents();
    const chosen = async () => (await select.locator("option:checked").textContent()) ?? "";
    const all = await options();
    expect(all.filter((name) => name.includes("（缺字）")).length).toBeGreaterThan(0);

    await page.getByLabel("只看能显示全部文字的字体").check();
    if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();
    await expect.poll(async () => (await options()).length).toBeLessThan(all.length);
    // Only the chosen font may still lack a character: it stays listed.
    const selected = await chosen();
    const fitting = (await options()).filter((name) => name !== selected);
    expect(fitting.length).toBeGreaterThan(0);
    expect(fitting.filter((name) => name.includes("（缺字）"))).toEqual([]);
    await expect(page.getByText(`选择字体（${(await options()).length} 款）`)).toBeVisible();

    await page.getByLabel("只看能显示全部文字的字体").uncheck();
    await page.getByLabel("搜索字体").fill("站酷");
    if (!jsOn) await page.getByRole("button", { name: "更新预览" }).click();
    await expect
      .poll(async () => {
        const current = await chosen();
        return (await options()).filter((name) => name !== current && !name.includes("站酷"));
      })
      .toEqual([]);
    expect((await options()).filter((name) => name.includes("站酷")).length).toBeGreaterThanOrEqual(2);
  });

  test("背景图片：裁剪到画幅后合成进 PNG，非图片文件被拒绝", async ({ page, consoleGuard }, info) => {
    consoleGuard.allow(/status of 400/);
    const jsOn = isJavaScriptOn(info.project.name);
    await page.goto("/studio?title=%E6%97%85%E8%A1%8C%E6%97%A5%E8%AE%B0");
    // With JS the picked file opens the cropper once the page has hydrated.
    if (jsOn) await page.waitForLoadState("networkidle");
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a6f97" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(/背景图片/).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    if (jsOn) await page.getByRole("dialog").getByRole("button", { name: "确定" }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      jsOn
        ? page.getByTestId("studio-export-png").click()
        : page.getByRole("button", { name: "导出带背景的 PNG" }).click(),
    ]);
    const png = await sharp(await download.path()).toBuffer();
    const { data, info: meta } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([meta.width, meta.height]).toEqual([1080, 1920]);
    // The corner is the picture's blue, fully opaque.
    const corner = [data[0]!, data[1]!, data[2]!];
    [0x2a, 0x6f, 0x97].forEach((channel, index) => expect(Math.abs(corner[index]! - channel)).toBeLessThanOrEqual(6));

    await page.goto("/studio");
    if (jsOn) await page.waitForLoadState("networkidle");
    await page
      .getByLabel(/背景图片/)
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("这不是图片") });
    if (jsOn) {
      // The cropper cannot read it: said beside the export, nothing sent.
      await expect(page.getByRole("alert").filter({ hasText: "无法读取这张图片" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } else {
      await page.getByRole("button", { name: "导出带背景的 PNG" }).click();
      await expect(page.getByText("背景图片无法读取")).toBeVisible();
    }
  });

  test("导出接口收到不是图片的背景：400 与中文说明", async ({ request }) => {
    const response = await request.post("/studio/export", {
      multipart: {
        title: "旅行日记",
        format: "png",
        background: { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("这不是图片") },
      },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("背景图片无法读取");
  });

  test("错误的设置：400 与中文说明，输入保留", async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    const response = await page.goto(`/studio?title=${"长".repeat(60)}&size=99999&preset=sparkle`);
    expect(response?.status()).toBe(400);
    const summary = page.getByRole("alert").first();
    await expect(summary).toContainText("标题最多 40 个字");
    await expect(summary).toContainText("字号必须是 24 到 400 之间的整数");
    await expect(summary).toContainText("未知的效果");
    await expect(page.getByLabel("标题", { exact: true })).toHaveValue("长".repeat(60));

    for (const query of ["font=99999", "size=5", "preset=sparkle", `title=${"长".repeat(2000)}`, "frame=1x1"]) {
      const image = await request.get(`/studio/preview?${query}`);
      expect(image.status(), query).toBeGreaterThanOrEqual(400);
      expect(image.status(), query).toBeLessThan(500);
    }
    const unknownFont = await request.get("/studio/export?font=99999&format=png");
    expect(unknownFont.status()).toBe(400);
    expect(await unknownFont.text()).toContain("字体 99999 不存在");
  });
});

test.describe("字幕检查", () => {
  const SRT = [
    "1",
    "00:00:01,000 --> 00:00:02,000",
    "大家好，欢迎来到频道",
    "",
    "2",
    "00:00:03,000 --> 00:00:04,000",
    "今天吃龘龘面",
    "",
  ].join("\n");

  test("上传字幕：列出能显示全部文字的字体、缺字及其字幕条号，并能在字体列表中筛选", async ({ page }) => {
    await page.goto("/subtitles");
    await page
      .getByLabel("字幕文件")
      .setInputFiles({ name: "vlog.srt", mimeType: "text/plain", buffer: Buffer.from(SRT) });
    await page.getByRole("button", { name: "开始检查" }).click();
    const report = page.getByTestId("subtitle-report");
    await expect(report).toContainText("vlog.srt：2 条字幕");
    // 龘 is in few of the catalogue's fonts: the fonts lacking it name cue 2.
    await expect(page.getByTestId("subtitle-lacking")).toContainText("“龘”见第 2 条");
    const covering = page.getByTestId("subtitle-covering").getByRole("link");
    await expect(covering.first()).toBeVisible();
    const count = await covering.count();
    await page.getByRole("link", { name: `在字体列表中只看这 ${count} 款` }).click();
    await expect(page).toHaveURL(/\/font\?fonts=[\d.]+&subtitle=vlog\.srt$/);
    await expect(page.getByTestId("subtitle-filter-active")).toContainText(
      `按字幕“vlog.srt”筛选：${count} 款字体能显示其中的每一个字`,
    );
    await expect(page.locator("[data-total]")).toHaveAttribute("data-total", String(count));
  });

  test("格式不对或不是字幕的文件：中文说明，不保存", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto("/subtitles");
    await page
      .getByLabel("字幕文件")
      .setInputFiles({ name: "notes.srt", mimeType: "text/plain", buffer: Buffer.from("这不是字幕\n没有时间轴") });
    await page.getByRole("button", { name: "开始检查" }).click();
    await expect(page.getByRole("alert")).toContainText("无法解析这个SRT字幕文件");
  });
});
