import type { HeadersFunction } from "@remix-run/node";

/**
 * Set by a route whose page is the same for every visitor without a cookie: the server may keep it
 * that many seconds and answer it again to such visitors (server/page-cache.ts). The server takes
 * the header off before the answer leaves; browsers and other caches never see it.
 */
export const ANONYMOUS_PAGE_CACHE_HEADER = "X-Anonymous-Page-Cache-Seconds";

/**
 * Set beside ANONYMOUS_PAGE_CACHE_HEADER by a route whose rendering does something per visit (the
 * font page counts a view): a path of this site that the server posts to, in process, for the
 * answers it gave from the kept page instead of rendering it — at most once a second, with their
 * number in KEPT_PAGE_ANSWERS_PARAM. Only a server that can do so keeps such a page; the header
 * never leaves the server either.
 */
export const KEPT_PAGE_ON_ANSWER_HEADER = "X-Anonymous-Page-Cache-On-Answer";

/** The query parameter carrying how many answers the kept page gave since the last report. */
export const KEPT_PAGE_ANSWERS_PARAM = "answers";

/**
 * How long a public page may be answered from memory: its data is already up to half a minute old
 * (the backend's public reads), and a few more seconds spare a busy server most of its renders.
 */
export const ANONYMOUS_PAGE_SECONDS = 10;

/** The `headers` export of a route whose page may be kept for visitors without cookies. */
export const anonymousPageHeaders: HeadersFunction = () => ({
  [ANONYMOUS_PAGE_CACHE_HEADER]: String(ANONYMOUS_PAGE_SECONDS),
});

/** The headers of a page that may be kept as long as `onAnswer` is posted to for every answer of it. */
export function anonymousPageHeadersWithVisit(onAnswer: string): HeadersInit {
  return { [ANONYMOUS_PAGE_CACHE_HEADER]: String(ANONYMOUS_PAGE_SECONDS), [KEPT_PAGE_ON_ANSWER_HEADER]: onAnswer };
}
