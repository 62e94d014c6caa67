import type { SitePages } from "@contract/site-pages";

/** One address of the sitemap; `lastModified` as ISO 8601 when the data knows it. */
export type SitemapEntry = { path: string; lastModified?: string };

/** The sitemap protocol's limit per file is 50 000 addresses; an index of files beyond it. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages that are not items: lists and the site's own pages, each a place a crawler should start from. */
export const SITE_SECTION_PATHS = [
  "/",
  "/font",
  "/album",
  "/baike",
  "/case",
  "/news",
  "/video",
  "/variable",
  "/variable/list",
  "/web-fonts",
  "/contact",
  "/submit",
  "/agreement/font",
  "/agreement/register",
];

/** Every public page: the site's sections, then every font, variable font, album, 百科 entry, case, news item and video. */
export function sitemapEntries(pages: SitePages): SitemapEntry[] {
  const numbered = (path: string, items: Array<{ id: number; lastModified: string }>) =>
    items.map((item) => ({ path: `${path}/${item.id}`, lastModified: item.lastModified }));
  return [
    ...SITE_SECTION_PATHS.map((path) => ({ path })),
    ...pages.fonts.map((font) => ({ path: `/font/${font.fontGNo}`, lastModified: font.lastModified })),
    ...pages.variableFonts.map((font) => ({ path: `/variable/${font.gno}`, lastModified: font.lastModified })),
    ...numbered("/album", pages.albums),
    ...numbered("/baike", pages.baike),
    ...numbered("/case", pages.cases),
    ...numbered("/news", pages.news),
    ...numbered("/video", pages.videos),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>` of `entries` under `origin`. */
export function urlSet(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${
        entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""
      }</url>`,
  );
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** How many sitemap files `count` addresses take. */
export function sitemapFileCount(count: number, maxPerFile = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / maxPerFile));
}

/** The addresses of file `page` (1-based) when they are split `maxPerFile` a file; null past the last. */
export function sitemapFile(
  entries: SitemapEntry[],
  page: number,
  maxPerFile = SITEMAP_MAX_URLS,
): SitemapEntry[] | null {
  if (!Number.isInteger(page) || page < 1 || page > sitemapFileCount(entries.length, maxPerFile)) return null;
  return entries.slice((page - 1) * maxPerFile, page * maxPerFile);
}

/** A `<sitemapindex>` naming `/sitemap/1.xml` … with the latest change in each file. */
export function sitemapIndex(origin: string, entries: SitemapEntry[], maxPerFile = SITEMAP_MAX_URLS): string {
  const files = Array.from({ length: sitemapFileCount(entries.length, maxPerFile) }, (_, index) => {
    const last = entries
      .slice(index * maxPerFile, (index + 1) * maxPerFile)
      .map((entry) => entry.lastModified ?? "")
      .reduce((latest, date) => (date > latest ? date : latest), "");
    return `  <sitemap><loc>${escapeXml(`${origin}/sitemap/${index + 1}.xml`)}</loc>${
      last ? `<lastmod>${last}</lastmod>` : ""
    }</sitemap>`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/** Paths a crawler should leave alone: the user centre, accounts, PDFs, search results and resources. */
export const ROBOTS_DISALLOWED = [
  "/user",
  "/account",
  "/pdf",
  "/search",
  "/font?keyword=",
  "/*?*keyword=",
  "/resources/",
  "/outbox",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
