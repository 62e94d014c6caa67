import { test, expect, renderedFonts, fontsSettled, holdPageScripts, isJavaScriptOn, pageScriptsRan } from "./fixtures";
import type { Page } from "@playwright/test";

const results = (page: Page) => page.locator("[data-font-gno]");
const filterForm = (page: Page) => page.locator("form.font-filters__form");

async function resultIds(page: Page): Promise<string[]> {
  return results(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-font-gno") ?? ""));
}

/** The words a font's first preview shows, each character it lacks (boxed as 缺字, holding the character) read as itself. */
function previewedWords(page: Page, gno: string): Promise<string | null> {
  return page
    .locator(`[data-preview="${gno}"]`)
    .first()
    .evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const mark of copy.querySelectorAll("[data-missing]")) mark.replaceWith(mark.getAttribute("data-missing")!);
      copy.querySelector(".font-preview__missing-note")?.remove();
      return copy.textContent;
    });
}

test.describe("字体列表", () => {
  test("默认条形布局，可切换卡片和表格布局", async ({ page }) => {
    await page.goto("/font");
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "stick");
    const total = Number(await page.locator("[data-total]").getAttribute("data-total"));
    expect(total).toBeGreaterThanOrEqual(10);
    await expect.poll(() => results(page).count()).toBeGreaterThanOrEqual(10);

    for (const layout of ["card", "table", "stick"]) {
      await page.locator(`[data-layout-option="${layout}"]`).click();
      await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", layout);
      // stick is the default: its links leave the parameter out
      expect(new URL(page.url()).searchParams.get("layout") ?? "stick").toBe(layout);
      await expect.poll(() => results(page).count()).toBeGreaterThanOrEqual(10);
    }
  });

  test("分页：第二页是另一批字体，当前页有标记", async ({ page }) => {
    await page.goto("/font");
    const first = await resultIds(page);
    const pagination = page.getByRole("navigation", { name: /分页/ });
    await pagination.getByRole("link", { name: "第 2 页" }).click();
    await page.waitForURL(/page=2/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
    const second = await resultIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
  });

  test("每个预览都用该字体的子集渲染（无 JavaScript 也一样）", async ({ page }) => {
    await page.goto("/font?layout=card&text=短视频字体");
    await fontsSettled(page);
    const ids = await resultIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(10);
    for (const gno of ids) {
      expect(await previewedWords(page, gno)).toContain("短视频字体");
      const fonts = await renderedFonts(page, `[data-preview="${gno}"]`);
      const custom = fonts.filter((font) => font.isCustomFont);
      expect(custom.length, `字体 ${gno} 的预览没有用子集字体渲染：${JSON.stringify(fonts)}`).toBeGreaterThan(0);
    }
  });

  test("每次新的文字都预览在该字体的子集里：从模板拼出的页面也一样（无 JavaScript 也一样）", async ({ page }, info) => {
    // The same list, with words no one typed before: the first page is rendered, the next ones are
    // put together from the list's template (X-Page-Cache: new-words).
    const run = `${info.project.name === "js-on" ? "开" : "关"}${Date.now() % 100000}`;
    let answered: string | undefined;
    for (const words of ["春眠不觉晓", "处处闻啼鸟", `夜来风雨声 & "花落" ${run}`]) {
      const response = await page.goto(`/font?layout=card&sort=new&text=${encodeURIComponent(words)}`);
      answered = response?.headers()["x-page-cache"];
      await fontsSettled(page);
      await expect(page.locator('input[name="text"]')).toHaveValue(words);
      const ids = await resultIds(page);
      expect(ids.length).toBeGreaterThanOrEqual(10);
      for (const gno of ids.slice(0, 4)) {
        expect(await previewedWords(page, gno)).toContain(words.slice(0, 5));
        const fonts = await renderedFonts(page, `[data-preview="${gno}"]`);
        expect(
          fonts.some((font) => font.isCustomFont),
          `字体 ${gno}：${JSON.stringify(fonts)}`,
        ).toBe(true);
      }
    }
    expect(answered).toBe("new-words");
    if (isJavaScriptOn(info.project.name)) {
      // The page made from the template hydrates: the layout switch changes the list in place.
      await page.locator('[data-layout-option="stick"]').click();
      await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "stick");
      await expect(page.locator('input[name="text"]')).toHaveValue(/夜来风雨声/);
    }
  });

  test("风格分类和标签筛选", async ({ page }) => {
    await page.goto("/font");
    const total = await results(page).count();

    await page.locator('a[data-style="brush"]').first().click();
    await page.waitForURL(/style=brush/);
    await expect.poll(() => results(page).count()).toBeLessThan(total);
    expect(await results(page).count()).toBeGreaterThan(0);

    await page.goto("/font");
    const tag = page.locator("a[data-tag]").first();
    const tagId = await tag.getAttribute("data-tag");
    await tag.click();
    await page.waitForURL(new RegExp(`tag=${tagId}`));
    await expect.poll(() => results(page).count()).toBeLessThan(total);
    expect(await results(page).count()).toBeGreaterThan(0);
  });

  test("有 JS 时点筛选标签在原处换结果，页面不跳回顶部；无 JS 时整页打开", async ({ page }, info) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/font");
    if (isJavaScriptOn(info.project.name)) await page.waitForLoadState("networkidle");
    const tag = page.locator("a[data-tag]").last();
    const tagId = await tag.getAttribute("data-tag");
    await tag.evaluate((link) => window.scrollTo(0, window.scrollY + link.getBoundingClientRect().top - 100));
    const scrolled = await page.evaluate(() => Math.round(window.scrollY));
    expect(scrolled).toBeGreaterThan(100);
    await tag.click();
    await page.waitForURL(new RegExp(`tag=${tagId}`));
    await expect(page.locator(`a[data-tag="${tagId}"]`)).toHaveAttribute("aria-current", "true");
    const after = await page.evaluate(() => Math.round(window.scrollY));
    if (isJavaScriptOn(info.project.name)) expect(Math.abs(after - scrolled)).toBeLessThan(5);
    else expect(after).toBe(0);
  });

  test("关键词搜索（无 JavaScript 时是普通表单）", async ({ page }) => {
    await page.goto("/font");
    // The header's box searches the whole site (/search); the list's own form searches fonts.
    const box = filterForm(page).locator("input[name=keyword]");
    await box.fill("站酷");
    await box.press("Enter");
    await page.waitForURL(/keyword=/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("站酷");
    await expect
      .poll(async () => (await results(page).allInnerTexts()).every((name) => name.includes("站酷")))
      .toBe(true);
    expect(await results(page).count()).toBeGreaterThanOrEqual(3);
  });

  test("搜索联想（有 JavaScript 时）", async ({ page }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "联想需要 JavaScript");
    await page.goto("/font");
    const box = page.locator("header input[name=keyword][role=combobox]").first();
    await box.pressSequentially("思源", { delay: 50 });
    const option = page.getByRole("option").filter({ hasText: "思源" }).first();
    await expect(option).toBeVisible();
  });

  test("页面还没接上 JavaScript 时就输入的搜索词保留，接上后出现联想", async ({ page }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "联想需要 JavaScript");
    // The page's scripts wait until the visitor has typed: a slow network, a quick visitor.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/build/**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/font", { waitUntil: "domcontentloaded" });
    const box = page.locator("header input[name=keyword][role=combobox]").first();
    await box.pressSequentially("思源", { delay: 50 });
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    releaseScripts();
    await pageScriptsRan(page);
    await expect(page.getByRole("option").filter({ hasText: "思源" }).first()).toBeVisible();
    await expect(box).toHaveValue("思源");
    await expect(box).toBeFocused();
  });

  test("脚本还没到时输入的预览文字，脚本到了之后照样生效", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "没有 JavaScript 时靠提交表单");
    const release = await holdPageScripts(page);
    await page.goto("/font");
    await filterForm(page).locator("input[name=text]").fill("麤");
    await release();
    await expect(page).toHaveURL((url) => url.searchParams.get("text") === "麤");
    await expect(filterForm(page).locator("input[name=text]")).toHaveValue("麤");
  });

  test("只看能显示这段文字的字体", async ({ page }, info) => {
    await page.goto("/font");
    // More families than fit on a page: compare the totals, not the rows shown.
    const listTotal = async () => Number(await page.locator("[data-total]").getAttribute("data-total"));
    const all = await listTotal();
    const historyEntries = await page.evaluate(() => history.length);
    // 繁体字「麤」：只有部分字体收录
    await filterForm(page).locator("input[name=text]").fill("麤");
    if (isJavaScriptOn(info.project.name)) {
      // As on a font page: what is typed goes into the address, in place of the entry shown.
      await expect(page).toHaveURL((url) => url.searchParams.get("text") === "麤");
      expect(await page.evaluate(() => history.length)).toBe(historyEntries);
    }
    await filterForm(page).locator("input[name=fit]").check();
    await filterForm(page).locator("button[type=submit]").first().click();
    await page.waitForURL(/fit=1/);
    await expect.poll(listTotal).toBeLessThan(all);
    expect(await listTotal()).toBeGreaterThan(0);
    const fitting = await resultIds(page);
    expect(fitting.length).toBeGreaterThan(0);
    await fontsSettled(page);
    for (const gno of fitting) {
      const fonts = await renderedFonts(page, `[data-preview="${gno}"]`);
      expect(
        fonts.every((font) => font.isCustomFont),
        `${gno}: ${JSON.stringify(fonts)}`,
      ).toBe(true);
    }
  });

  test("改了筛选马上按预览：同一份列表只请求一次（有 JavaScript 时）", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时每次提交都是整页加载");
    await page.goto("/font");
    await page.waitForLoadState("networkidle");
    const asked: string[] = [];
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(/\/font\.data\?/, async (route) => {
      asked.push(route.request().url());
      await answered;
      // A request the page itself cancelled meanwhile cannot be continued.
      await route.continue().catch(() => {});
    });
    await filterForm(page).locator("input[name=fit]").check();
    await expect.poll(() => asked.length).toBe(1);
    await filterForm(page).locator("button[type=submit]").first().click();
    answer();
    await page.waitForURL(/fit=1/);
    await expect(filterForm(page).locator("input[name=fit]")).toBeChecked();
    expect(asked).toHaveLength(1);
  });

  test("手机上列表的十张卡片都随页面一起画出，首帧之后没有一张再排一遍", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // A card skipped by `content-visibility: auto` is drawn only once near the screen, and each one
    // holding forms is styled again on the load: drawn here means none of them is skipped.
    const drawn = (index: number) =>
      results(page)
        .nth(index)
        .evaluate((card) => card.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));

    await page.goto("/font");
    await expect.poll(() => results(page).count()).toBe(10);
    await fontsSettled(page);
    // The last card too, far below the screen, without scrolling to it.
    for (const index of [0, 4, 5, 9]) expect(await drawn(index)).toBe(true);
  });

  test("空结果有提示", async ({ page }) => {
    await page.goto("/font?keyword=不存在的字体名称xyz");
    await expect(page.locator("[data-total]")).toHaveAttribute("data-total", "0");
    await expect(page.locator('img[src*="empty"]')).toBeVisible();
  });

  test("未知的风格：说明已显示全部字体并配默认插图；风格插图跟随预览背景的浅色/深色", async ({ page }) => {
    await page.goto("/font");
    const all = await page.locator("[data-total]").getAttribute("data-total");
    const artwork = page.getByTestId("style-artwork");
    await expect(artwork).toHaveCount(0);

    const response = await page.goto("/font?style=unknown");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("alert")).toHaveText("没有找到这个风格分类，已显示全部字体。");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("字体库");
    await expect(page.locator("[data-total]")).toHaveAttribute("data-total", all!);
    await expect(artwork).toHaveAttribute("src", /\/images\/category\/default-[1-4]-light\.webp$/);
    await expect.poll(() => artwork.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    for (const theme of ["light", "dark"] as const) {
      await page.goto(`/font?style=cute${theme === "dark" ? "&theme=dark" : ""}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("可爱字体");
      await expect(artwork).toHaveAttribute("src", `/images/category/cute-${theme}.webp`);
      await expect.poll(() => artwork.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    }
  });

  test("不合法的查询参数不会报错", async ({ page }) => {
    const response = await page.goto("/font?layout=zzz&page=-3&sort=%27;drop&style=nope&tag=abc");
    expect(response?.status()).toBe(200);
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "stick");
  });
});
