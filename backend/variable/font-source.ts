import type { Kysely } from "kysely";
import { VARIABLE_GNO_PATTERN } from "../../contract/variable.js";
import type { Database } from "../db/schema.js";
import { fileDigest } from "../storage/file-digest.js";
import type { FontStorage } from "../storage/font-storage.js";
import { variableSliceGno, type VariableFontFile, type VariableFontSource } from "../subset/variable-font-source.js";
import { decodedSlice } from "./decoded-slices.js";
import { VariableFontRepository } from "./repository.js";
import { variableDb } from "./tables.js";

/**
 * The subset service's view of the variable fonts: a number to its axes and slices. Each slice's
 * WOFF2 is decoded to TTF on first use; its cache version follows the published file's bytes.
 */
export function variableFontSource(db: Kysely<Database>, storage: FontStorage): VariableFontSource {
  const fonts = new VariableFontRepository(variableDb(db));
  return async (gno): Promise<VariableFontFile | null> => {
    if (!VARIABLE_GNO_PATTERN.test(gno)) return null;
    const [font, slices] = await Promise.all([fonts.find(gno), fonts.slices(gno)]);
    if (!font || slices.length === 0) return null;
    return {
      gno,
      axes: font.axes,
      slices: slices.map((slice) => ({
        key: slice.key,
        ranges: slice.ranges,
        async file() {
          const published = await storage.stat(slice.woff2Location);
          const decoded = published && (await decodedSlice(storage, slice.woff2Location));
          if (!published || !decoded) {
            console.error(`可变字体 ${gno} 的切片 ${slice.key} 文件缺失（${slice.woff2Location}）`);
            return null;
          }
          return {
            gno: variableSliceGno(gno, slice.key),
            filePath: decoded.path,
            size: decoded.size,
            version: `${font.version ?? "?"}|${published.size}|${await fileDigest(published)}`,
          };
        },
      })),
    };
  };
}
