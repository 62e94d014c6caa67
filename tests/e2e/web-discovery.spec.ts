import fs from "node:fs/promises";
import { zipEntries } from "../zip-entries";
import { test, expect } from "./fixtures";

/** Where a robots.txt `Disallow` rule (with `*` wildcards) keeps a crawler out of `path`. */
function disallowed(rules: string[], path: string): boolean {
  return rules.some((rule) =>
    new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}`).test(path),
  );
}

type JsonLd = Record<string, unknown> & { "@type": string };

test.describe("搜索引擎与分享", () => {
  test("robots.txt 指向站点地图，站点地图里的每个页面都能打开、没有被 robots.txt 挡住，并带规范链接", async ({
    request,
  }) => {
    test.setTimeout(300_000);
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const lines = (await robots.text()).split("\n");
    const rules = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice("Disallow: ".length));
    for (const path of ["/user", "/account", "/pdf", "/search"]) expect(disallowed(rules, path)).toBe(true);
    expect(disallowed(rules, "/font?keyword=黑")).toBe(true);
    const sitemapUrl = lines.find((line) => line.startsWith("Sitemap: "))!.slice("Sitemap: ".length);
    const sitemap = await request.get(new URL(sitemapUrl).pathname);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
    const paths = urls.map((url) => url.pathname);
    for (const kind of ["/font/", "/album/", "/baike/", "/case/", "/news/", "/video/", "/variable/"]) {
      expect(
        paths.some((path) => path.startsWith(kind)),
        kind,
      ).toBe(true);
    }
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    // Every listed page answers, may be crawled and names itself as canonical.
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const path = `${url.pathname}${url.search}`;
          expect(disallowed(rules, path), path).toBe(false);
          const page = await request.get(path);
          expect(page.status(), path).toBe(200);
          const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await page.text())?.[1];
          expect(canonical, path).toBe(url.href);
        }
      }),
    );
  });

  test("资讯、百科、视频页带有可解析的 JSON-LD、Open Graph 和 Twitter 卡片；字体页的规范链接不含预览参数", async ({
    page,
  }) => {
    const jsonLdOf = async () =>
      (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as JsonLd,
      );
    /** The page's structured data once it holds an item of `type`: a navigation in the page renders it just after the address changes. */
    const jsonLdWith = async (type: string) => {
      await expect.poll(async () => (await jsonLdOf()).some((item) => item["@type"] === type)).toBe(true);
      return jsonLdOf();
    };
    const meta = (property: string) =>
      page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute("content");

    await page.goto("/news");
    await page.locator('a[href^="/news/"]').first().click();
    await page.waitForURL(/\/news\/\d+$/);
    const news = await jsonLdWith("NewsArticle");
    const article = news.find((item) => item["@type"] === "NewsArticle")!;
    expect(article.headline).toBe((await page.locator("h1").textContent())!.trim());
    expect(Date.parse(article.datePublished as string)).not.toBeNaN();
    expect((article.image as string[])[0]).toMatch(
      /^https?:\/\/[^/]+\/resources\/cover\.png\?src=%2Fimages%2Fcontent%2F/,
    );
    const cover = await page.request.get(
      new URL((article.image as string[])[0]!).pathname + new URL((article.image as string[])[0]!).search,
    );
    expect(cover.headers()["content-type"]).toBe("image/png");
    expect(news.find((item) => item["@type"] === "BreadcrumbList")).toBeTruthy();
    expect(await meta("og:image")).toBe((article.image as string[])[0]);
    expect(await meta("og:type")).toBe("article");
    expect(await meta("twitter:card")).toBe("summary_large_image");

    await page.goto("/baike");
    await page.locator('a[href^="/baike/"]').first().click();
    await page.waitForURL(/\/baike\/\d+$/);
    const entry = (await jsonLdWith("Article")).find((item) => item["@type"] === "Article")!;
    expect(entry.headline).toBeTruthy();
    expect(entry.publisher).toEqual({ "@type": "Organization", name: "短视频字体" });

    await page.goto("/video");
    await page.locator('a[href^="/video/"]').first().click();
    await page.waitForURL(/\/video\/\d+$/);
    const video = (await jsonLdWith("VideoObject")).find((item) => item["@type"] === "VideoObject")!;
    expect(video.name).toBeTruthy();
    expect(video.duration).toMatch(/^PT(\d+M)?(\d+S)?$/);
    expect(Date.parse(video.uploadDate as string)).not.toBeNaN();
    expect((video.thumbnailUrl as string[])[0]).toMatch(/poster\.jpg$/);

    await page.goto("/font?layout=table");
    const fontPath = await page.locator('a[href^="/font/1"]').first().getAttribute("href");
    await page.goto(`${fontPath}?text=${encodeURIComponent("你好")}&size=72&utm_source=wechat`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`${fontPath}$`));
    expect(await meta("og:title")).toContain("免费预览与下载");
    // The picture of a shared font page: its name set in the font, a 1200×630 PNG drawn on the server.
    const picture = await page.request.get(new URL((await meta("og:image"))!).pathname);
    expect(picture.headers()["content-type"]).toBe("image/png");
    const png = await picture.body();
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const crumbs = (await jsonLdOf()).find((item) => item["@type"] === "BreadcrumbList")!;
    expect((crumbs.itemListElement as unknown[]).length).toBe(3);
  });

  test("下载窗口：每个字重有 TTF 与 WOFF2 和大小，整个家族可打包下载（含授权），并给出可复制的 CSS", async ({
    page,
  }) => {
    await page.goto("/font?layout=table");
    const fontPath = (await page.locator('a[href^="/font/1"]').first().getAttribute("href"))!;
    await page.goto(fontPath);
    await page.getByRole("link", { name: "下载字体" }).click();
    const dialog = page.getByRole("dialog", { name: /^下载 / });
    await expect(dialog).toBeVisible();
    const items = dialog.getByRole("list", { name: "字体文件" }).getByRole("listitem");
    expect(await items.count()).toBeGreaterThan(0);
    await expect(items.first().getByRole("link", { name: /\.ttf/ }).first()).toContainText(/TTF\d/);
    await expect(items.first().getByRole("link", { name: /\.woff2（网页用）/ })).toHaveAttribute(
      "href",
      /download\?format=woff2$/,
    );
    const link = await dialog.getByLabel("HTML 引用代码", { exact: true }).textContent();
    expect(link).toMatch(/^<link rel="stylesheet" href="https?:\/\/[^"]+\/css2\?family=[^"]+&display=swap">$/);
    const css = await page.request.get(
      new URL(/href="([^"]+)"/.exec(link!)![1]!).pathname + new URL(/href="([^"]+)"/.exec(link!)![1]!).search,
    );
    expect(css.status(), await css.text()).toBe(200);
    expect(await css.text()).toContain("unicode-range");
    expect(await dialog.getByLabel("自托管 @font-face", { exact: true }).textContent()).toContain('format("woff2")');

    const zipLink = dialog.getByRole("link", { name: /^打包下载全部 \d+ 个字重/ });
    const [download] = await Promise.all([page.waitForEvent("download"), zipLink.click()]);
    const entries = await zipEntries(await fs.readFile((await download.path())!));
    const fonts = [...entries.keys()].filter((name) => name.endsWith(".ttf"));
    expect(fonts.length).toBe(await items.count());
    for (const font of fonts) expect(entries.has(`LICENSE-${font.replace(/\.ttf$/, "")}.txt`), font).toBe(true);
    expect(entries.has("说明.txt")).toBe(true);
  });

  test("分享：链接带着预览文字，二维码由本站生成", async ({ page, javaScriptEnabled }) => {
    await page.goto("/font?layout=table");
    const fontPath = (await page.locator('a[href^="/font/1"]').first().getAttribute("href"))!;
    await page.goto(`${fontPath}?text=${encodeURIComponent("分享的预览")}`);
    const share = page.locator("details.share").first();
    await share.locator("summary").click();
    const address = await share.getByLabel("页面链接", { exact: true }).textContent();
    expect(new URL(address!).pathname).toBe(fontPath);
    expect(new URL(address!).searchParams.get("text")).toBe("分享的预览");
    const qr = share.getByRole("img", { name: /二维码$/ });
    await expect(qr).toBeVisible();
    // Visible as soon as it is laid out: its image may still be loading.
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const src = (await qr.getAttribute("src"))!;
    expect(src).toMatch(/^\/resources\/qr\?path=/);
    const svg = await page.request.get(src);
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    if (javaScriptEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await share.getByRole("button", { name: "复制链接（页面链接）" }).click();
      await expect(share.getByRole("status")).toHaveText("已复制");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    } else {
      await expect(share.getByRole("button")).toHaveCount(0);
    }
    expect((await page.request.get("/resources/qr?path=https://evil.example")).status()).toBe(400);

    await page.goto("/news");
    await page.locator('a[href^="/news/"]').first().click();
    await page.waitForURL(/\/news\/\d+$/);
    await page.locator("details.share summary").click();
    expect(new URL((await page.getByLabel("页面链接", { exact: true }).textContent())!).pathname).toBe(
      new URL(page.url()).pathname,
    );
  });
});
