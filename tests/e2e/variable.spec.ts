import { test, expect, renderedFonts, fontsSettled, isJavaScriptOn } from "./fixtures";
import type { Page } from "@playwright/test";

/** Width of the preview's text as drawn. */
async function textWidth(page: Page, selector = ".variable-preview__text"): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not drawn`);
  return box.width;
}

async function previewVariation(page: Page, selector = "[data-testid=variable-preview]"): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).fontVariationSettings);
}

test.describe("可变字体", () => {
  test("/variable：介绍、精选字体用本站的可变子集渲染，导航里的“可变字体”指向这里", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await page.getByRole("navigation").getByRole("link", { name: "可变字体" }).first().click();
    await page.waitForURL(/\/variable$/);
    await expect(page.getByRole("heading", { level: 1, name: "可变字体" })).toBeVisible();
    const specimens = page.locator("section.variable-specimen");
    expect(await specimens.count()).toBeGreaterThanOrEqual(2);
    await expect(specimens.first().locator("input[type=range][data-axis=wght]")).toBeVisible();
    const faces = await page.locator("style[data-variable-faces]").textContent();
    expect(faces).toContain("unicode-range:");
    expect(faces).toMatch(/font-weight:100 900/);
    await fontsSettled(page);
    await expect
      .poll(async () =>
        (await renderedFonts(page, "[data-gno=v1] .variable-preview__text")).some((font) => font.isCustomFont),
      )
      .toBe(true);
  });

  test("拖动字宽滑块，预览里的字形随之变宽", async ({ page }, testInfo) => {
    await page.goto("/variable/v6?text=Flexible");
    await fontsSettled(page);
    await expect
      .poll(async () => (await renderedFonts(page, ".variable-preview__text")).some((font) => font.isCustomFont))
      .toBe(true);
    const narrow = page.locator("input[type=range][name=wdth]");
    await narrow.fill("25");
    if (!isJavaScriptOn(testInfo.project.name)) {
      await page.getByRole("button", { name: "应用" }).click();
      await page.waitForURL(/wdth=25/);
      await fontsSettled(page);
    }
    await expect.poll(() => previewVariation(page)).toContain('"wdth" 25');
    const narrowWidth = await textWidth(page);

    await page.locator("input[type=range][name=wdth]").fill("151");
    if (!isJavaScriptOn(testInfo.project.name)) {
      await page.getByRole("button", { name: "应用" }).click();
      await page.waitForURL(/wdth=151/);
      await fontsSettled(page);
      const style = await page.locator("[data-testid=variable-preview]").getAttribute("style");
      expect(style).toContain('"wdth" 151');
    }
    await expect.poll(() => previewVariation(page)).toContain('"wdth" 151');
    expect(await textWidth(page)).toBeGreaterThan(narrowWidth * 1.1);
  });

  test("中文可变字体：字重滑块改变字形，预设跳到命名实例，CSS 可复制", async ({ page }, testInfo) => {
    await page.goto("/variable/v1?text=周末去哪儿");
    await fontsSettled(page);
    const preview = page.locator("[data-testid=variable-preview]");
    await expect(preview).toContainText("周末去哪儿");
    const lightInk = await preview.screenshot();

    await page.getByRole("link", { name: "Black", exact: true }).click();
    if (!isJavaScriptOn(testInfo.project.name)) await page.waitForURL(/wght=900/);
    await expect(page.locator("input[type=range][name=wght]")).toHaveValue("900");
    await expect.poll(() => previewVariation(page)).toContain('"wght" 900');
    await fontsSettled(page);
    expect((await preview.screenshot()).equals(lightInk)).toBe(false);

    await page.getByText("复制 CSS（@font-face 与可变轴设置）").click();
    const css = await page.locator(".css-snippet pre").textContent();
    expect(css).toContain("@font-face");
    expect(css).toContain("font-weight: 100 900;");
    expect(css).toContain("font-weight: 900;");
    expect(css).toMatch(/unicode-range: U\+/);
    const fileUrl = /url\("([^"]+)"\)/.exec(css ?? "")?.[1];
    expect(fileUrl).toBeTruthy();
    const file = await page.request.get(fileUrl!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/^font\//);
  });

  test("动画开关扫动字重；系统要求减少动态效果时不播放", async ({ page }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "动画需要 JavaScript");
    await page.goto("/variable/v1");
    const weight = page.locator("input[type=range][name=wght]");
    const before = await weight.inputValue();
    await page.getByRole("button", { name: "动画" }).click();
    await expect.poll(() => weight.inputValue(), { timeout: 5000 }).not.toBe(before);
    await page.getByRole("button", { name: "动画" }).click();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.getByRole("button", { name: "动画" })).toBeDisabled();
    await expect(page.getByText("系统已设置减少动态效果")).toBeVisible();
  });

  test("/variable/list：分类与设计轴筛选，共同滑块作用于所有字体，链接到详情", async ({ page }, testInfo) => {
    await page.goto("/variable/list");
    await expect(page.getByRole("heading", { level: 1, name: "可变字体列表" })).toBeVisible();
    expect(await page.locator("li.variable-row").count()).toBeGreaterThanOrEqual(7);
    await expect(page.locator("[data-gno=v6] .variable-row__axes")).toContainText("wdth");

    await page.getByRole("navigation", { name: "筛选可变字体" }).getByRole("link", { name: "西文" }).click();
    await page.waitForURL(/category=latin/);
    await expect(page.locator("li.variable-row")).toHaveCount(3);
    await page.getByRole("navigation", { name: "筛选可变字体" }).getByRole("link", { name: /字宽/ }).click();
    await page.waitForURL(/axis=wdth/);
    await expect(page.locator("li.variable-row")).toHaveCount(1);
    await expect(page.locator("li.variable-row")).toHaveAttribute("data-gno", "v6");

    await page.goto("/variable/list?category=hei");
    await page.locator("input[name=text]").fill("标题");
    await page.locator("fieldset.variable-shared-axes input[type=range][name=wght]").fill("800");
    if (!isJavaScriptOn(testInfo.project.name)) {
      await page.getByRole("button", { name: "应用" }).click();
      await page.waitForURL(/wght=800/);
      expect(new URL(page.url()).searchParams.get("category")).toBe("hei");
    }
    const rows = page.locator("li.variable-row");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    for (const row of await rows.all()) {
      const gno = await row.getAttribute("data-gno");
      await expect(row.locator("[data-testid=variable-preview]")).toContainText("标题");
      await expect
        .poll(() => previewVariation(page, `li[data-gno="${gno}"] [data-testid=variable-preview]`))
        .toContain('"wght" 800');
    }
    await rows.first().getByRole("link", { name: "详情与编辑器 →" }).click();
    await page.waitForURL(/\/variable\/v\d+\?/);
    await expect(page.locator("input[type=range][name=wght]")).toHaveValue("800");
    await expect(page.locator("input[name=text]")).toHaveValue("标题");
  });

  test("每个页面都有 .html 地址", async ({ page }) => {
    for (const [path, heading] of [
      ["/variable.html", "可变字体"],
      ["/variable/list.html", "可变字体列表"],
      ["/variable/v2.html", "思源宋体 简体 可变"],
    ] as const) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("超出范围或写错的参数不会出错：回到默认值，空页说明原因", async ({ page }) => {
    expect((await page.goto("/variable/list?page=99&category=cursive&axis=wght%22"))?.status()).toBe(200);
    await expect(page.getByText("第 99 页没有字体。")).toBeVisible();
    expect((await page.goto("/variable/v1?px=100000&wght=-5&text=%3Cscript%3E"))?.status()).toBe(200);
    await expect(page.locator("input[type=range][name=wght]")).toHaveValue("100");
    await expect(page.locator("[data-testid=variable-preview]")).toContainText("<script>");
  });

  test("未知的可变字体编号是 404", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/404/);
    expect((await page.goto("/variable/v999"))?.status()).toBe(404);
    expect((await page.goto("/variable/abc"))?.status()).toBe(404);
  });
});
