import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import wawoff2 from "wawoff2";
import { decodedFontLocation, npmLocation, type FontStorage, type StorageLocation } from "../storage/font-storage.js";
import type { FontFileSource } from "./families.js";

/** A catalogue font file as stored: the TTF to serve and subset, and the WOFF2 it came from, if any. */
export type StoredFontFile = { ttf: StorageLocation; woff2: StorageLocation | null };

/**
 * Makes every source available as a TTF. WOFF2 sources are decoded once into the data directory;
 * this runs at every start, so a data directory wiped under a kept PostgreSQL database heals itself.
 */
export async function prepareFontFile(source: FontFileSource, storage: FontStorage): Promise<StoredFontFile> {
  if (source.format === "ttf") return { ttf: npmLocation(source.packageFile), woff2: null };

  const woff2 = npmLocation(source.packageFile);
  const ttf = decodedFontLocation(`${path.basename(source.packageFile, ".woff2")}.ttf`);
  const ttfPath = storage.resolve(ttf);
  if (!(await exists(ttfPath))) {
    // Copied at once: the result is a view into the decoder's wasm memory, which the next call reuses.
    const decoded = Buffer.from(await wawoff2.decompress(await fs.readFile(storage.resolve(woff2))));
    await fs.mkdir(path.dirname(ttfPath), { recursive: true });
    // Written aside and renamed, so a crash never leaves a truncated font behind.
    const partial = `${ttfPath}.${randomUUID()}.partial`;
    await fs.writeFile(partial, decoded);
    await fs.rename(partial, ttfPath);
  }
  return { ttf, woff2 };
}

async function exists(filePath: string): Promise<boolean> {
  try {
    await fs.access(filePath);
    return true;
  } catch {
    return false;
  }
}
