import fs from "node:fs/promises";
import type { FontStorage } from "../storage/font-storage.js";
import type { FontSource } from "../subset/font-source.js";
import type { FontRepository } from "./font-repository.js";
import { FONT_GNO_PATTERN } from "./urls.js";

/** The subset service's view of the catalogue: a font number to its TTF on local storage. */
export function catalogueFontSource(fonts: FontRepository, storage: FontStorage): FontSource {
  return async (gno) => {
    if (!FONT_GNO_PATTERN.test(gno)) return null;
    const font = await fonts.fontFiles(gno);
    if (!font) return null;
    const filePath = storage.resolve(font.file_location);
    // A catalogued font whose file has gone is as unavailable as an unknown one, not a server error.
    const stats = await fs.stat(filePath).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!stats) return null;
    const { size, mtimeMs } = stats;
    return { gno, filePath, size, version: `${font.version ?? "?"}|${size}|${Math.trunc(mtimeMs)}` };
  };
}
