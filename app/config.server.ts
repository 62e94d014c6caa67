import { z } from "zod";

/**
 * The website's settings: application title, the addresses of the web API, the font-subset
 * service and the static files, and the site's cookie domain. Read from the environment and
 * validated once, when the server build is loaded; every other module takes them from here.
 */

const base = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, "") : ""))
  .refine((value) => value === "" || /^https?:\/\/[^/]/i.test(value), "必须是以 http:// 或 https:// 开头的地址");

const configSchema = z.object({
  APP_TITLE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "短视频字体"),
  API_BASE: base,
  SUBSET_BASE: base,
  STATIC_BASE: base,
  SITE_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || ""),
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
  /** SITE_DOMAIN, the token cookie's Domain; "" = host-only. */
  siteDomain: string;
  /** Cookies are Secure in production. */
  isProduction: boolean;
  /** NODE_ENV=test: automated tests, where external frames (WeChat's QR code) cannot load. */
  isTest: boolean;
};

export function readWebsiteConfig(env: Record<string, string | undefined>): WebsiteConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`环境变量配置有误：\n${problems.join("\n")}`);
  }
  const settings = parsed.data;
  return {
    appTitle: settings.APP_TITLE,
    apiBase: settings.API_BASE,
    subsetBase: settings.SUBSET_BASE,
    staticBase: settings.STATIC_BASE,
    siteDomain: settings.SITE_DOMAIN,
    isProduction: settings.NODE_ENV === "production",
    isTest: settings.NODE_ENV === "test",
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
