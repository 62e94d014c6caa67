import type { Request } from "@playwright/test";
import {
  test,
  expect,
  renderedFonts,
  fontsSettled,
  isJavaScriptOn,
  requestPaths,
  scrollToPageEnd,
  undrawnImages,
} from "./fixtures";

const isCategoryArtwork = (request: Request) => new URL(request.url()).pathname.startsWith("/images/category/");

test.describe("首页", () => {
  test("展示分类、推荐字体和新字体，预览用字体本身渲染", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/短视频字体/);

    const categories = page.locator('a[href*="/font?style="]');
    expect(await categories.count()).toBeGreaterThanOrEqual(30);
    await expect(categories.first().locator("img")).toHaveAttribute("src", /\/images\/category\//);

    const previews = page.locator("[data-font-gno] [data-preview]");
    expect(await previews.count()).toBeGreaterThanOrEqual(4);

    await fontsSettled(page);
    const gno = await page.locator("[data-font-gno]").first().getAttribute("data-font-gno");
    const fonts = await renderedFonts(page, `[data-font-gno="${gno}"] [data-preview]`);
    expect(fonts.some((font) => font.isCustomFont && font.glyphCount > 0)).toBe(true);
  });

  for (const scheme of ["light", "dark"] as const) {
    test.describe(() => {
      // A browser set to the scheme from its start, as a visitor's is.
      test.use({ colorScheme: scheme });

      test(`分类卡片的插图跟随配色（${scheme}），每张一个 WebP 文件，画的是自己的分类`, async ({ page }) => {
        const fetched = requestPaths(page, isCategoryArtwork);
        await page.goto("/");
        const images = page.locator(".category-grid img");
        const count = await images.count();
        expect(count).toBeGreaterThanOrEqual(30);
        await images.last().scrollIntoViewIfNeeded();
        await expect
          .poll(() =>
            images.evaluateAll((list) => list.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
          )
          .toBe(count);
        const shown = await images.evaluateAll((list) =>
          list.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname),
        );
        const codes = await page
          .locator(".category-grid .category-card")
          .evaluateAll((list) =>
            list.map((card) => new URL((card as HTMLAnchorElement).href).searchParams.get("style")),
          );
        expect(shown).toEqual(codes.map((code) => `/images/category/${code}-${scheme}.webp`));
        expect([...new Set(fetched)].sort()).toEqual([...shown].sort());
        const [first, second] = [await images.nth(0).screenshot(), await images.nth(1).screenshot()];
        expect(first.equals(second)).toBe(false);
      });
    });
  }

  test("手机上分类先显示两行（有 JS 时只取这两行的插图）；展开后显示其余卡片", async ({ page }, info) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const artwork = requestPaths(page, isCategoryArtwork);
    await page.goto("/");
    const cards = page.locator(".category-grid .category-card");
    const total = await cards.count();
    expect(total).toBeGreaterThan(8);
    // Cards on screen whose artwork has loaded: a folded card is not rendered, so not drawn either.
    const drawnCards = () =>
      cards.evaluateAll(
        (list) =>
          list.filter(
            (card) => card.checkVisibility() && (card.querySelector("img") as HTMLImageElement).naturalWidth > 0,
          ).length,
      );
    const shownCards = () => cards.evaluateAll((list) => list.filter((card) => card.checkVisibility()).length);

    const toggle = page.getByText(`展开全部 ${total} 种风格`);
    await toggle.scrollIntoViewIfNeeded();
    await expect.poll(drawnCards).toBe(8);
    expect(await shownCards()).toBe(8);
    await expect(page.locator(".category-grid__item--folded")).toHaveCount(total - 8);
    // Browsers load lazy images only with scripting on; without it every image is fetched at once.
    const firstCards = await cards
      .evaluateAll((list) =>
        list.slice(0, 8).map((card) => new URL((card as HTMLAnchorElement).href).searchParams.get("style")),
      )
      .then((codes) => codes.map((code) => `/images/category/${code}-light.webp`).sort());
    if (isJavaScriptOn(info.project.name)) expect([...artwork].sort()).toEqual(firstCards);

    await toggle.click();
    expect(await shownCards()).toBe(total);
    await expect(page.getByText("收起", { exact: true })).toBeVisible();
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(drawnCards).toBe(total);
    expect(new Set(artwork).size).toBe(total);

    await page.getByText("收起", { exact: true }).click();
    expect(await shownCards()).toBe(8);
    await expect(page.getByText(`展开全部 ${total} 种风格`)).toBeVisible();
  });

  test("首页的字体卡片、风格卡片、推荐和资讯链接都能打开；有 JS 时在站内跳转，不重新加载整页", async ({
    page,
  }, info) => {
    const links = [
      { selector: ".font-card__name a", page: /\/font\/\d+$/, heading: "h1" },
      { selector: ".font-stick .btn--ghost", page: /\/font\/\d+$/, heading: "h1" },
      { selector: ".category-card", page: /\/font\?style=/, heading: ".font-list" },
      { selector: ".banner-card[href^='/font']", page: /\/font\?style=/, heading: ".font-list" },
      { selector: ".section-head__more", page: /\/font$/, heading: ".font-list" },
      { selector: ".content-home__news a", page: /\/news\/\d+$/, heading: "h1" },
      { selector: ".site-footer a[href='/contact']", page: /\/contact$/, heading: "h1" },
    ];
    let documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    for (const link of links) {
      await page.goto("/");
      if (isJavaScriptOn(info.project.name)) await page.waitForLoadState("networkidle");
      documents = [];
      await page.locator(link.selector).first().click();
      await expect(page).toHaveURL(link.page);
      await expect(page.locator(link.heading).first()).toBeVisible();
      expect(documents.length, link.selector).toBe(isJavaScriptOn(info.project.name) ? 0 : 1);
    }
  });

  test("从别的页面回到首页，推荐、风格、横幅和资讯都在，链接照常打开", async ({ page }, info) => {
    await page.goto("/font");
    if (isJavaScriptOn(info.project.name)) await page.waitForLoadState("networkidle");
    let documents = 0;
    page.on("request", (request) => void (request.resourceType() === "document" && documents++));
    await page.locator("a.brand").first().click();
    await expect(page).toHaveURL(/\/$/);
    for (const section of [".font-card__name a", ".category-card", ".banner-card__image", ".content-home__news a"]) {
      await expect(page.locator(section).first(), section).toBeAttached();
    }
    // With JavaScript the browser renders the home page itself: no document is loaded.
    expect(documents).toBe(isJavaScriptOn(info.project.name) ? 0 : 1);
    await page.locator(".content-home__news a").first().click();
    await expect(page).toHaveURL(/\/news\/\d+$/);
    await expect(page.locator("h1").first()).toBeVisible();
  });

  test("专题横幅的插图是从站内 SVG 画成的 WebP，整张画出", async ({ page }) => {
    await page.goto("/");
    const images = page.locator(".banner-card__image");
    expect(await images.count()).toBeGreaterThanOrEqual(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute("src", /^\/images\/banner\/[a-z-]+\.webp$/);
      await expect
        .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
        .toBe(1200);
    }
  });

  test("宽屏上分类全部显示，没有展开按钮", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator(".category-grid .category-card");
    const total = await cards.count();
    expect(await cards.evaluateAll((list) => list.filter((card) => card.checkVisibility()).length)).toBe(total);
    await expect(page.getByText(`展开全部 ${total} 种风格`)).toBeHidden();
  });

  test("首页的试字表单带着文字去字体列表", async ({ page }) => {
    await page.goto("/");
    const form = page
      .locator('form[action="/font"]')
      .filter({ has: page.locator('[name="text"]') })
      .first();
    await form.locator('[name="text"]').fill("点赞关注");
    await form.locator('[name="text"]').press("Enter");
    await page.waitForURL(/\/font\?/);
    expect(new URL(page.url()).searchParams.get("text")).toBe("点赞关注");
    await expect(page.locator("[data-preview]").first()).toContainText("点赞关注");
  });

  test("手机上一路往下滚动，经过的图片都已画出（分类折起的除外）", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await scrollToPageEnd(page);
    await expect.poll(() => undrawnImages(page, ".category-grid__item--folded")).toEqual([]);
  });

  test("页脚有社交图片、服务二维码和友情链接", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["wechat", "video", "weibo", "douyin", "kuaishou", "bilibili"]) {
      await expect(footer.locator(`img[src*="/images/social/${name}"]`)).toHaveCount(1);
    }
    await expect(footer.locator('img[src*="qr-service"]')).toHaveCount(1);
    expect(await footer.locator('a[href^="http"]').count()).toBeGreaterThan(0);
  });
});
