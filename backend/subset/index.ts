import path from "node:path";
import type express from "express";
import type { FontSource } from "./font-source.js";
import { DEFAULT_CACHE_MAX_BYTES, SubsetCache } from "./subset-cache.js";
import { createSubsetRouter } from "./subset-router.js";
import { Subsetter } from "./subsetter.js";

export type SubsetServiceOptions = {
  /** Where subset files and their index entries are written. */
  cacheDir: string;
  /** Bound on the estimated memory of the faces kept loaded (SUBSET_MEMORY_MB). */
  memoryBudgetBytes: number;
  /** Bound on the bytes of the cached subset files, least recently used deleted first (SUBSET_CACHE_MB); 1 GiB by default. */
  cacheMaxBytes?: number;
  fontSource: FontSource;
};

export type SubsetService = { router: express.Router; close(): Promise<void> };

/** The font subset service of SPEC 7: HarfBuzz in process, subsets cached on disk. */
export async function createSubsetService(options: SubsetServiceOptions): Promise<SubsetService> {
  const subsetter = await Subsetter.create({ memoryBudgetBytes: options.memoryBudgetBytes });
  const cache = await SubsetCache.open({
    dir: path.resolve(options.cacheDir),
    subsetter,
    maxBytes: options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
  });
  return {
    router: createSubsetRouter({ cache, fontSource: options.fontSource }),
    async close() {
      await cache.close();
      await subsetter.close();
    },
  };
}

export { withLeadingLetter, subsetFamilyName } from "./family-name.js";
export type { FontSource, FontSourceFile } from "./font-source.js";
export { DEFAULT_CACHE_MAX_BYTES, SubsetCache, type SubsetEntry, type SubsetFileFormat } from "./subset-cache.js";
export { normalizeCodepoints, subsetHash } from "./subset-key.js";
export { parseSubsetRequest, SUBSET_LIMITS, type SubsetRequestItem } from "./subset-request.js";
export { createSubsetRouter, type SubsetResponseItem } from "./subset-router.js";
export { Subsetter, type SubsetFontFile, type SubsetFormat } from "./subsetter.js";
export { decodeWoff, encodeWoff } from "./woff.js";
