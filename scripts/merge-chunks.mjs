// Runs after `remix build`: bundles the browser build's modules again with Rollup so that the files a
// page fetches on its first load are fewer. esbuild splits a shared chunk for every set of route
// modules importing a module (the home page fetched 34 files, a third of them under 500 bytes);
// here every module goes into one chunk with the others that exactly the same pages load, and the
// smallest of those chunks join a larger one loaded wherever they are. The route modules and the
// entry keep their places in Remix's manifest, rewritten with their new files and imports, in
// public/build and in the server build.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { rollup } from "rollup";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(rootDir, "public");
const buildDir = path.join(publicDir, "build");
const serverBuildFile = path.join(rootDir, "build/index.js");
const MANIFEST_START = "assets_manifest_default = ";

const manifestName = readdirSync(buildDir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
if (!manifestName) throw new Error("no Remix manifest in public/build: run remix build first");
const manifestFile = path.join(buildDir, manifestName);
const manifestSource = readFileSync(manifestFile, "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));
if (!/-[A-Z0-9]{8}\.js$/.test(manifest.entry.module)) {
  console.log("browser build: already merged (run remix build first to merge again)");
  process.exit(0);
}

/** "/build/routes/x-ABC123.js" → its file. */
const fileOf = (url) => path.join(publicDir, url);
const entryNameOf = (url) => url.replace(/^\/build\//, "").replace(/-[A-Z0-9]{8}\.js$/, "");
const routes = Object.values(manifest.routes);
const entries = Object.fromEntries(
  [manifest.entry, ...routes].map((module) => [entryNameOf(module.module), fileOf(module.module)]),
);
const entryFiles = new Set(Object.values(entries));
const esbuildFiles = readdirSync(buildDir, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith(".js") && name !== manifestName);

/** Each file of esbuild's build, read once: its size and the files it imports statically (by absolute URL). */
const parsed = new Map();
function parse(file) {
  let found = parsed.get(file);
  if (!found) {
    const source = readFileSync(file, "utf8");
    const imports = [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?"(\/build\/[^"]+)"/g)];
    found = { bytes: Buffer.byteLength(source), imports: imports.map(([, url]) => fileOf(url)) };
    parsed.set(file, found);
  }
  return found;
}
const directImportsOf = (file) => parse(file).imports;
/** Every file `file` imports statically, directly or not. */
function staticClosureOf(file, seen = new Set()) {
  for (const imported of directImportsOf(file)) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticClosureOf(imported, seen);
  }
  return seen;
}

/** The pages (leaf routes) whose first load fetches each file: the entry, the page's route and its ancestors, with all they import. */
const pagesOf = new Map();
const parentIds = new Set(routes.map((route) => route.parentId));
const loadedByEveryPage = staticClosureOf(fileOf(manifest.entry.module));
for (const page of routes.filter((route) => !parentIds.has(route.id))) {
  const files = new Set(loadedByEveryPage);
  for (let route = page; route; route = manifest.routes[route.parentId]) {
    files.add(fileOf(route.module));
    staticClosureOf(fileOf(route.module), files);
  }
  for (const file of files) pagesOf.set(file, new Set([...(pagesOf.get(file) ?? []), page.id]));
}

/**
 * Modules loaded by exactly the same pages form a group, one chunk each; route modules stay files
 * of their own, and what loads only on demand is left to Rollup.
 */
const groups = new Map();
for (const [file, pages] of pagesOf) {
  if (entryFiles.has(file)) continue;
  const key = [...pages].sort().join("\n");
  const group = groups.get(key) ?? { key, pages, files: [], merged: [], bytes: 0 };
  group.files.push(file);
  group.merged.push(file);
  group.bytes += parse(file).bytes;
  groups.set(key, group);
}
/**
 * A group under SMALL_GROUP_BYTES (minified; about 2.5 KB gzip: a style sheet's URL, a card, a
 * form helper) joins the group loaded on the fewest other pages among those loaded on all of its
 * own, if those pages also load all it imports: its pages then make one request less, and the
 * others load at most that many bytes more. At 8 KB the catalogue and content pages make 4–5
 * requests fewer, every page loads 2.8 KB more through the shared chunk and none more than 6.6 KB:
 * a trade for phones on HTTP/1.1, where each request waits for one of six connections.
 */
const SMALL_GROUP_BYTES = 8 * 1024;
const includes = (pages, others) => [...others].every((page) => pages.has(page));
const bySize = [...groups.values()].sort((a, b) => a.bytes - b.bytes || (a.key < b.key ? -1 : 1));
const hostOf = new Map();
for (const group of bySize) {
  if (group.bytes >= SMALL_GROUP_BYTES) continue;
  // What it imports, with what joined it before: all of it is loaded wherever it goes.
  const imported = group.merged.flatMap(directImportsOf).filter((file) => !group.merged.includes(file));
  const host = bySize
    .filter(
      (other) =>
        other !== group &&
        !hostOf.has(other) &&
        includes(other.pages, group.pages) &&
        imported.every((file) => includes(pagesOf.get(file), other.pages)),
    )
    .sort((a, b) => a.pages.size - b.pages.size || b.bytes - a.bytes || (a.key < b.key ? -1 : 1))[0];
  if (!host) continue;
  hostOf.set(group, host);
  host.merged.push(...group.merged);
  host.bytes += group.bytes;
}
const chunkNameOf = new Map();
for (const group of groups.values()) {
  let host = group;
  while (hostOf.has(host)) host = hostOf.get(host);
  const name = createHash("sha256").update(host.key).digest("hex").slice(0, 12);
  for (const file of group.files) chunkNameOf.set(file, name);
}

const bundle = await rollup({
  input: entries,
  plugins: [{ name: "build-urls", resolveId: (source) => (source.startsWith("/build/") ? fileOf(source) : null) }],
  onwarn(warning, warn) {
    // esbuild's chunks import each other in cycles; Rollup keeps their order.
    if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning);
  },
});
const { output } = await bundle.write({
  dir: buildDir,
  format: "es",
  entryFileNames: "[name]-[hash].js",
  chunkFileNames: "_shared/chunk-[hash].js",
  hashCharacters: "base36",
  // Route files keep the names Remix gives them ("routes/_font+/font+/$id-…").
  sanitizeFileName: false,
  manualChunks: (file) => chunkNameOf.get(file),
});
await bundle.close();

