import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapEntries, sitemapFile, sitemapIndex, urlSet } from "./sitemap";

const pages = {
  fonts: [{ fontGNo: "10001", lastModified: "2024-01-02T00:00:00.000Z" }],
  variableFonts: [{ gno: "v1", lastModified: "2024-02-02T00:00:00.000Z" }],
  albums: [{ id: 1, lastModified: "2024-03-02T00:00:00.000Z" }],
  baike: [{ id: 2, lastModified: "2024-04-02T00:00:00.000Z" }],
  cases: [{ id: 3, lastModified: "2024-05-02T00:00:00.000Z" }],
  news: [{ id: 4, lastModified: "2024-06-02T00:00:00.000Z" }],
  videos: [{ id: 5, lastModified: "2024-07-02T00:00:00.000Z" }],
};

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
}

describe("the sitemap", () => {
  it("lists every item page with its date, after the site's sections", () => {
    const xml = urlSet("https://example.com", sitemapEntries(pages));
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const addresses = locs(xml);
    for (const path of [
      "/",
      "/font",
      "/web-fonts",
      "/font/10001",
      "/variable/v1",
      "/album/1",
      "/baike/2",
      "/case/3",
      "/news/4",
      "/video/5",
    ]) {
      expect(addresses).toContain(`https://example.com${path}`);
    }
    expect(xml).toContain("<loc>https://example.com/news/4</loc><lastmod>2024-06-02T00:00:00.000Z</lastmod>");
  });

  it("becomes an index of files when the addresses do not fit one, each file holding its share", () => {
    const entries = sitemapEntries(pages);
    const index = sitemapIndex("https://example.com", entries, 10);
    expect(index).toContain("<sitemapindex");
    expect(locs(index)).toEqual([
      "https://example.com/sitemap/1.xml",
      "https://example.com/sitemap/2.xml",
      "https://example.com/sitemap/3.xml",
    ]);
    const all = [1, 2, 3].flatMap((page) => sitemapFile(entries, page, 10)!.map((entry) => entry.path));
    expect(all).toEqual(entries.map((entry) => entry.path));
    expect(sitemapFile(entries, 4, 10)).toBeNull();
    expect(sitemapFile(entries, 0, 10)).toBeNull();
  });

  it("escapes what XML cannot hold in an address", () => {
    expect(urlSet("https://example.com", [{ path: "/font?a=1&b=2" }])).toContain(
      "<loc>https://example.com/font?a=1&#38;b=2</loc>",
    );
  });
});

describe("robots.txt", () => {
  it("names the sitemap and keeps the user centre, accounts, PDFs and search results out", () => {
    const lines = robotsTxt("https://example.com").split("\n");
    expect(lines).toContain("Sitemap: https://example.com/sitemap.xml");
    for (const path of ["/user", "/account", "/pdf", "/search", "/font?keyword="])
      expect(lines).toContain(`Disallow: ${path}`);
  });
});
