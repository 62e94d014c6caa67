/**
 * Third-party analytics, off unless ANALYTICS_PROVIDER and ANALYTICS_ID are set. Shared by the
 * website (which adds the script once the page is interactive) and the server (whose
 * Content-Security-Policy allows the script's origin only then).
 */

export const ANALYTICS_PROVIDERS = ["baidu", "umami", "plausible"] as const;
export type AnalyticsProvider = (typeof ANALYTICS_PROVIDERS)[number];

export type AnalyticsConfig = {
  provider: AnalyticsProvider;
  /** Baidu Tongji's site key, Umami's website id, or the domain Plausible counts. */
  id: string;
  /** The tracker script's address. */
  src: string;
  /** The origin the script loads from and reports to. */
  origin: string;
};

const DEFAULT_SCRIPTS: Record<AnalyticsProvider, (id: string) => string> = {
  baidu: (id) => `https://hm.baidu.com/hm.js?${encodeURIComponent(id)}`,
  umami: () => "https://cloud.umami.is/script.js",
  plausible: () => "https://plausible.io/js/script.js",
};

/**
 * ANALYTICS_PROVIDER (baidu, umami or plausible), ANALYTICS_ID, and optionally ANALYTICS_SRC (a
 * self-hosted tracker's script address). Null when no provider is set; a wrong value throws.
 */
export function readAnalyticsConfig(env: Record<string, string | undefined>): AnalyticsConfig | null {
  const provider = env.ANALYTICS_PROVIDER?.trim().toLowerCase();
  if (!provider || provider === "off" || provider === "none") return null;
  if (!(ANALYTICS_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`ANALYTICS_PROVIDER: 必须是 ${ANALYTICS_PROVIDERS.join("、")} 之一`);
  }
  const id = env.ANALYTICS_ID?.trim();
  if (!id) throw new Error("ANALYTICS_ID: 设置了 ANALYTICS_PROVIDER 时必须填写统计代码的站点 ID");
  const src = env.ANALYTICS_SRC?.trim() || DEFAULT_SCRIPTS[provider as AnalyticsProvider](id);
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    throw new Error("ANALYTICS_SRC: 必须是以 https:// 或 http:// 开头的脚本地址");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error("ANALYTICS_SRC: 必须是以 https:// 或 http:// 开头的脚本地址");
  }
  return { provider: provider as AnalyticsProvider, id, src: url.href, origin: url.origin };
}

/** The attributes of the tracker's `<script>` element. */
export function analyticsScriptAttributes(config: AnalyticsConfig): Record<string, string> {
  switch (config.provider) {
    case "baidu":
      return { src: config.src };
    case "umami":
      return { src: config.src, "data-website-id": config.id };
    case "plausible":
      return { src: config.src, "data-domain": config.id };
  }
}
