import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come from remix-flat-routes: folders named `name+` group a feature's routes with the
  // server code beside them, which must never become a route itself.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: [".*", "**/*.css", "**/*.test.{js,jsx,ts,tsx}", "**/__*.*", "**/*.server.*", "**/*.client.*"],
    }),
  serverModuleFormat: "esm",
  // Packages imported by a subpath without its ".js" (crypto-js/aes): Node's own ESM loader, which
  // remix-serve uses, cannot resolve those, so they are bundled into the server build.
  serverDependenciesToBundle: [/^crypto-js(\/|$)/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Every route is in the first load's manifest (1.9 KB gzip): discovering them later cost a
    // /__manifest request and a render of the whole page after each first load.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
