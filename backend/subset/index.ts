import path from "node:path";
import express from "express";
import { MemoryRateLimits, RateLimiter } from "../http/rate-limits.js";
import type { FontSource, FontSourceFile } from "./font-source.js";
import { prepareFonts } from "./font-preparation.js";
import { createOutlineRouter } from "./outlines/outline-router.js";
import { OutlineRenderer } from "./outlines/outline-renderer.js";
import { DEFAULT_CACHE_MAX_BYTES, SubsetCache } from "./subset-cache.js";
import { LocalSubsetRecipes, type SubsetRecipes } from "./subset-recipes.js";
import { previewAnswers, type NodeRequestAnswer, type PreviewAnswerOptions } from "./preview-answers.js";
import { createSubsetRouter, SUBSET_PREVIEW_PATHS, type SubsetRateLimiters } from "./subset-router.js";
import { Subsetter } from "./subsetter.js";
import { SubsetterPool, type FaceSubsetter } from "./subsetter-pool.js";
import { readVariableSliceGno, type VariableFontSource } from "./variable-font-source.js";
import { createVariableSubsetRouter } from "./variable-router.js";
import type { WebFontCatalogue } from "./web-fonts/web-font-catalogue.js";
import { createWebFontRouter } from "./web-fonts/web-font-router.js";

export type SubsetServiceOptions = {
  /** Where subset files and their index entries are written. */
  cacheDir: string;
  /** Bound on the estimated memory of the faces kept loaded (SUBSET_MEMORY_MB). */
  memoryBudgetBytes: number;
  /** Worker threads that make subsets, sharing the memory budget (SUBSET_THREADS); none (this thread) when absent. */
  threads?: number;
  /** Bound on the bytes of the cached subset files, least recently used deleted first (SUBSET_CACHE_MB); 1 GiB by default. */
  cacheMaxBytes?: number;
  /**
   * Subset work one client (an IP address, or an IPv6 /64) may ask for per minute: each item counts 1,
   * plus its characters not already cached (SUBSET_RATE_LIMIT_PER_MINUTE).
   */
  rateLimitPerMinute?: number;
  /** Subset files one client may fetch per minute (SUBSET_FILES_RATE_LIMIT_PER_MINUTE). */
  fileRateLimitPerMinute?: number;
  /** Limiters to use instead of in-memory ones built from the two limits above, e.g. shared by several processes. */
  rateLimiters?: SubsetRateLimiters;
  /** Shared by the site's instances, so that any of them serves the files of a subset another one made. */
  recipes?: SubsetRecipes;
  fontSource: FontSource;
  /**
   * The fonts to get ready for subsetting in the background after start, in this order (the catalogue's,
   * most viewed first): see `prepareFonts`.
   */
  fontsToPrepare?: () => Promise<string[]>;
  /** The variable fonts behind POST /subset/web-variable-font; without it that path is not served. */
  variableFontSource?: VariableFontSource;
  /** The families behind the CSS API (/css2 and its slice files); without it those paths are not served. */
  webFontCatalogue?: WebFontCatalogue;
};

/**
 * A page of 20 previews never seen before costs at most about 4 000; the defaults leave room for many
 * visitors sharing one carrier-grade NAT address while stopping one client that subsets as fast as it can.
 */
export const DEFAULT_SUBSET_RATE_LIMIT_PER_MINUTE = 30_000;
export const DEFAULT_FILE_RATE_LIMIT_PER_MINUTE = 3_000;
const MINUTE_MS = 60_000;

export type SubsetService = {
  /** Every endpoint of the service. */
  router: express.Router;
  /**
   * Only the two endpoints every preview calls (make subsets, fetch a subset file), for a server to
   * mount ahead of what only its pages need; `previewPaths` are where they live.
   */
  previewRouter: express.Router;
  previewPaths: readonly string[];
  /**
   * The common forms of those two requests answered as `previewRouter` answers them, without Express
   * (`previewAnswers`), for a server to call on each request before its app.
   */
  previewAnswers(options: PreviewAnswerOptions): NodeRequestAnswer;
  /** Every endpoint but those two, for a server that mounted `previewRouter` already. */
  restRouter: express.Router;
  /** Settles once the fonts to prepare are ready (at once without any). */
  fontsPrepared: Promise<void>;
  close(): Promise<void>;
};

