import { useEffect } from "react";
import { analyticsScriptAttributes, type AnalyticsConfig } from "~/analytics";
import { whenIdle } from "~/utils/idle";

/**
 * The third-party tracker, added once the page has hydrated and the browser is idle, so it never
 * delays rendering or interaction; nothing at all when analytics is off. Once added it stays for
 * the whole visit (the trackers follow client-side navigations themselves).
 */
export function Analytics({ config }: { config: AnalyticsConfig | null | undefined }) {
  const src = config?.src;
  useEffect(() => {
    if (!config) return;
    return whenIdle(() => {
      if (document.querySelector("script[data-analytics]")) return;
      const script = document.createElement("script");
      for (const [name, value] of Object.entries(analyticsScriptAttributes(config))) script.setAttribute(name, value);
      script.async = true;
      script.dataset.analytics = config.provider;
      document.body.appendChild(script);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);
  return null;
}
