import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** WeChat's QR-code login page, shown in a frame on the login and profile pages. */
export const WECHAT_QR_ORIGIN = "https://open.weixin.qq.com";

export type ContentSecurityPolicySources = {
  /** API_BASE: another backend the browser calls and loads avatars from; "" = this server. */
  apiBase: string;
  /** SUBSET_BASE: another subset service the browser fetches font subsets from; "" = this server. */
  subsetBase: string;
  /** STATIC_BASE: where images and font files are served from; "" = this server. */
  staticBase: string;
  /** Whether the WeChat login frame may load. */
  wechatFrame: boolean;
  /** Whether the site is served over HTTPS (COOKIE_SECURE): then every address is upgraded to it. */
  secure: boolean;
  /** The third-party analytics origin (ANALYTICS_PROVIDER), when analytics is on. */
  analyticsOrigin?: string | null;
};

type NonceResponse = ServerResponse & { locals?: { cspNonce?: string } };

/** A fresh nonce for every response: inline scripts and `<style>` elements carry it. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** The nonce `assignCspNonce` gave this response. */
export function cspNonce(res: ServerResponse): string {
  const nonce = (res as NonceResponse).locals?.cspNonce;
  if (!nonce) throw new Error("assignCspNonce must run before the Content-Security-Policy header is written");
  return nonce;
}

const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;

/** The origin of a configured base address (`https://cdn.example.com/fonts` → `https://cdn.example.com`). */
function originOf(base: string): string[] {
  return base ? [new URL(base).origin] : [];
}

/**
 * The Content-Security-Policy directives, for helmet:
 * - scripts only from this server, inline ones only with this response's nonce (no `eval`, no
 *   inline event handlers, no `javascript:` URLs); no `strict-dynamic`, so Remix's module
 *   preloads, which carry no nonce, load as `'self'`;
 * - `<style>` elements (the font previews' `@font-face` rules) only with the nonce; `style`
 *   attributes, which cannot run script, are allowed (React sets sizes and positions with them);
 * - fonts, images and fetches from this server and the configured API, subset and static hosts;
 * - video from this server and the static host, and from `blob:`: the HLS player feeds the video
 *   element a MediaSource object URL and runs its segment worker from a `blob:` script;
 * - no plugins, no `<base>`, framed by this site alone, forms posted to this site alone;
 * - WeChat's QR frame only when WeChat login is configured;
 * - the analytics tracker's origin (its script, beacons and pixels) only when analytics is on.
 */
export function contentSecurityPolicyDirectives(sources: ContentSecurityPolicySources) {
  const api = originOf(sources.apiBase);
  const subset = originOf(sources.subsetBase);
  const assets = originOf(sources.staticBase);
  const unique = (values: string[]) => [...new Set(values)];
  const analytics = sources.analyticsOrigin ? [sources.analyticsOrigin] : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", nonceSource, ...analytics],
    "style-src": ["'self'", "'unsafe-inline'"],
    "style-src-elem": ["'self'", nonceSource],
    "font-src": unique(["'self'", "data:", ...subset, ...assets, ...api]),
    "img-src": unique(["'self'", "data:", "blob:", ...assets, ...api, ...analytics]),
    "connect-src": unique(["'self'", ...api, ...subset, ...assets, ...analytics]),
    "media-src": unique(["'self'", "blob:", ...assets]),
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "frame-src": sources.wechatFrame ? [WECHAT_QR_ORIGIN] : ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    ...(sources.secure ? { "upgrade-insecure-requests": [] } : {}),
  };
}
