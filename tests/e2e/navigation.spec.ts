import type { Page, Route } from "@playwright/test";
import { test, expect, isJavaScriptOn, stylesheetRequests } from "./fixtures";

// Image requests must reach the test's routes, not a service worker's cache.
test.use({ serviceWorkers: "block" });

/** Chromium's console line for an image the test made fail. */
const FAILED_IMAGE = /Failed to load resource: the server responded with a status of 503/;

const firstCover = (page: Page) => page.locator(".content-card__image").first();

/** The address of the first news card's cover, as the server renders it. */
async function firstCoverPath(page: Page): Promise<string> {
  const html = await (await page.request.get("/news")).text();
  const src = /class="[^"]*content-card__image[^"]*"[^>]*>|<img[^>]*content-card__image[^>]*>/.exec(html)?.[0];
  const path = src && /src="([^"]+)"/.exec(src)?.[1];
  if (!path) throw new Error("the news list has no card cover");
  return new URL(path.replace(/&amp;/g, "&"), "http://x").pathname;
}

/** Makes the first `failures` requests for the image at `path` answer 503; counts every request. */
async function failImage(page: Page, path: string, failures: number) {
  const requests: string[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      requests.push(route.request().url());
      if (requests.length <= failures) await route.fulfill({ status: 503, body: "" });
      else await route.continue();
    },
  );
  return requests;
}

test.describe("懒加载图片", () => {
  test("服务器 HTML 中首屏以下的内容图片带 loading=lazy 和宽高（无 JS 也懒加载、不跳动）", async ({ page }) => {
    await page.goto("/news");
    const cover = firstCover(page);
    await expect(cover).toHaveAttribute("loading", "lazy");
    await expect(cover).toHaveAttribute("width", /^\d+$/);
    await expect(cover).toHaveAttribute("height", /^\d+$/);
    await expect
      .poll(() => cover.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
      .toBe(true);
    const box = await cover.boundingBox();
    expect(box!.height).toBeGreaterThan(0);

    const last = page.locator(".content-card__image").last();
    const viewport = page.viewportSize()!;
    expect((await last.boundingBox())!.y).toBeGreaterThan(viewport.height);
    await expect(last).toHaveAttribute("loading", "lazy");
    await expect(last).not.toHaveAttribute("fetchpriority", /./);
  });

  test("详情页的页首封面立即以高优先级加载，不是懒加载", async ({ page }) => {
    await page.goto("/news");
    await openFirstArticle(page);
    const hero = page.locator(".content-detail__hero");
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", /^\d+$/);
    await expect
      .poll(() => hero.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
      .toBe(true);
    expect(await page.locator("img[fetchpriority=high]").count()).toBe(1);
  });

  test("图片失败两次后第三次加载成功", async ({ page, consoleGuard }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "重试需要 JavaScript；无 JS 时由浏览器原生加载");
    consoleGuard.allow(FAILED_IMAGE);
    const path = await firstCoverPath(page);
    const requests = await failImage(page, path, 2);
    await page.goto("/news");
    const cover = firstCover(page);
    await expect(cover).toHaveAttribute("data-state", "loaded", { timeout: 10_000 });
    expect(requests).toHaveLength(3);
    await expect(cover).toHaveAttribute("data-attempt", "3");
    expect(await cover.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);
  });

  test("三次都失败后显示“图片加载失败”，占位大小不变", async ({ page, consoleGuard }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "错误状态需要 JavaScript");
    consoleGuard.allow(FAILED_IMAGE);
    const path = await firstCoverPath(page);
    const requests = await failImage(page, path, 100);
    await page.goto("/news");
    const card = page.locator("[data-content-id]").first();
    const before = await card.locator(".content-card__media").boundingBox();
    const failed = card.locator(".lazy-image--error");
    await expect(failed).toBeVisible({ timeout: 10_000 });
    await expect(failed).toHaveText("图片加载失败");
    expect(requests).toHaveLength(3);
    const after = await card.locator(".content-card__media").boundingBox();
    expect(Math.abs(after!.height - before!.height)).toBeLessThan(2);
  });
});

/** Follows the first news card's title link without scrolling it into view first. */
async function openFirstArticle(page: Page) {
  await page
    .locator(".content-card__title a")
    .first()
    .evaluate((link: HTMLAnchorElement) => link.click());
  await page.waitForURL(/\/news\/\d+/);
  await expect(page.locator("h1")).toBeVisible();
}

/**
 * From here the page's clock moves only when the test moves it, so a delay is measured, not waited
 * for. The page must have loaded with `page.clock.install()` done before.
 */
async function pausePageClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

