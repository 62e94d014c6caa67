import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, isJavaScriptOn } from "./fixtures";

const SERVICE_WORKER_FILE = path.join(process.cwd(), "public/sw.js");
/** What Chromium logs for requests that fail while the test has the browser offline (ERR_FAILED: the worker found nothing to answer with). */
const OFFLINE_CONSOLE = /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|__manifest/;

/** Waits until the service worker is installed and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
    );
  });
}

test.describe("离线与新版本（Service Worker）", () => {
  test.use({ serviceWorkers: "allow" });

  test("/sw.js 可控制整站且不长期缓存", async ({ request }) => {
    const response = await request.get("/sw.js");
    expect(response.status()).toBe(200);
    expect(response.headers()["service-worker-allowed"]).toBe("/");
    expect(response.headers()["cache-control"]).toBe("no-cache");
    expect(await response.text()).toContain("/offline");
  });

  test("离线时：没缓存的页面显示离线页（可重试），看过的页面照常打开", async ({
    page,
    context,
    consoleGuard,
  }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "the service worker needs JavaScript");
    consoleGuard.allow(OFFLINE_CONSOLE);
    await page.goto("/");
    await controlledByServiceWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(new URL("/", page.url()).href);

    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "资讯" })).toBeVisible();

    await context.setOffline(true);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "网络已断开" })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    // Served in place of /contact, the offline page runs no scripts of its own.
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
    await page.getByRole("button", { name: "重试" }).click();
    await expect(page.getByRole("heading", { name: "网络已断开" })).toBeVisible();

    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "资讯" })).toBeVisible();
    await expect(page.locator("[data-content-id]").first()).toBeVisible();

    // A click to a page whose data cannot be fetched offline says so, not 服务器错误.
    await page.getByRole("navigation").getByRole("link", { name: "案例", exact: true }).first().click();
    await expect(page.getByRole("heading", { name: "网络已断开，请连上网络后重试" })).toBeVisible();

    await context.setOffline(false);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "网络已断开" })).toHaveCount(0);
    await expect(page.locator("form textarea, form input").first()).toBeVisible();
  });

  test("新部署的 Service Worker 接管后提示“有新版本，点击刷新”，点击后只刷新一次", async ({ page }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "the service worker needs JavaScript");
    await page.goto("/news");
    await controlledByServiceWorker(page);
    const prompt = page.getByRole("button", { name: "有新版本，点击刷新" });
    await expect(prompt).toHaveCount(0);

    const deployed = readFileSync(SERVICE_WORKER_FILE, "utf8");
    try {
      // The next deployment: the server now serves another service worker script.
      writeFileSync(SERVICE_WORKER_FILE, `${deployed}\n// next deployment\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      // The new worker takes over once the old one has finished the fetches it holds (the page's
      // preview fonts, made on demand by a busy server): that can take longer than the usual 10 s.
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      // Nothing is reloaded until the visitor asks: the page keeps working and keeps the prompt.
      await page.getByRole("navigation").getByRole("link", { name: "案例", exact: true }).first().click();
      await expect(page).toHaveURL(/\/case$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(prompt).toBeVisible();

      let loads = 0;
      page.on("load", () => loads++);
      await page.evaluate(() => ((window as Window & { beforeUpdate?: boolean }).beforeUpdate = true));
      await prompt.click();
      await expect.poll(() => loads).toBe(1);
      await expect(page).toHaveURL(/\/case$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(prompt).toHaveCount(0);
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          reloaded: !(window as Window & { beforeUpdate?: boolean }).beforeUpdate,
          waiting: Boolean(registration?.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        };
      });
      expect(after).toEqual({ reloaded: true, waiting: false, controlled: true });
      expect(loads).toBe(1);
    } finally {
      writeFileSync(SERVICE_WORKER_FILE, deployed);
    }
  });

  test("离线页本身：中文说明与“重试”，不依赖 JavaScript", async ({ page }) => {
    await page.goto("/offline");
    await expect(page.getByRole("heading", { name: "网络已断开" })).toBeVisible();
    await page.getByRole("button", { name: "重试" }).click();
    await expect(page).toHaveURL(/\/offline\??$/);
    await expect(page.getByRole("heading", { name: "网络已断开" })).toBeVisible();
  });

  test("没有 JavaScript 时不注册 Service Worker，网站照常使用", async ({ page }, testInfo) => {
    test.skip(isJavaScriptOn(testInfo.project.name), "JavaScript off only");
    await page.goto("/");
    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1, name: "资讯" })).toBeVisible();
    const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    expect(registrations).toBe(0);
  });
});

test.describe("脚本分块加载失败", () => {
  // The build's chunks must come from the network for the test to make one fail.
  test.use({ serviceWorkers: "block" });

  test("打开的是点击的页面（整页加载一次），60 秒内再次失败则显示错误页", async ({ page, consoleGuard }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "chunks are loaded by JavaScript");
    consoleGuard.allow(/Error loading route module|Failed to fetch dynamically imported module|ERR_FAILED|TypeError/);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The news page's chunk stays unreachable for the whole test, as after a deployment that removed it.
    const newsModule = await page.evaluate(
      () =>
        (window as unknown as { __remixManifest: { routes: Record<string, { module: string }> } }).__remixManifest
          .routes["routes/_default+/news+/_index"]!.module,
    );
    await page.route(`**${newsModule}`, (route) => route.abort());

    let loads = 0;
    page.on("load", () => loads++);
    const newsLink = () => page.getByRole("navigation").getByRole("link", { name: "资讯", exact: true }).first();
    await newsLink().click();
    // The page the visitor clicked, loaded in full by the server, not the home page reloaded.
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "资讯" })).toBeVisible();
    await expect.poll(() => loads).toBe(1);
    const reloadedAt = await page.evaluate(() => Number(sessionStorage.getItem("chunk-reload-at")));
    expect(Date.now() - reloadedAt).toBeLessThan(60_000);

    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The reloads this page is asked for (Remix's own, for the module that failed), read once each
    // has been decided.
    await page.evaluate(() => {
      type NavigateEventLike = Event & { navigationType: string };
      const scope = window as unknown as {
        reloadsAsked: NavigateEventLike[];
        navigation: EventTarget;
      };
      scope.reloadsAsked = [];
      scope.navigation.addEventListener("navigate", (event) => {
        if ((event as NavigateEventLike).navigationType === "reload")
          scope.reloadsAsked.push(event as NavigateEventLike);
      });
    });
    await newsLink().click();
    await expect(page.getByRole("heading", { name: "页面加载失败，请检查网络后刷新" })).toBeVisible();
    // The same document, whose one reload request was refused: no second load is under way.
    const reloads = await page.evaluate(() =>
      (window as unknown as { reloadsAsked?: Event[] }).reloadsAsked?.map((event) => event.defaultPrevented),
    );
    expect(reloads).toEqual([true]);
    expect(loads).toBe(2);
    await expect(page).toHaveURL(/\/$/);
  });
});
