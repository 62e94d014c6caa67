import { test, expect, isJavaScriptOn } from "./fixtures";

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

  test("页面先绘制再加载脚本；不启用 JavaScript 时不下载脚本", async ({ page }, testInfo) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/build/") && request.resourceType() === "script") {
        scripts.push(request.url());
      }
    });
    for (const path of ["/", "/font"]) {
      scripts.length = 0;
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      if (!isJavaScriptOn(testInfo.project.name)) {
        await page.waitForLoadState("networkidle");
        expect(scripts, path).toEqual([]);
        continue;
      }
      // Hydrated: React Router's state is initialised by the entry script.
      await page.waitForFunction(
        () => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
      );
      const order = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const starts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
          .map((entry) => entry.startTime);
        return { paint, firstScript: Math.min(...starts), scripts: starts.length };
      });
      expect(order.scripts, path).toBeGreaterThan(5);
      expect(order.firstScript, path).toBeGreaterThan(order.paint);
    }
  });

  test("健康检查", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
