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
