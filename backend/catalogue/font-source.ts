import type { FontStorage } from "../storage/font-storage.js";
import type { FontSource } from "../subset/font-source.js";
import type { FontRepository } from "./font-repository.js";
import { logMissingFontFile } from "./missing-font-file.js";
import { FONT_GNO_PATTERN } from "../../contract/catalogue.js";

/** The subset service's view of the catalogue: a font number to its TTF on local storage. */
export function catalogueFontSource(fonts: FontRepository, storage: FontStorage): FontSource {
  return async (gno) => {
    if (!FONT_GNO_PATTERN.test(gno)) return null;
    const font = await fonts.fontFiles(gno);
    if (!font) return null;
    // A catalogued font whose file has gone is as unavailable as an unknown one, not a server error.
    const stored = await storage.stat(font.file_location);
    if (!stored) {
      logMissingFontFile(gno, font.file_location);
      return null;
    }
    const { path: filePath, size, mtimeMs } = stored;
    return { gno, filePath, size, version: `${font.version ?? "?"}|${size}|${Math.trunc(mtimeMs)}` };
  };
}
