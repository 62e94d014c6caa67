import type { Request, RequestHandler, Response } from "express";
import helmet, { type HelmetOptions } from "helmet";

/** The headers every answer shares, pages and services alike; pages add their own policy. */
export const SECURITY_HEADERS = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: "cross-origin" },
  // helmet's default `no-referrer` makes Chromium send `Origin: null` on same-site form posts,
  // which the cross-site check refuses.
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
} as const satisfies HelmetOptions;

/** For answers that are never a page (font files, JSON): a policy under which nothing loads or frames them. */
export const serviceSecurityHeaders = helmet({
  ...SECURITY_HEADERS,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
  },
});

/** The headers `serviceSecurityHeaders` sets, for the answers a server writes without Express. */
export const SERVICE_SECURITY_HEADER_VALUES: Readonly<Record<string, string>> = headersSetBy(serviceSecurityHeaders);

/** The headers a middleware that sets the same headers on every answer sets, recorded on a stand-in response. */
function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: (name: string) => delete headers[name],
  };
  middleware({ headers: {} } as Request, response as unknown as Response, () => {});
  return headers;
}
