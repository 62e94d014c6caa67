import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The browser build as `npm run build` leaves it (`remix vite:build`, chunks cut by
 * scripts/browser-chunks.ts): Remix's manifest names files that exist, the server renders the
 * same manifest the browser reads, every module a page imports statically is among the files the
 * page preloads, so no page discovers a script only once another has run, and the home page's first
 * load stays within its budget of files and bytes; the scripts of a first load ask V8 to compile
 * them while they stream in, those loaded on demand do not. That every inline script and style of a
 * page carries the response's nonce is tested on the served pages (tests/server.test.ts).
 */
const rootDir = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(rootDir, "build/client");

type ManifestModule = { module: string; imports?: string[] };
type Manifest = {
  entry: ManifestModule;
  routes: Record<string, ManifestModule & { id: string; parentId?: string }>;
  url: string;
};

const manifestName = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).find((name) =>
  /(^|\/)manifest-[a-z0-9]+\.js$/.test(name),
)!;
const manifestSource = readFileSync(path.join(clientDir, manifestName), "utf8");
const manifest = JSON.parse(
  manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1),
) as Manifest;
/** "/build/assets/x.js" → its file. */
const fileOf = (url: string) => path.join(clientDir, url.replace(/^\/build\//, ""));

/** The scripts a module imports statically, as URLs (relative specifiers resolved against its own). */
function staticImports(url: string): string[] {
  const source = readFileSync(fileOf(url), "utf8");
  return [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)].map(
    ([, specifier]) => new URL(specifier!, `http://site${url}`).pathname,
  );
}

/** The modules a page's first load runs: the entry, the page's route and its ancestors, with what they import. */
function firstLoadOf(page: Manifest["routes"][string]): Set<string> {
  const chain: ManifestModule[] = [manifest.entry];
  for (let route: typeof page | undefined = page; route; route = manifest.routes[route.parentId ?? ""]) {
    chain.push(route);
  }
  return new Set(chain.flatMap((module) => [module.module, ...(module.imports ?? [])]));
}

describe("the browser build", () => {
  let serverBuild: ServerBuild;
  beforeAll(async () => {
    serverBuild = (await import(path.join(rootDir, "build/server/index.js"))) as ServerBuild;
  });

  it("names in Remix's manifest only files that exist", () => {
    const modules = [manifest.entry, ...Object.values(manifest.routes)];
    for (const module of modules) {
      for (const url of [module.module, ...(module.imports ?? [])]) {
        expect(existsSync(fileOf(url)), `${url} of ${module.module}`).toBe(true);
      }
    }
    expect(existsSync(fileOf(manifest.url))).toBe(true);
  });

  it("is the manifest the server renders pages with", () => {
    expect(JSON.parse(JSON.stringify(serverBuild.assets))).toEqual(manifest);
    expect(serverBuild.publicPath).toBe("/build/");
  });

  it("preloads on every page every script the page imports statically", () => {
    const routes = Object.values(manifest.routes);
    const parentIds = new Set(routes.map((route) => route.parentId));
    const pages = routes.filter((route) => !parentIds.has(route.id));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const preloaded = firstLoadOf(page);
      const missing = [...preloaded].flatMap((url) =>
        staticImports(url)
          .filter((imported) => !preloaded.has(imported))
          .map((imported) => `${url} → ${imported}`),
      );
      expect(missing, `scripts ${page.id} imports without preloading them`).toEqual([]);
    }
  });

  it("loads the home page in at most 14 scripts and 110 KB as sent gzip-encoded, the route manifest included", () => {
    const home = firstLoadOf(manifest.routes["routes/_home+/_index"]!);
    home.add(manifest.url);
    expect(home.size).toBeLessThanOrEqual(14);
    const gzipBytes = [...home].reduce((sum, url) => sum + readFileSync(`${fileOf(url)}.gz`).length, 0);
    expect(gzipBytes / 1024).toBeLessThanOrEqual(110);
    // The account dialog and the header's search suggestions load on first use.
    const scripts = [...home].map((url) => readFileSync(fileOf(url), "utf8")).join("\n");
    expect(scripts).toMatch(/import\("\.\/account-modal-[\w-]+\.js"\)/);
    expect(scripts).toMatch(/import\("\.\/search-suggestions-[\w-]+\.js"\)/);
    expect([...home].some((url) => /account-modal|search-suggestions/.test(url))).toBe(false);
  });

  it("marks for eager compilation exactly the scripts some page runs on its first load", () => {
    const firstLoad = new Set(
      [manifest.entry, ...Object.values(manifest.routes)].flatMap((module) => [
        module.module,
        ...(module.imports ?? []),
      ]),
    );
    const scripts = readdirSync(clientDir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js") && !file.endsWith(manifestName))
      .map((file) => `/build/${file.split(path.sep).join("/")}`);
    const hinted = scripts.filter((url) =>
      readFileSync(fileOf(url), "utf8").startsWith("//# allFunctionsCalledOnLoad\n"),
    );
    expect(hinted.sort()).toEqual(scripts.filter((url) => firstLoad.has(url)).sort());
    // The account dialog, the video player and the cropper load on demand.
    expect(scripts.length - hinted.length).toBeGreaterThanOrEqual(3);
  });
});
