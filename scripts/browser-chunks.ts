// How the browser build is cut into files, as Rollup options for vite.config.ts. Rollup by itself
// makes a chunk for every set of route modules that share a module (the home page would fetch 19
// files, several of them a few hundred bytes; its `experimentalMinChunkSize` joins them by size
// alone, 6–11 KB more for the home page); here every module goes into one chunk with the others
// that exactly the same pages load, and the smallest of those chunks join a larger one loaded
// wherever they are. Remix writes its manifest from what Rollup made.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Preset } from "@remix-run/dev";
import type { Plugin, Rollup } from "vite";

type Route = { id: string; parentId?: string; file: string };

/**
 * A group under SMALL_GROUP_BYTES of code as Vite transformed it, before minifying (about 1.5 KB
 * minified: a style sheet's URL, a card, a form helper) joins the group loaded on the fewest other
 * pages among those loaded on all of its own, if those pages also load all it imports: its pages
 * then make one request less, and the others load at most that many bytes more. A trade for phones
 * on HTTP/1.1, where each request waits for one of six connections. At 4 KB the home page loads 13
 * files and 112.9 KB (zlib, level 9); at 5–8 KB 11–13 files but 116–118 KB, the joins then adding up
 * in the hosts that every page loads.
 */
const SMALL_GROUP_BYTES = 4 * 1024;

/** The home page's route. */
const HOME_PAGE = "routes/_home+/_index";

type Group = { key: string; pages: Set<string>; modules: string[]; merged: string[]; bytes: number };

/**
 * `preset` learns the routes from Remix; `manualChunks` is Rollup's option. Route modules and the
 * entry stay files of their own (Remix's manifest names them), and what loads only on demand (the
 * account dialog, the video player, the cropper) is left to Rollup.
 */