/** The font subset service: HarfBuzz in process, subsets cached on disk, work limited per client. */
export async function createSubsetService(options: SubsetServiceOptions): Promise<SubsetService> {
  const subsetter: FaceSubsetter = options.threads
    ? await SubsetterPool.create({ memoryBudgetBytes: options.memoryBudgetBytes, threads: options.threads })
    : await Subsetter.create({ memoryBudgetBytes: options.memoryBudgetBytes });
  const cache = await SubsetCache.open({
    dir: path.resolve(options.cacheDir),
    subsetter,
    maxBytes: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
    // Alone, an instance still remembers its recipes: for the subsets it dropped before they were written.
    sharing: { recipes: options.recipes ?? new LocalSubsetRecipes(), findFont: (gno) => findSubsetFont(options, gno) },
  });
  const memory = new MemoryRateLimits();
  const rateLimiters = options.rateLimiters ?? {
    subset: new RateLimiter(memory, {
      bucket: "subset",
      limit: options.rateLimitPerMinute ?? DEFAULT_SUBSET_RATE_LIMIT_PER_MINUTE,
      windowMs: MINUTE_MS,
    }),
    files: new RateLimiter(memory, {
      bucket: "subset-files",
      limit: options.fileRateLimitPerMinute ?? DEFAULT_FILE_RATE_LIMIT_PER_MINUTE,
      windowMs: MINUTE_MS,
    }),
  };
  const previewService = { cache, fontSource: options.fontSource, rateLimiters };
  const previewRouter = createSubsetRouter(previewService);
  const restRouter = express.Router();
  if (options.variableFontSource) {
    restRouter.use(
      createVariableSubsetRouter({
        cache,
        variableFontSource: options.variableFontSource,
        rateLimiter: rateLimiters.subset,
      }),
    );
  }
  if (options.webFontCatalogue) {
    restRouter.use(
      createWebFontRouter({ cache, fontSource: options.fontSource, catalogue: options.webFontCatalogue, rateLimiters }),
    );
  }
  // Text drawn from its outlines (the studio's images, a font page's og:image) with the same loaded faces.
  const outlines = new OutlineRenderer({
    fontSource: options.fontSource,
    subset: (font, codepoints) => subsetter.subset(font, codepoints, "ttf"),
  });
  restRouter.use(createOutlineRouter({ renderer: outlines, rateLimiter: rateLimiters.subset }));
  const preparation =
    options.fontsToPrepare && prepareFonts({ gnos: options.fontsToPrepare, fontSource: options.fontSource, subsetter });
  return {
    router: express.Router().use(previewRouter, restRouter),
    previewRouter,
    previewPaths: SUBSET_PREVIEW_PATHS,
    previewAnswers: (answerOptions) => previewAnswers(previewService, answerOptions),
    restRouter,
    fontsPrepared: preparation?.done ?? Promise.resolve(),
    async close() {
      preparation?.stop();
      await preparation?.done;
      await cache.close();
      await subsetter.close();
    },
  };
}

/** The file behind a subset's `gno`: a catalogue font, or one slice of a variable font. */
async function findSubsetFont(
  { fontSource, variableFontSource }: Pick<SubsetServiceOptions, "fontSource" | "variableFontSource">,
  gno: string,
): Promise<FontSourceFile | null> {
  const slice = variableFontSource && readVariableSliceGno(gno);
  if (!slice) return fontSource(gno);
  const variable = await variableFontSource(slice.fontGno);
  return (await variable?.slices.find((candidate) => candidate.key === slice.sliceKey)?.file()) ?? null;
}

export { withLeadingLetter, subsetFamilyName } from "./family-name.js";
export type { FontSource, FontSourceFile } from "./font-source.js";
export { DEFAULT_CACHE_MAX_BYTES, SubsetCache, type SubsetEntry, type SubsetFileFormat } from "./subset-cache.js";
export { normalizeCodepoints, subsetHash } from "./subset-key.js";
export type { SubsetRecipe, SubsetRecipes } from "./subset-recipes.js";
export { rejectDeepBody, withCodepoints, type SubsetRequestItem } from "./subset-request.js";
export { createSubsetRouter, type SubsetRateLimiters } from "./subset-router.js";
export { Subsetter, type SubsetFontFile, type SubsetFormat } from "./subsetter.js";
export { decodeWoff, encodeWoff } from "./woff.js";
export type { VariableFontFile, VariableFontSlice, VariableFontSource } from "./variable-font-source.js";
export { createVariableSubsetRouter } from "./variable-router.js";
export type { WebFontCatalogue, WebFontWeight } from "./web-fonts/web-font-catalogue.js";
export { OutlineRenderer } from "./outlines/outline-renderer.js";
