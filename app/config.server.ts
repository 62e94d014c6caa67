import { z } from "zod";
import { readAnalyticsConfig, type AnalyticsConfig } from "./analytics";

/**
 * The website's settings: application title, the addresses of the web API, the font-subset
 * service and the static files, the site's cookie domain and whether cookies are Secure, and the
 * other origins allowed to post to the site. Read from the environment and
 * validated once, when the server build is loaded; every other module takes them from here.
 */

const base = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, "") : ""))
  .refine((value) => value === "" || /^https?:\/\/[^/]/i.test(value), "必须是以 http:// 或 https:// 开头的地址");

const BOOLEAN_WORDS = new Map([
  ["true", true],
  ["1", true],
  ["on", true],
  ["false", false],
  ["0", false],
  ["off", false],
]);

/** `https://www.example.com` from `https://www.example.com/` or `HTTPS://WWW.EXAMPLE.COM:443`; null when not an http(s) origin. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
      return null;
    return url.origin;
  } catch {
    return null;
  }
}

const configSchema = z.object({
  APP_TITLE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "短视频字体"),
  API_BASE: base,
  SUBSET_BASE: base,
  STATIC_BASE: base,
  SITE_URL: base,
  SITE_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || ""),
  COOKIE_SECURE: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || BOOLEAN_WORDS.has(value), "必须是 true 或 false"),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of (value ?? "").split(",").map((item) => item.trim())) {
        if (!entry) continue;
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else
          context.addIssue({
            code: z.ZodIssueCode.custom,
            message: `「${entry}」不是网址来源，例如 https://www.example.com`,
          });
      }
      return origins;
    }),
  PAGE_CACHE_MB: z.coerce
    .number({ invalid_type_error: "必须是数字" })
    .int("必须是整数")
    .min(0, "不能小于 0")
    .max(4096, "不能大于 4096")
    .optional()
    .default(32),
  NODE_ENV: z.string().optional().default("production"),
});

export type WebsiteConfig = {
  /** APP_TITLE, default 短视频字体. */
  appTitle: string;
  /** API_BASE: another backend, for server and browser alike; "" = the embedded one, on this server. */
  apiBase: string;
  /** SUBSET_BASE: another subset service; "" = the embedded one, on this server. */
  subsetBase: string;
  /** STATIC_BASE, or "" when static files come from this server's public/. */
  staticBase: string;
  /** SITE_URL, the site's public address for canonical links, sitemaps and shared links; "" = each request's own. */
  siteUrl: string;
  /** SITE_DOMAIN, the token cookie's Domain; "" = host-only. */
  siteDomain: string;
  /** NODE_ENV=production. */
  isProduction: boolean;
  /**
   * COOKIE_SECURE: cookies carry `Secure` and are sent over HTTPS only. Default: true in
   * production, false otherwise (development over plain HTTP).
   */
  cookieSecure: boolean;
  /** Whether COOKIE_SECURE was set, or the production default applies (which start-up explains). */
  cookieSecureIsExplicit: boolean;
  /**
   * The login cookie's name: `__Host-token` when cookies are Secure and host-only (the browser
   * then refuses a copy set by another subdomain or over HTTP), otherwise `token`.
   */
  tokenCookieName: "__Host-token" | "token";
  /** ALLOWED_ORIGINS: other origins (`https://admin.example.com`) whose pages may post to the site. */
  allowedOrigins: string[];
  /** PAGE_CACHE_MB in bytes: public pages kept for visitors without cookies (server/page-cache.ts); 0 = none. */
  pageCacheBytes: number;
  /** NODE_ENV=test: automated tests, where external frames (WeChat's QR code) cannot load. */
  isTest: boolean;
  /** ANALYTICS_PROVIDER, ANALYTICS_ID, ANALYTICS_SRC: the third-party tracker; null when off. */
  analytics: AnalyticsConfig | null;
};

export function readWebsiteConfig(env: Record<string, string | undefined>): WebsiteConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`环境变量配置有误：\n${problems.join("\n")}`);
  }
  const settings = parsed.data;
  const isProduction = settings.NODE_ENV === "production";
  const cookieSecure = settings.COOKIE_SECURE ? BOOLEAN_WORDS.get(settings.COOKIE_SECURE)! : isProduction;
  return {
    appTitle: settings.APP_TITLE,
    apiBase: settings.API_BASE,
    subsetBase: settings.SUBSET_BASE,
    staticBase: settings.STATIC_BASE,
    siteUrl: settings.SITE_URL,
    siteDomain: settings.SITE_DOMAIN,
    isProduction,
    cookieSecure,
    cookieSecureIsExplicit: Boolean(settings.COOKIE_SECURE),
    tokenCookieName: cookieSecure && !settings.SITE_DOMAIN ? "__Host-token" : "token",
    allowedOrigins: settings.ALLOWED_ORIGINS,
    pageCacheBytes: settings.PAGE_CACHE_MB * 1024 * 1024,
    isTest: settings.NODE_ENV === "test",
    analytics: readAnalyticsConfig(env),
  };
}

/** This process's settings (a wrong value stops the server as it loads the build). */
export const websiteConfig: WebsiteConfig = readWebsiteConfig(process.env);

/** What the browser may know: the title and the public addresses (root loader → `env`). */
export function publicConfig(config: WebsiteConfig = websiteConfig) {
  return {
    appTitle: config.appTitle,
    apiBase: config.apiBase,
    subsetBase: config.subsetBase,
    staticBase: config.staticBase,
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;
