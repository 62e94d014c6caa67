import type { RequestHandler, Request } from "express";
import { refuse } from "./refusal.js";

export const CROSS_SITE_MESSAGE = "跨站请求已被拒绝";

/** Methods that read without changing anything: never refused for where they come from. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `Sec-Fetch-Site` values a browser sends for a request made by this site's own pages (or typed by the user). */
const OWN_SITE_FETCHES = new Set(["same-origin", "same-site", "none"]);

export type CrossSiteHeaders = {
  method: string;
  /** The request's `Origin` header, if any. */
  origin: string | undefined;
  /** The request's `Sec-Fetch-Site` header, if any. */
  fetchSite: string | undefined;
  /** The request's `Referer` header, if any. */
  referer: string | undefined;
  /** This server's origin as the browser sees it (`https://www.example.com`). */
  ownOrigin: string;
  /** ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
  /** SITE_DOMAIN (`example.com`): its subdomains share the login cookie, so they are this site. Empty when unset. */
  siteDomain: string;
};

/**
 * Whether a request may change state, judged by where the browser says it comes from:
 * - reading methods always may;
 * - `Origin: null` (a sandboxed frame, a `data:` page, a redirect across sites) never may;
 * - an `Origin` equal to this server's own origin or one of ALLOWED_ORIGINS may;
 * - otherwise `Sec-Fetch-Site`, which page scripts cannot set, decides: same-origin, same-site
 *   (a sibling subdomain, which shares the cookie anyway) and none (typed or bookmarked) may;
 * - a foreign `Origin` without `Sec-Fetch-Site` may not;
 * - with neither, the `Referer` decides (browsers that predate both still send it): this site's
 *   origin, a SITE_DOMAIN subdomain or an ALLOWED_ORIGINS page may, any other page may not;
 * - a request with none of the three is not a browser's cross-site request: every browser that
 *   omits them also keeps the SameSite=Lax token cookie off a cross-site POST, and scripts (curl,
 *   the API clients of the tests) send none. It may.
 */
export function isAllowedRequest(request: CrossSiteHeaders): boolean {
  const { method, origin, fetchSite, referer, ownOrigin, allowedOrigins } = request;
  if (SAFE_METHODS.has(method)) return true;
  if (origin !== undefined) {
    const normalised = normaliseOrigin(origin);
    if (normalised === null) return false;
    if (normalised === normaliseOrigin(ownOrigin) || allowedOrigins.includes(normalised)) return true;
    if (fetchSite === undefined) return false;
  }
  if (fetchSite !== undefined) return OWN_SITE_FETCHES.has(fetchSite.trim().toLowerCase());
  if (referer !== undefined) return isOwnSitePage(referer, request);
  return true;
}

/** Whether the page at `referer` belongs to this site or one it trusts. */
function isOwnSitePage(referer: string, { ownOrigin, allowedOrigins, siteDomain }: CrossSiteHeaders): boolean {
  const origin = normaliseOrigin(referer);
  if (origin === null) return false;
  if (origin === normaliseOrigin(ownOrigin) || allowedOrigins.includes(origin)) return true;
  const host = new URL(origin).hostname;
  const domain = siteDomain.toLowerCase().replace(/^\./, "");
  return domain !== "" && (host === domain || host.endsWith(`.${domain}`));
}

/** `https://example.com` for `HTTPS://Example.com:443`; null for `null` or anything that is not an origin. */
function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * This server's origin as the browser addressed it: the scheme and host from `X-Forwarded-Proto`
 * and `X-Forwarded-Host` when TRUST_PROXY trusts the peer that sent them, else from the connection.
 */
export function ownOrigin(req: Request): string {
  const trustProxy = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const forwardedHost = trustProxy(req.socket.remoteAddress, 0)
    ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim()
    : undefined;
  return `${req.protocol}://${forwardedHost || req.get("Host") || ""}`;
}

/**
 * The one check of where a state-changing request comes from, for every page, action, data request
 * (`.data` and `?_data=`), resource route and logout: 403 with 跨站请求已被拒绝 when refused.
 *
 * An allowed request goes on without its `Origin` header: Remix compares it with `Host` alone and
 * would answer an allowed sibling subdomain or ALLOWED_ORIGINS page with a 500.
 */
export function refuseCrossSiteRequests(options: {
  allowedOrigins: readonly string[];
  siteDomain: string;
}): RequestHandler {
  return (req, res, next) => {
    const allowed = isAllowedRequest({
      method: req.method,
      origin: req.get("Origin"),
      fetchSite: req.get("Sec-Fetch-Site"),
      referer: req.get("Referer"),
      ownOrigin: ownOrigin(req),
      allowedOrigins: options.allowedOrigins,
      siteDomain: options.siteDomain,
    });
    if (!allowed) {
      refuse(req, res, 403, CROSS_SITE_MESSAGE);
      return;
    }
    delete req.headers.origin;
    next();
  };
}
