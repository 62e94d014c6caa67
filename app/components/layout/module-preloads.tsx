import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";
import { pageHydrated } from "~/utils/hydration";

/** `fetchpriority` in lowercase: React 18 passes it through as it is and knows no `fetchPriority`. */
const LOW_PRIORITY = { fetchpriority: "low" } as Record<string, string>;

/**
 * The page's JavaScript modules, preloaded at low priority. Rendered before `<Scripts>`, whose
 * `modulepreload` links for the same files then reuse these requests: the browser fetches the
 * scripts after the styles, fonts and images of the first paint rather than at high priority
 * beside them. The page is complete without JavaScript, so first paint and largest paint come
 * first; hydration follows once the modules are in. Like `<Scripts>`, only until hydration.
 */
export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (pageHydrated() || !remix) return null;
  const { manifest, future } = remix;
  const paths = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  // Without lazy route discovery the route manifest is a module of its own, imported first.
  if (!future.v3_lazyRouteDiscovery) paths.add(manifest.url);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    for (const path of route.imports ?? []) paths.add(path);
    paths.add(route.module);
  }
  return (
    <>
      {[...paths].map((path) => (
        <link key={path} rel="modulepreload" href={path} {...LOW_PRIORITY} />
      ))}
    </>
  );
}