export function pageChunks(): {
  preset: Preset;
  manualChunks: Rollup.GetManualChunk;
  chunkFileNames: (chunk: Rollup.PreRenderedChunk) => string;
} {
  let routes: Route[] = [];
  let chunkOf: Map<string, string> | undefined;

  const preset: Preset = {
    name: "page-chunks",
    remixConfigResolved({ remixConfig }) {
      const { appDirectory } = remixConfig;
      routes = Object.values(remixConfig.routes).map((route) => ({
        id: route.id,
        parentId: route.parentId,
        file: path.resolve(appDirectory, route.file),
      }));
    },
  };

  function assign({ getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): Map<string, string> {
    // Rollup's inputs are the client entry and, for each route, a module re-exporting its file's
    // browser exports ("…/route.tsx?__remix-build-client-route").
    const entryFile = [...getModuleIds()].find((id) => getModuleInfo(id)?.isEntry && !id.includes("?"));
    if (!entryFile) throw new Error("no client entry among Rollup's inputs");
    const entryFiles = new Set([entryFile, ...routes.map((route) => route.file)]);
    const closures = new Map<string, Set<string>>();
    /** Every module `file` imports statically, directly or not, itself included. */
    const closureOf = (file: string) => {
      let closure = closures.get(file);
      if (!closure) {
        closure = new Set();
        const pending = [file];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (closure.has(id)) continue;
          closure.add(id);
          pending.push(...(getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(file, closure);
      }
      return closure;
    };

    /** The pages (leaf routes) whose first load runs each module: the entry, the page's route and its ancestors, and all they import. */
    const pagesOf = new Map<string, Set<string>>();
    const parentIds = new Set(routes.map((route) => route.parentId));
    const pages = routes.filter((route) => !parentIds.has(route.id));
    for (const page of pages) {
      const loaded = new Set(closureOf(entryFile));
      for (let route: Route | undefined = page; route; route = routes.find((r) => r.id === route!.parentId)) {
        for (const id of closureOf(route.file)) loaded.add(id);
      }
      for (const id of loaded) pagesOf.set(id, (pagesOf.get(id) ?? new Set()).add(page.id));
    }

    const groups = new Map<string, Group>();
    for (const id of getModuleIds()) {
      const pages = pagesOf.get(id);
      if (!pages || entryFiles.has(id)) continue;
      const key = [...pages].sort().join("\n");
      const group = groups.get(key) ?? { key, pages, modules: [], merged: [], bytes: 0 };
      group.modules.push(id);
      group.merged.push(id);
      group.bytes += getModuleInfo(id)?.code?.length ?? 0;
      groups.set(key, group);
    }

    const includes = (pages: Set<string>, others: Set<string>) => [...others].every((page) => pages.has(page));
    const bySize = [...groups.values()].sort((a, b) => a.bytes - b.bytes || (a.key < b.key ? -1 : 1));
    const hostOf = new Map<Group, Group>();
    const groupOf = new Map([...groups.values()].flatMap((group) => group.modules.map((id) => [id, group] as const)));
    /** The pages that load a module: those of the group it ended in, after the joins so far. */
    const loadedOn = (id: string) => {
      let group = groupOf.get(id);
      if (!group) return pagesOf.get(id) ?? new Set<string>();
      while (hostOf.has(group)) group = hostOf.get(group)!;
      return group.pages;
    };
    for (const group of bySize) {
      if (group.bytes >= SMALL_GROUP_BYTES) continue;
      // What it imports, with what joined it before: all of it is loaded wherever it goes.
      const imported = group.merged
        .flatMap((id) => getModuleInfo(id)?.importedIds ?? [])
        .filter((id) => !group.merged.includes(id));
      const host = bySize
        .filter(
          (other) =>
            other !== group &&
            !hostOf.has(other) &&
            includes(other.pages, group.pages) &&
            // The chunk every page loads takes only what the home page, where most first visits
            // start, or most pages run: the article pages' share button would cost every first visit.
            (other.pages.size < pages.length || group.pages.has(HOME_PAGE) || group.pages.size * 2 >= pages.length) &&
            imported.every((id) => includes(loadedOn(id), other.pages)),
        )
        .sort((a, b) => a.pages.size - b.pages.size || b.bytes - a.bytes || (a.key < b.key ? -1 : 1))[0];
      if (!host) continue;
      hostOf.set(group, host);
      host.merged.push(...group.merged);
      host.bytes += group.bytes;
    }

    const assigned = new Map<string, string>();
    for (const group of groups.values()) {
      let host = group;
      while (hostOf.has(host)) host = hostOf.get(host)!;
      const name =
        host.pages.size === pages.length
          ? "shared"
          : `pages-${createHash("sha256").update(host.key).digest("hex").slice(0, 8)}`;
      for (const id of group.modules) assigned.set(id, name);
    }
    return assigned;
  }

  const pageChunkNames = () => new Set(chunkOf?.values());
  return {
    preset,
    manualChunks: (id, meta) => (chunkOf ??= assign(meta)).get(id),
    // The chunks made here by their hash alone: Remix's route manifest, part of every first load, names
    // each of them once per route that imports it (144 times). What loads on demand keeps its name.
    chunkFileNames: (chunk) => (pageChunkNames().has(chunk.name) ? "assets/[hash].js" : "assets/[name]-[hash].js"),
  };
}

/**
 * V8's explicit compile hint (Chromium 136 and later; a plain comment elsewhere) on the files some
 * page runs on its first load (the entry, the route modules and what they import statically, not
 * what loads on demand): every function of the file is compiled while it streams in, off the main
 * thread, instead of on its first call during hydration, each one then blocking time. Added once the
 * files are minified, which would drop the comment.
 */
export function firstLoadCompileHint(): Plugin {
  return {
    name: "first-load-compile-hint",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const firstLoad = new Set<string>();
      const visit = (fileName: string) => {
        const file = bundle[fileName];
        if (firstLoad.has(fileName) || file?.type !== "chunk") return;
        firstLoad.add(fileName);
        for (const imported of file.imports) visit(imported);
      };
      for (const file of Object.values(bundle)) if (file.type === "chunk" && file.isEntry) visit(file.fileName);
      for (const fileName of firstLoad) {
        const chunk = bundle[fileName];
        if (chunk?.type === "chunk") chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}
