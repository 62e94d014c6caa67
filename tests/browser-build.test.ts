import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The browser build as `npm run build` leaves it (scripts/merge-chunks.mjs after `remix build`):
 * Remix's manifest names files that exist, the server renders the same manifest the browser reads,
 * and every module a page imports statically is among the files the page preloads, so no page
 * discovers a script only once another has run; the scripts of a first load ask V8 to compile them
 * while they stream in, those loaded on demand do not.
 */
const rootDir = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(rootDir, "public/build");

type ManifestModule = { module: string; imports?: string[] };
type Manifest = {
  entry: ManifestModule;
  routes: Record<string, ManifestModule & { id: string; parentId?: string }>;
  url: string;
};

const manifestName = readdirSync(buildDir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))!;
const manifestSource = readFileSync(path.join(buildDir, manifestName), "utf8");
const manifest = JSON.parse(
  manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1),
) as Manifest;
const fileOf = (url: string) => path.join(rootDir, "public", url);

/** The scripts a module imports statically, as URLs (relative specifiers resolved against its own). */
function staticImports(url: string): string[] {
  const source = readFileSync(fileOf(url), "utf8");
  return [...source.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+)["']/g)].map(
    ([, specifier]) => new URL(specifier!, `http://site${url}`).pathname,
  );
}

describe("the browser build", () => {
  it("names in Remix's manifest only files that exist", () => {
    const modules = [manifest.entry, ...Object.values(manifest.routes)];
    for (const module of modules) {
      for (const url of [module.module, ...(module.imports ?? [])]) {
        expect(existsSync(fileOf(url)), `${url} of ${module.module}`).toBe(true);
      }
    }
  });

  it("is the manifest the server renders pages with", () => {
    const serverBuild = readFileSync(path.join(rootDir, "build/index.js"), "utf8");
    expect(serverBuild).toContain(JSON.stringify(manifest));
    expect(manifest.url).toBe(`/build/${manifestName}`);
  });

  it("preloads on every page every script the page imports statically", () => {
    const routes = Object.values(manifest.routes);
    const parentIds = new Set(routes.map((route) => route.parentId));
    const pages = routes.filter((route) => !parentIds.has(route.id));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const chain: ManifestModule[] = [manifest.entry];
      for (
        let route: (typeof routes)[number] | undefined = page;
        route;
        route = manifest.routes[route.parentId ?? ""]
      ) {
        chain.push(route);
      }
      const preloaded = new Set(chain.flatMap((module) => [module.module, ...(module.imports ?? [])]));
      const missing = [...preloaded].flatMap((url) =>
        staticImports(url)
          .filter((imported) => !preloaded.has(imported))
          .map((imported) => `${url} → ${imported}`),
      );
      expect(missing, `scripts ${page.id} imports without preloading them`).toEqual([]);
    }
  });

  it("marks for eager compilation exactly the scripts some page runs on its first load", () => {
    const firstLoad = new Set(
      [manifest.entry, ...Object.values(manifest.routes)].flatMap((module) => [
        module.module,
        ...(module.imports ?? []),
      ]),
    );
    const scripts = readdirSync(buildDir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js") && file !== manifestName)
      .map((file) => `/build/${file.split(path.sep).join("/")}`);
    const hinted = scripts.filter((url) =>
      readFileSync(fileOf(url), "utf8").startsWith("//# allFunctionsCalledOnLoad\n"),
    );
    expect(hinted.sort()).toEqual(scripts.filter((url) => firstLoad.has(url)).sort());
    // The account dialog, the video player and the cropper load on demand.
    expect(scripts.length - hinted.length).toBeGreaterThanOrEqual(3);
  });
});
