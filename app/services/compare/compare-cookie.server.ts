import { websiteConfig } from "~/config.server";
import { readCookie } from "~/utils/session.server";
import { COMPARE_COOKIE, compareCookieString, parseCompareList } from "./compare-list";

/** The comparison list the request's cookie carries. */
export function readCompareList(request: Request): string[] {
  return parseCompareList(readCookie(request, COMPARE_COOKIE));
}

/** The `Set-Cookie` value storing `list` (or removing the cookie when it is empty). */
export function compareSetCookie(list: readonly string[]): string {
  return compareCookieString(list, websiteConfig.cookieSecure);
}
