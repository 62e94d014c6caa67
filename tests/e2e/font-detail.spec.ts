import {
  test,
  expect,
  renderedFonts,
  fontsSettled,
  holdPageScripts,
  isJavaScriptOn,
  requestPaths,
  scrollToPageEnd,
  undrawnImages,
} from "./fixtures";
import type { APIRequestContext } from "@playwright/test";

type ListedFont = { fontGNo: string; videoUrl: string | null; childFontResource: unknown[] };

/** A family with several weights and, when asked, none of the site's videos showing it. */
async function fontWithWeights(
  request: APIRequestContext,
  { withoutVideo = false } = {},
): Promise<{ id: string; weights: number }> {
  const response = await request.get("/web/api/font/getFontList?current=1&size=50");
  const records = (await response.json()).data.records as ListedFont[];
  for (const font of records.filter((record) => record.childFontResource.length > 1)) {
    if (withoutVideo && (font.videoUrl || (await videoCount(request, font.fontGNo)) > 0)) continue;
    return { id: font.fontGNo, weights: font.childFontResource.length };
  }
  throw new Error("目录里没有符合条件的多字重字体");
}

async function videoCount(request: APIRequestContext, fontGNo: string): Promise<number> {
  const response = await request.get(`/web/api/web-video/selectPage?fontGNo=${fontGNo}`);
  return (await response.json()).data.total as number;
}

test.describe("字体详情", () => {
  test("各部分齐全：编辑器、家族、信息、授权、预览；没有视频时不显示视频", async ({ page, request }) => {
    const { id, weights } = await fontWithWeights(request, { withoutVideo: true });
    const response = await page.goto(`/font/${id}`);
    expect(response?.status()).toBe(200);
    for (const section of ["editor", "family", "info", "license", "preview"]) {
      await expect(page.locator(`section#${section}`)).toBeVisible();
    }
    await expect(page.locator("section#video")).toHaveCount(0);
    await expect(page.locator("section#family [data-preview]")).toHaveCount(weights);
    await expect(page.locator("section#license")).toContainText("Open Font License");
    await expect(page.locator("section#info")).toContainText("GB2312");
  });

  test("手机上滚到页尾：视频封面都已画出，家族的每个字重都用自己的字体显示", async ({ page, request }) => {
    const response = await request.get("/web/api/font/getFontList?current=1&size=50");
    const records = (await response.json()).data.records as ListedFont[];
    let id: string | undefined;
    for (const font of records.filter((record) => record.childFontResource.length > 1))
      if ((await videoCount(request, font.fontGNo)) > 0) {
        id = font.fontGNo;
        break;
      }
    if (!id) throw new Error("目录里没有带视频的多字重字体");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/font/${id}`);
    await scrollToPageEnd(page);
    await expect(page.locator("section#video img").first()).toBeAttached();
    await expect.poll(() => undrawnImages(page)).toEqual([]);
    const weights = await page.locator("section#family .family-list__item").count();
    expect(weights).toBeGreaterThan(1);
    for (let weight = 1; weight <= weights; weight++) {
      const fonts = await renderedFonts(page, `section#family .family-list__item:nth-child(${weight}) [data-preview]`);
      expect(
        fonts.some((font) => font.isCustomFont && font.glyphCount > 0),
        `第 ${weight} 个字重`,
      ).toBe(true);
    }
  });

  test("脚本还没到时改的字号和背景，脚本到了之后照样生效", async ({ page, request }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "没有 JavaScript 时靠提交表单");
    const { id } = await fontWithWeights(request);
    const release = await holdPageScripts(page);
    await page.goto(`/font/${id}`);
    const tester = page.locator("form.type-tester");
    await tester.locator("input[name=size]").fill("96");
    await tester.locator('input[name=theme][value="dark"]').check();
    await release();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("size") === "96" && url.searchParams.get("theme") === "dark",
    );
    await expect(tester.locator('input[name=theme][value="dark"]')).toBeChecked();
    await expect(tester.locator("input[name=size]")).toHaveValue("96");
  });

  test("试字：自己的文字、字号、深浅背景都写进地址，打开这个地址是同样的预览", async ({ page, request }, testInfo) => {
    const { id } = await fontWithWeights(request);
    await page.goto(`/font/${id}`);
    const tester = page.locator("form.type-tester");
    const text = "今天也要元气满满";
    const javaScript = isJavaScriptOn(testInfo.project.name);
    // The page's own data asked again (not the tester's new faces, `_faces=1`).
    const pageReloads = requestPaths(page, (request) => {
      const url = new URL(request.url());
      return url.pathname.endsWith(".data") && !url.searchParams.has("_faces");
    });
    const historyEntries = await page.evaluate(() => history.length);
    await tester.locator("textarea[name=text]").pressSequentially(text);
    await tester.locator("input[name=size]").fill("96");
    await tester.locator('input[name=theme][value="dark"]').check();
    if (javaScript) {
      // 有 JavaScript 时边输入边预览，不必提交；地址随之更新，不加历史记录、不重新加载页面数据
      await expect(page.locator("section#editor [data-preview]").first()).toContainText(text);
      await expect(page).toHaveURL((url) => url.searchParams.get("theme") === "dark");
    } else {
      await tester.locator("button[type=submit]").click();
      await page.waitForURL(/text=/);
    }
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/font/${id}`);
    expect(url.searchParams.get("text")).toBe(text);
    expect(url.searchParams.get("size")).toBe("96");
    expect(url.searchParams.get("theme")).toBe("dark");
    if (javaScript) {
      expect(await page.evaluate(() => history.length)).toBe(historyEntries);
      expect(pageReloads).toEqual([]);
    }

    // The address shared: another tab opening it shows the same preview.
    const shared = await page.context().newPage();
    await shared.goto(url.href);
    for (const shown of [page, shared]) {
      await expect(shown.locator("form.type-tester textarea[name=text]")).toHaveValue(text);
      const preview = shown.locator("section#editor [data-preview]").first();
      await expect(preview).toContainText(text);
      await expect(preview).toHaveCSS("font-size", "96px");
      await expect(shown.locator("section#editor [data-theme=dark]").first()).toBeVisible();
    }
    await shared.close();
    await fontsSettled(page);
    await expect
      .poll(async () => (await renderedFonts(page, "section#editor [data-preview]")).some((font) => font.isCustomFont))
      .toBe(true);
  });

  test("下载对话框列出文件，每个都能下载", async ({ page, request }) => {
    const { id, weights } = await fontWithWeights(request);
    await page.goto(`/font/${id}`);
    await page
      .getByRole("link", { name: "下载字体" })
      .or(page.getByRole("button", { name: "下载字体" }))
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The TTF of each weight (each also has a WOFF2, `?format=woff2`).
    const links = dialog.locator("a[href$='/download']");
    await expect(links).toHaveCount(weights);

    const href = await links.first().getAttribute("href");
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("font/ttf");
    const body = await file.body();
    expect(body.length).toBe(Number(file.headers()["content-length"]));
    expect(body.subarray(0, 4).toString("hex")).toBe("00010000");

    const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.ttf$/);
  });

  test("不存在的字体返回 404", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    for (const id of ["99999999", "abc"]) {
      const response = await page.goto(`/font/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("This page could not be found")).toBeVisible();
    }
  });
});