const chunks = new Map(output.filter((item) => item.type === "chunk").map((chunk) => [chunk.fileName, chunk]));
/** Every chunk `fileName` imports statically, directly or not. */
function chunkImportsOf(fileName, seen = new Set()) {
  for (const imported of chunks.get(fileName)?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    chunkImportsOf(imported, seen);
  }
  return seen;
}
const chunkByInput = new Map(
  [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => [chunk.facadeModuleId, chunk]),
);
for (const module of [manifest.entry, ...routes]) {
  const chunk = chunkByInput.get(fileOf(module.module));
  if (!chunk) throw new Error(`Rollup made no file for ${module.module}`);
  module.module = `/build/${chunk.fileName}`;
  module.imports = [...chunkImportsOf(chunk.fileName)].map((fileName) => `/build/${fileName}`);
}

/**
 * The files some page runs on its first load, as the manifest just written lists them: the entry,
 * the route modules and what they import statically (not what loads on demand: the account dialog,
 * the video player, the cropper).
 */
const firstLoadFiles = new Set(
  [manifest.entry, ...routes].flatMap((module) =>
    [module.module, ...module.imports].map((url) => url.slice("/build/".length)),
  ),
);
/**
 * V8's explicit compile hint (Chromium 136 and later; a plain comment elsewhere): every function of
 * the file is compiled while the file streams in, off the main thread, instead of on its first
 * call. Hydration calls most functions of these files, and each one compiled on the main thread
 * then is blocking time.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

// Rollup lays the modules out with whitespace and names of its own: minified again, as Remix's build
// does (esbuild, no syntax lowering).
for (const chunk of chunks.values()) {
  const file = path.join(buildDir, chunk.fileName);
  const { code } = await transform(readFileSync(file, "utf8"), { format: "esm", minify: true });
  writeFileSync(file, firstLoadFiles.has(chunk.fileName) ? COMPILE_HINT + code : code);
}
for (const name of esbuildFiles) if (!chunks.has(name)) rmSync(path.join(buildDir, name));

// A new name for the new manifest: one cached under the old name (immutable, like every build file)
// names files that are gone. The version follows, so the server and the browser still agree.
manifest.version = createHash("sha256")
  .update(JSON.stringify({ entry: manifest.entry, routes: manifest.routes }))
  .digest("hex")
  .slice(0, 8);
manifest.url = `/build/manifest-${manifest.version.toUpperCase()}.js`;
const manifestJson = JSON.stringify(manifest);
rmSync(manifestFile);
writeFileSync(fileOf(manifest.url), `window.__remixManifest=${manifestJson};`);
const serverBuild = readFileSync(serverBuildFile, "utf8");
const declared = serverBuild.indexOf(MANIFEST_START);
if (declared < 0) throw new Error(`no "${MANIFEST_START}" in build/index.js`);
// esbuild prints the manifest as an object literal whose strings (paths, route ids) hold no braces.
const start = serverBuild.indexOf("{", declared);
let end = start;
for (let depth = 0; end < serverBuild.length; end++) {
  if (serverBuild[end] === "{") depth++;
  else if (serverBuild[end] === "}" && --depth === 0) break;
}
writeFileSync(serverBuildFile, serverBuild.slice(0, start) + manifestJson + serverBuild.slice(end + 1));

const home = [
  manifest.entry,
  ...["root", "routes/_home+/_layout", "routes/_home+/_index"].map((id) => manifest.routes[id]),
];
const homeFiles = new Set(home.flatMap((module) => (module ? [module.module, ...module.imports] : [])));
console.log(`browser build: ${esbuildFiles.length} files → ${chunks.size}; the home page loads ${homeFiles.size}`);
