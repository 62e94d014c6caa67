import { readFile } from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { FontStorage } from "../storage/font-storage.js";
import { readFontFacts } from "./font-reader.js";
import type { WebFontCatalogue } from "../subset/web-fonts/web-font-catalogue.js";

/** A name as the CSS API compares it: letter case and runs of spaces do not matter. */
function comparable(name: string): string {
  return name.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * The catalogue's families and each font's code points, for the CSS API: as seeded for a family's
 * default font, read from the font file's cmap for its other weights (the seed stores only the default's).
 */
export function webFontCatalogue(db: Kysely<Database>, storage: FontStorage): WebFontCatalogue {
  return {
    async family(name) {
      const wanted = comparable(name);
      const rows = await db
        .selectFrom("font_family")
        .innerJoin("font", "font.family_id", "font_family.id")
        .select(["font.gno", "font.weight", "font.is_default"])
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(font_family.name_zh)`, "=", wanted),
            eb(sql<string>`lower(font_family.name_en)`, "=", wanted),
          ]),
        )
        .orderBy("font.weight")
        .orderBy("font.gno")
        .execute();
      if (rows.length === 0) return null;
      // Two fonts of one weight (a family with a second width, say): the first is the one served.
      const weights = rows.filter((row, index) => rows.findIndex((other) => other.weight === row.weight) === index);
      return { weights: weights.map((row) => ({ gno: row.gno, weight: row.weight, isDefault: row.is_default })) };
    },
    async codepoints(gno) {
      const ranges = await db
        .selectFrom("font_codepoint_range")
        .select(["range_start", "range_end"])
        .where("font_gno", "=", gno)
        .orderBy("range_start")
        .execute();
      if (ranges.length === 0) return codepointsOfFile(gno);
      const codepoints: number[] = [];
      for (const { range_start, range_end } of ranges) {
        for (let codepoint = range_start; codepoint <= range_end; codepoint++) codepoints.push(codepoint);
      }
      return codepoints;
    },
  };

  async function codepointsOfFile(gno: string): Promise<number[] | null> {
    const font = await db.selectFrom("font").select("file_location").where("gno", "=", gno).executeTakeFirst();
    const stored = font && (await storage.stat(font.file_location));
    if (!stored) return null;
    return [...readFontFacts(await readFile(stored.path)).codepoints];
  }
}
