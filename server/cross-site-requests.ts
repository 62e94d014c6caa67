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
  /** This server's origin as the browser sees it (`https://www.example.com`). */
  ownOrigin: string;
  /** ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
};

/**
 * Whether a request may change state, judged by where the browser says it comes from:
 * - reading methods always may;
 * - `Origin: null` (a sandboxed frame, a `data:` page, a redirect across sites) never may;
 * - an `Origin` equal to this server's own origin or one of ALLOWED_ORIGINS may;
 * - otherwise `Sec-Fetch-Site`, which page scripts cannot set, decides: same-origin, same-site
 *   (a sibling subdomain, which shares the cookie anyway) and none (typed or bookmarked) may;
 * - a foreign `Origin` without `Sec-Fetch-Site` may not;
 * - a request with neither header is not a browser's cross-site request: every browser that omits
 *   both also keeps the SameSite=Lax token cookie off a cross-site POST, and scripts (curl, the
 *   API clients of the tests) send neither. It may.
 */
export function isAllowedRequest({ method, origin, fetchSite, ownOrigin, allowedOrigins }: CrossSiteHeaders): boolean {
  if (SAFE_METHODS.has(method)) return true;
  if (origin !== undefined) {
    const normalised = normaliseOrigin(origin);
    if (normalised === null) return false;
    if (normalised === normaliseOrigin(ownOrigin) || allowedOrigins.includes(normalised)) return true;
  }
  if (fetchSite !== undefined) return OWN_SITE_FETCHES.has(fetchSite.trim().toLowerCase());
  return origin === undefined;
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
export function refuseCrossSiteRequests(options: { allowedOrigins: readonly string[] }): RequestHandler {
  return (req, res, next) => {
    const allowed = isAllowedRequest({
      method: req.method,
      origin: req.get("Origin"),
      fetchSite: req.get("Sec-Fetch-Site"),
      ownOrigin: ownOrigin(req),
      allowedOrigins: options.allowedOrigins,
    });
    if (!allowed) {
      refuse(req, res, 403, CROSS_SITE_MESSAGE);
      return;
    }
    delete req.headers.origin;
    next();
  };
}
