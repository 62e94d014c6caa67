import type { HeadersFunction } from "@remix-run/node";

/**
 * Set by a route whose page is the same for every visitor without a cookie: the server may keep it
 * that many seconds and answer it again to such visitors (server/page-cache.ts). The server takes
 * the header off before the answer leaves; browsers and other caches never see it.
 */
export const ANONYMOUS_PAGE_CACHE_HEADER = "X-Anonymous-Page-Cache-Seconds";

/**
 * How long a public page may be answered from memory: its data is already up to half a minute old
 * (the backend's public reads), and a few more seconds spare a busy server most of its renders.
 */
export const ANONYMOUS_PAGE_SECONDS = 10;

/** The `headers` export of a route whose page may be kept for visitors without cookies. */
export const anonymousPageHeaders: HeadersFunction = () => ({
  [ANONYMOUS_PAGE_CACHE_HEADER]: String(ANONYMOUS_PAGE_SECONDS),
});
