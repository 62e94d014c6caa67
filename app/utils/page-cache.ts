import type { HeadersFunction } from "@remix-run/node";
import { FONT_GNO_PATTERN } from "@contract/catalogue-values";

/**
 * Set by a route whose page is the same for every visitor without a cookie: the server may keep it
 * that many seconds and answer it again to such visitors (server/page-cache.ts). The server takes
 * the header off before the answer leaves; browsers and other caches never see it.
 */
export const ANONYMOUS_PAGE_CACHE_HEADER = "X-Anonymous-Page-Cache-Seconds";

/**
 * Set beside ANONYMOUS_PAGE_CACHE_HEADER by the font page, whose rendering counts a view of the
 * font it names (its number): the server counts a view of that font for every answer it gives from
 * the kept page instead of rendering it, reported at most once a second. Only a server that can do
 * so keeps such a page; the header never leaves the server either.
 */
export const KEPT_PAGE_FONT_VISIT_HEADER = "X-Anonymous-Page-Cache-Font-Visit";

/** The route's signals to the server's caches: taken off before any answer leaves the server. */
export const PAGE_CACHE_SIGNAL_HEADERS = [ANONYMOUS_PAGE_CACHE_HEADER, KEPT_PAGE_FONT_VISIT_HEADER] as const;

/**
 * What a page's signal headers (read with `header`) say: for how many seconds it may be kept (not at
 * all unless above 0), and the font whose view each answer of it counts.
 */
export function pageCacheSignals(header: (name: string) => unknown): { seconds: number; fontVisit: string | null } {
  const named = header(KEPT_PAGE_FONT_VISIT_HEADER);
  return {
    seconds: Number(header(ANONYMOUS_PAGE_CACHE_HEADER)),
    fontVisit: typeof named === "string" && FONT_GNO_PATTERN.test(named) ? named : null,
  };
}

/**
 * How long a public page may be answered from memory: its data is already up to half a minute old
 * (the backend's public reads), and a few more seconds spare a busy server most of its renders.
 */
export const ANONYMOUS_PAGE_SECONDS = 10;

/** The `headers` export of a route whose page may be kept for visitors without cookies. */
export const anonymousPageHeaders: HeadersFunction = () => ({
  [ANONYMOUS_PAGE_CACHE_HEADER]: String(ANONYMOUS_PAGE_SECONDS),
});

/** The headers of a font's page, which may be kept as long as each answer of it counts a view of the font. */
export function anonymousFontPageHeaders(fontGNo: string): HeadersInit {
  return { [ANONYMOUS_PAGE_CACHE_HEADER]: String(ANONYMOUS_PAGE_SECONDS), [KEPT_PAGE_FONT_VISIT_HEADER]: fontGNo };
}
