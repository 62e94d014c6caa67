import { test, expect, stylesheetRequests } from "./fixtures";

test.describe("站点规则", () => {
  test("未匹配的路由返回 404 页面", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This page could not be found")).toBeVisible();
    await expect(page.getByRole("link", { name: /首页|返回/ }).first()).toBeVisible();
  });

  test("未登录访问 /user 路径会被带着 redirect 送回首页", async ({ page }) => {
    await page.goto("/user/profile?tab=avatar");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/");
    expect(url.searchParams.get("redirect")).toBe("/user/profile?tab=avatar");
  });

  test("每个页面路由也能用 .html 后缀访问", async ({ page, request }) => {
    const list = await request.get("/web/api/font/getFontList?current=1&size=1");
    const id = (await list.json()).data.records[0].fontGNo as string;

    const detail = await page.goto(`/font/${id}.html`);
    expect(detail?.status()).toBe(200);
    await expect(page.locator("h1")).toBeVisible();
    const plain = await request.get(`/font/${id}`);
    const plainTitle = /<title>([^<]*)<\/title>/.exec(await plain.text())?.[1];
    await expect(page).toHaveTitle(plainTitle!);

    expect((await page.goto("/font.html"))?.status()).toBe(200);
    await expect(page.locator("[data-layout]")).toBeVisible();
    expect((await page.goto("/index.html"))?.status()).toBe(200);
  });

  test("健康检查", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("公开页面只请求一个样式表，字体列表、文章和视频卡片照样有样式", async ({ page, request }) => {
    const checks: Array<[string, string]> = [
      ["/", ".content-grid"],
      ["/font", "[data-layout]"],
      ["/news", ".content-grid"],
      ["/agreement/font", "h1"],
    ];
    for (const [path, styled] of checks) {
      await page.goto("about:blank");
      const asked = stylesheetRequests(page);
      await page.goto(path);
      await expect(page.locator(styled).first()).toBeVisible();
      expect(asked, path).toHaveLength(1);
    }
    await page.goto("/");
    await expect(page.locator(".content-grid").first()).toHaveCSS("display", "grid");
    // A font with videos: its page shows their poster cards.
    const videos = (await (await request.get("/web/api/web-video/selectPage?size=1")).json()).data.records;
    await page.goto(`/font/${videos[0].fontGNos[0] as string}`);
    await expect(page.locator(".video-list")).toHaveCSS("display", "grid");
  });
});