async function scrollDown(page: Page): Promise<number> {
  const target = await page.evaluate(() => {
    const y = Math.min(600, document.documentElement.scrollHeight - window.innerHeight);
    window.scrollTo(0, y);
    return y;
  });
  expect(target).toBeGreaterThan(100);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(target);
  return target;
}

test.describe("页面导航", () => {
  for (const start of ["/news", "/news.html"]) {
    test(`返回 ${start} 时恢复滚动位置`, async ({ page }, info) => {
      await page.goto(start);
      if (isJavaScriptOn(info.project.name)) await page.waitForLoadState("networkidle");
      const y = await scrollDown(page);
      await openFirstArticle(page);
      await page.goBack();
      await expect(page.locator("[data-content-id]").first()).toBeAttached();
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(y - 5);
      expect(await page.evaluate(() => Math.round(window.scrollY))).toBeLessThan(y + 5);
    });
  }

  for (const [layout, query] of [
    ["条形", ""],
    ["卡片", "?layout=card"],
  ] as const) {
    test(`从字体页返回字体库（${layout}）时，往下滚过的那张卡片回到原来的位置，分毫不差`, async ({ page }, info) => {
      await page.goto(`/font${query}`);
      await page.waitForLoadState("networkidle");
      // Far down the list: the cards above it are drawn as the visitor scrolls past them.
      const card = page.locator(".font-results [data-font-gno]").nth(8);
      const top = () => card.evaluate((element) => element.getBoundingClientRect().top);
      // Down 200 px at a time, each step drawn before the next, as a visitor's scrolling draws them
      // (without JavaScript the page has no frames to wait on: the wheel's own scrolling is awaited).
      const scrollStep = isJavaScriptOn(info.project.name)
        ? () =>
            page.evaluate(
              () =>
                new Promise<void>((resolve) => {
                  window.scrollBy({ top: 200, behavior: "instant" });
                  requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
                }),
            )
        : async () => {
            const before = await top();
            await page.mouse.wheel(0, 200);
            await expect.poll(top).not.toBe(before);
          };
      for (let turn = 0; turn < 40 && (await top()) > 300; turn++) await scrollStep();
      const shown = await top();
      expect(shown).toBeLessThanOrEqual(300);
      const gno = await card.getAttribute("data-font-gno");

      await card.locator(`a[href="/font/${gno}"]`).first().click();
      await page.waitForURL(new RegExp(`/font/${gno}$`));
      await page.goBack();
      await page.waitForURL(new RegExp(`/font${query.replace("?", "\\?")}$`));
      const again = page.locator(`.font-results [data-font-gno="${gno}"]`);
      // Before every card had one fixed height, drawn cards were a pixel or a few taller than the
      // ones not yet drawn, and the card came back up to 22 px off.
      await expect
        .poll(async () => Math.abs((await again.evaluate((element) => element.getBoundingClientRect().top)) - shown))
        .toBeLessThan(0.5);
    });
  }

  test("页面加载完才请求自己的脚本，没有 JavaScript 时一个也不请求", async ({ page }, info) => {
    const scriptRequests = (path: string) =>
      page
        .evaluate(() => {
          const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          const scripts = performance
            .getEntriesByType("resource")
            .filter((entry) => /\/build\/.*\.js$/.test(new URL(entry.name).pathname));
          return { loaded: navigation!.loadEventStart, starts: scripts.map((entry) => entry.startTime) };
        })
        .then((found) => ({ path, ...found }));
    for (const path of ["/", "/font", "/news"]) {
      await page.goto(path);
      if (!isJavaScriptOn(info.project.name)) {
        expect((await scriptRequests(path)).starts, path).toEqual([]);
        continue;
      }
      const { loaded, starts } = await scriptRequests(path);
      // The entry, the shared chunk, the route manifest, the root's and the page's modules.
      expect(starts.length, path).toBeGreaterThanOrEqual(5);
      expect(Math.min(...starts), path).toBeGreaterThanOrEqual(loaded);
    }
  });

  test("页面的字体和图片迟迟不到时，脚本最多等到页面送达后 3 秒", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "没有 JavaScript 就没有脚本可等");
    const held: Route[] = [];
    await page.route(/\/webfont\/files\//, (route) => void held.push(route));
    try {
      await page.goto(`/font.html?text=${encodeURIComponent(`等字体${Date.now()}`)}`, {
        waitUntil: "domcontentloaded",
      });
      await page.waitForFunction(() => "__remixRouter" in window, undefined, { timeout: 10_000 });
      expect(held.length, "the page's preview faces are still on their way").toBeGreaterThan(0);
      const { parsed, firstScript, loaded } = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const starts = performance
          .getEntriesByType("resource")
          .filter((entry) => /\/build\/.*\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
        return {
          parsed: navigation!.domInteractive,
          firstScript: Math.min(...starts),
          loaded: navigation!.loadEventStart,
        };
      });
      expect(loaded, "the page has not loaded").toBe(0);
      expect(firstScript - parsed).toBeGreaterThan(2_500);
      // Once the scripts ran, the address is the page's own, without the suffix.
      expect(await page.evaluate(() => location.pathname)).toBe("/font");
    } finally {
      await page.unroute(/\/webfont\/files\//);
      await Promise.all(held.map((route) => route.continue().catch(() => undefined)));
    }
  });

  test("页面接上 JavaScript 的过程中一直有点击，也照样接上，没有报错", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "没有 JavaScript 就没有接上这一步");
    // From the load event until just after the router is made, a click on the page at every turn.
    await page.addInitScript(() => {
      addEventListener("load", () => {
        const clicking = setInterval(() => {
          document.querySelector("main")?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
          if ("__remixRouter" in window) setTimeout(() => clearInterval(clicking), 200);
        }, 0);
      });
    });
    for (let round = 0; round < 4; round++) {
      for (const path of ["/agreement/font", "/font"]) {
        await page.goto(path);
        // Hydrated: a client navigation, not a document load.
        await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "专辑", exact: true }).click();
        await expect(page).toHaveURL(/\/album$/);
        expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]!.name)).toMatch(
          new RegExp(`${path}$`),
        );
      }
    }
  });

  test("页面一开始就知道全部路由：加载后和站内跳转都不再请求路由清单", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时每次都是整页加载");
    const requests: Array<{ path: string; type: string }> = [];
    page.on("request", (request) =>
      requests.push({ path: new URL(request.url()).pathname, type: request.resourceType() }),
    );
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "字体", exact: true }).click();
    await expect(page).toHaveURL(/\/font$/);
    await expect(page.locator("[data-font-gno]").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(requests.filter((request) => request.type === "document").map((request) => request.path)).toEqual(["/"]);
    expect(requests.filter((request) => request.path === "/__manifest")).toEqual([]);
  });

  test("在公开页面之间跳转不再请求样式表", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时每次都是整页加载，样式表来自缓存");
    await page.goto("/agreement/font");
    await expect(page.locator("h1")).toBeVisible();
    const stylesheets = stylesheetRequests(page);
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "资讯" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.locator(".content-grid").first()).toHaveCSS("display", "grid");
    expect(stylesheets).toEqual([]);
  });

  test("快速的页面切换不显示进度条，超过 200 ms 的才显示", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时是整页加载，由浏览器显示进度");
    const navigate = (to: string) =>
      page.evaluate((path) => {
        const router = (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter;
        void router.navigate(path);
      }, to);
    const watchBar = () =>
      page.evaluate(() => {
        const bar = document.querySelector<HTMLElement>(".progress-bar")!;
        const seen: string[] = [];
        new MutationObserver(() => seen.push(bar.dataset.phase!)).observe(bar, {
          attributes: true,
          attributeFilter: ["data-phase"],
        });
        (window as unknown as { __phases: string[] }).__phases = seen;
      });
    const seenPhases = () => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);

    await page.clock.install();
    await page.goto("/agreement/font");
    await page.waitForLoadState("networkidle");
    // Each page once, so the measured navigations find their code already loaded.
    await navigate("/news");
    await page.waitForURL(/\/news$/);
    await expect(page.locator("[data-content-id]").first()).toBeVisible();
    await navigate("/agreement/font");
    await expect(page.getByRole("heading", { name: "字体授权协议" })).toBeVisible();
    await navigate("/agreement/register");
    await expect(page.getByRole("heading", { name: "用户注册协议" })).toBeVisible();
    await pausePageClock(page);
    await page.clock.runFor(600);

    await watchBar();
    await navigate("/agreement/font");
    await expect(page.getByRole("heading", { name: "字体授权协议" })).toBeVisible();
    await page.clock.runFor(500);
    expect(await seenPhases()).not.toContain("loading");

    // The next page's data is held back until the test lets it go.
    let releaseData = () => {};
    const dataHeld = new Promise<void>((resolve) => (releaseData = resolve));
    await page.route(
      (url) => url.searchParams.has("_data") || url.pathname.endsWith(".data"),
      async (route) => {
        await dataHeld;
        await route.continue();
      },
    );
    await watchBar();
    await navigate("/news");
    await page.clock.runFor(190);
    expect(await seenPhases()).not.toContain("loading");
    await page.clock.runFor(20);
    await expect(page.locator(".progress-bar")).toHaveAttribute("data-phase", "loading");
    releaseData();
    await page.waitForURL(/\/news$/);
    await page.clock.runFor(400);
    await expect(page.locator(".progress-bar")).toHaveAttribute("data-phase", "idle");
  });

  test("手机上，页面只解析到菜单开头时，菜单按钮已在原位（首帧之后不位移）", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/agreement/font");
    const menu = page.locator("details.mobile-menu");
    const whole = await menu.boundingBox();
    expect(whole).toMatchObject({ width: 42, height: 42 });
    // The document cut where a slow parser may paint its first frame: after the menu's opening tag.
    await page.route("**/agreement/font", async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const cut = html.indexOf(">", html.indexOf('<details class="mobile-menu"')) + 1;
      await route.fulfill({ response, body: html.slice(0, cut) });
    });
    await page.goto("/agreement/font");
    await expect(menu.locator("summary")).toHaveCount(0);
    expect(await menu.boundingBox()).toEqual(whole);
  });

  test("手机上收起的菜单没有排版盒子（加载时浏览器的表单处理不再把它排一遍）；打开后搜索、导航和登录都能用", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/agreement/font");
    const menu = page.locator("details.mobile-menu");
    const panel = menu.locator(".mobile-menu__panel");
    // A closed <details> only skips drawing its content: asked for its boxes, the browser lays the
    // whole panel out, as its form handling does on each load.
    expect(await panel.evaluate((element) => element.getClientRects().length)).toBe(0);
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    await expect(
      panel.getByRole("navigation", { name: "移动端导航" }).getByRole("link", { name: "书法百科" }),
    ).toBeVisible();
    await expect(panel.getByRole("link", { name: "登录" })).toBeVisible();
    const search = panel.getByRole("combobox", { name: "全站搜索" });
    await search.fill("宋体");
    await search.press("Enter");
    await page.waitForURL(/\/search\?keyword=%E5%AE%8B%E4%BD%93/);
  });

  test("鼠标离开菜单 200 ms 后菜单关闭", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时菜单由点击开合");
    await page.setViewportSize({ width: 360, height: 740 });
    await page.clock.install();
    await page.goto("/agreement/font");
    await page.waitForLoadState("networkidle");
    await pausePageClock(page);
    const menu = page.locator("details.mobile-menu");
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    const box = (await menu.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(5, 735);
    await page.clock.runFor(150);
    // Coming back within the delay keeps the menu open.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(400);
    await expect(menu).toHaveAttribute("open", "");
    await page.mouse.move(5, 735);
    await page.clock.runFor(150);
    await expect(menu).toHaveAttribute("open", "");
    await page.clock.runFor(100);
    await expect(menu).not.toHaveAttribute("open", "");
  });
});

