// Builds the service worker after `remix vite:build`: app/service-worker/sw.ts bundled with esbuild,
// then workbox-build writes the precache manifest (the build's hashed files, the offline page)
// into it as public/sw.js.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { injectManifest } from "workbox-build";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const workDir = mkdtempSync(path.join(tmpdir(), "sw-build-"));
const bundled = path.join(workDir, "sw.js");

try {
  await build({
    entryPoints: [path.join(rootDir, "app/service-worker/sw.ts")],
    outfile: bundled,
    bundle: true,
    format: "iife",
    target: "es2020",
    minify: true,
    legalComments: "none",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });

  // The offline page is rendered by the server: it changes whenever the server build does.
  const serverBuildDir = path.join(rootDir, "build/server");
  const serverBuild = createHash("sha256");
  for (const file of readdirSync(serverBuildDir, { recursive: true, encoding: "utf8" }).sort()) {
    if (file.endsWith(".js")) serverBuild.update(readFileSync(path.join(serverBuildDir, file)));
  }
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(rootDir, "public/sw.js"),
    globDirectory: rootDir,
    globPatterns: ["build/client/**/*.{js,css}", "public/favicon.svg", "public/images/*.svg"],
    // The browser build is served under /build/, public/ at the site's root.
    modifyURLPrefix: { "build/client/": "build/", "public/": "" },
    // Vite puts the content hash in every file name under build/.
    dontCacheBustURLsMatching: /^build\//,
    additionalManifestEntries: [{ url: "/offline", revision: serverBuild.digest("hex").slice(0, 16) }],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  });
  for (const warning of warnings) console.warn(warning);
  console.log(`service worker: public/sw.js, ${count} files precached (${Math.round(size / 1024)} KB)`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
