import { fileDigest } from "../storage/file-digest.js";
import type { FontStorage } from "../storage/font-storage.js";
import type { FontSource } from "../subset/font-source.js";
import type { FontRepository } from "./font-repository.js";
import { logMissingFontFile } from "./missing-font-file.js";
import { FONT_GNO_PATTERN } from "../../contract/catalogue.js";

/** How long a font's catalogue row is reused for subsets: a page of previews asks for about twenty at once. */
const CATALOGUE_ROW_TTL_MS = 30_000;
/** Rows kept at most (the catalogue is smaller; unknown numbers are kept as unknown too). */
const CATALOGUE_ROWS_KEPT = 2_000;

type FontFilesRow = Awaited<ReturnType<FontRepository["fontFiles"]>>;

/**
 * The subset service's view of the catalogue: a font number to its TTF on local storage, its version
 * made of the font's own version and the file's bytes. The catalogue row is reused for
 * CATALOGUE_ROW_TTL_MS; the file itself is checked on every call.
 */
export function catalogueFontSource(fonts: FontRepository, storage: FontStorage): FontSource {
  const rows = new Map<string, { row: Promise<FontFilesRow>; readAt: number }>();
  const catalogueRow = (gno: string): Promise<FontFilesRow> => {
    const now = Date.now();
    const held = rows.get(gno);
    if (held && now - held.readAt < CATALOGUE_ROW_TTL_MS) return held.row;
    if (rows.size >= CATALOGUE_ROWS_KEPT) rows.clear();
    const row = fonts.fontFiles(gno);
    rows.set(gno, { row, readAt: now });
    row.catch(() => rows.delete(gno));
    return row;
  };
  return async (gno) => {
    if (!FONT_GNO_PATTERN.test(gno)) return null;
    const font = await catalogueRow(gno);
    if (!font) return null;
    // A catalogued font whose file has gone is as unavailable as an unknown one, not a server error.
    const stored = await storage.stat(font.file_location);
    if (!stored) {
      logMissingFontFile(gno, font.file_location);
      return null;
    }
    return {
      gno,
      filePath: stored.path,
      size: stored.size,
      version: `${font.version ?? "?"}|${stored.size}|${await fileDigest(stored)}`,
    };
  };
}
