import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { flatRoutes } from "remix-flat-routes";
import { defineConfig } from "vite";
import { firstLoadCompileHint, pageChunks } from "./scripts/browser-chunks";

export default defineConfig(({ command, isSsrBuild }) => {
  const chunks = pageChunks();
  return {
    // Build files are served under /build/ (immutable, precompressed) and public/ at the root, by
    // server.ts and remix-serve alike, from its own folder: Vite does not copy it into the build.
    base: "/build/",
    publicDir: false,
    resolve: { alias: { "~": path.resolve(__dirname, "app"), "@contract": path.resolve(__dirname, "contract") } },
    // Packages imported by a subpath without its ".js" (crypto-js/aes): Node's own ESM loader cannot
    // resolve those, so they are bundled into the server build (in development Vite resolves them).
    ssr: command === "build" ? { noExternal: [/^crypto-js(\/|$)/] } : undefined,
    build: isSsrBuild
      ? {}
      : {
          modulePreload: false,
          rollupOptions: {
            output: { manualChunks: chunks.manualChunks, chunkFileNames: chunks.chunkFileNames },
          },
        },
    plugins: [
      remix({
        // Routes come from remix-flat-routes: folders named `name+` group a feature's routes with the
        // server code beside them, which must never become a route itself.
        ignoredRouteFiles: ["**/*"],
        routes: async (defineRoutes) =>
          flatRoutes("routes", defineRoutes, {
            ignoredRouteFiles: [
              ".*",
              "**/*.css",
              "**/*.test.{js,jsx,ts,tsx}",
              "**/__*.*",
              "**/*.server.*",
              "**/*.client.*",
            ],
          }),
        serverModuleFormat: "esm",
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          // Every route is in the first load's manifest (1.9 KB gzip): discovering them later cost a
          // /__manifest request and a render of the whole page after each first load.
          v3_lazyRouteDiscovery: false,
          v3_singleFetch: true,
          // The dev server finds the browser's dependencies in the entry and route modules when it
          // starts: found one by one as pages ask for them, each new one reloaded the open page.
          unstable_optimizeDeps: true,
        },
        presets: [chunks.preset],
      }),
      firstLoadCompileHint(),
    ],
  };
});
