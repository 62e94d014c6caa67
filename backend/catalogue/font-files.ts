import path from "node:path";
import { decodedFont } from "../storage/decoded-fonts.js";
import { decodedFontLocation, npmLocation, type FontStorage, type StorageLocation } from "../storage/font-storage.js";
import type { FontFileSource } from "./families.js";

/** A catalogue font file as stored: the TTF to serve and subset, and the WOFF2 it came from, if any. */
export type StoredFontFile = { ttf: StorageLocation; woff2: StorageLocation | null };

/**
 * Makes every source available as a TTF. WOFF2 sources are decoded into the data directory; this
 * runs at every start, so a data directory wiped under a kept PostgreSQL database heals itself.
 */
export async function prepareFontFile(source: FontFileSource, storage: FontStorage): Promise<StoredFontFile> {
  if (source.format === "ttf") return { ttf: npmLocation(source.packageFile), woff2: null };

  const woff2 = npmLocation(source.packageFile);
  const ttf = decodedFontLocation(`${path.basename(source.packageFile, ".woff2")}.ttf`);
  if (!(await decodedFont(storage, woff2, ttf))) throw new Error(`字体文件缺失：${woff2}`);
  return { ttf, woff2 };
}