test.describe("账号弹窗与统计", () => {
  test("配置了微信登录时，登录默认打开微信扫码", async ({ page }, info) => {
    await page.goto("/agreement/font");
    if (!isJavaScriptOn(info.project.name)) {
      // Without JavaScript the link opens the login page, where 微信登录 is one tab away.
      await page.locator(".site-header__account").getByRole("link", { name: "登录" }).click();
      await page.waitForURL(/\/account\/login/);
      await page.getByRole("navigation", { name: "登录方式" }).getByRole("link", { name: "微信登录" }).click();
      await expect(page.locator("[data-wechat-state]")).toBeVisible();
      return;
    }
    await page.waitForLoadState("networkidle");
    await page.locator(".site-header__account").getByRole("link", { name: "登录" }).click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("navigation", { name: "登录方式" }).locator('[aria-current="page"]')).toHaveText(
      "微信登录",
    );
    await expect(dialog.locator("[data-wechat-state]")).toBeVisible();
  });

  test("默认不加载第三方统计，CSP 也不放行统计域名", async ({ page }, info) => {
    const response = await page.goto("/");
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/hm\.baidu\.com|umami|plausible/);
    if (isJavaScriptOn(info.project.name)) {
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    }
    await expect(page.locator("script[data-analytics]")).toHaveCount(0);
    const thirdParty = await page.evaluate(() =>
      [...document.scripts].map((script) => script.src).filter((src) => src && new URL(src).origin !== location.origin),
    );
    expect(thirdParty).toEqual([]);
  });

  test("客户端请求数据失败时用错误目录里的文案提示（503）", async ({ page, consoleGuard }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "无 JS 时没有客户端请求，由服务器页面说明错误");
    consoleGuard.allow(/status of 503/);
    // Remix logs that the body (the proxy's text, not its own stream) cannot be decoded.
    consoleGuard.allow(/SyntaxError/);
    // Hydrated once `goto` returns: the click is a client navigation that fetches the page's data.
    await page.goto("/");
    await page.route(
      (url) => url.pathname === "/news.data",
      (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "维护中" }),
    );
    await page.locator("header").getByRole("link", { name: "资讯", exact: true }).first().click();
    await expect(page.getByRole("alert").filter({ hasText: "服务不可用，服务器暂时过载或维护" })).toBeVisible();
  });
});
