import { z } from "zod";

/**
 * Typed settings for loaders and actions (SPEC 3: application title, web API base,
 * font-subset service address, WeChat API address, static-asset storage address, site domain).
 *
 * Read lazily on every call: `server.ts` sets `INTERNAL_ORIGIN` only once it listens,
 * after the build has been imported.
 */

const optionalBase = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, "") : ""));

const envSchema = z.object({
  APP_TITLE: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || "短视频字体"),
  API_BASE: optionalBase,
  SUBSET_BASE: optionalBase,
  STATIC_BASE: optionalBase,
  SITE_DOMAIN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || ""),
  INTERNAL_ORIGIN: optionalBase,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.string().optional().default("production"),
});

export type Env = {
  /** APP_TITLE, default 短视频字体. */
  appTitle: string;
  /** Base URL for server-side API calls: API_BASE, else this server (INTERNAL_ORIGIN), else 127.0.0.1:$PORT. */
  apiBase: string;
  /** Base URL for server-side subset calls: SUBSET_BASE, else the same as the internal origin. */
  subsetBase: string;
  /** Base for API URLs used by the browser: API_BASE, or "" (same origin). */
  browserApiBase: string;
  /** Base for subset file URLs used by the browser: SUBSET_BASE, or "" (same origin). */
  browserSubsetBase: string;
  /** STATIC_BASE or "" (files served from public/). */
  staticBase: string;
  /** SITE_DOMAIN, used as the token cookie's Domain; "" = host-only. */
  siteDomain: string;
  isProduction: boolean;
};

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`环境变量配置有误：\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const internal = e.INTERNAL_ORIGIN || `http://127.0.0.1:${e.PORT}`;
  const apiBase = e.API_BASE || internal;
  return {
    appTitle: e.APP_TITLE,
    apiBase,
    subsetBase: e.SUBSET_BASE || internal,
    browserApiBase: e.API_BASE,
    browserSubsetBase: e.SUBSET_BASE,
    staticBase: e.STATIC_BASE,
    siteDomain: e.SITE_DOMAIN,
    isProduction: e.NODE_ENV === "production",
  };
}

/** Current settings (cheap; parsed on each call so late INTERNAL_ORIGIN is honoured). */
export function getEnv(): Env {
  return readEnv(process.env);
}

/** The subset of settings that is safe to send to the browser (root loader → window.ENV). */
export function getPublicEnv() {
  const env = getEnv();
  return {
    appTitle: env.appTitle,
    apiBase: env.browserApiBase,
    subsetBase: env.browserSubsetBase,
    staticBase: env.staticBase,
  };
}

export type PublicEnv = ReturnType<typeof getPublicEnv>;
