import { sql, type Kysely } from "kysely";
import type { FontCoverageItem } from "../../contract/coverage.js";
import type { Database } from "../db/schema.js";
import { orderFamilies } from "./family-filters.js";
import { fontName } from "./font-rows.js";

/**
 * For each family's default font, most popular family first, the code points among `codepoints` (sorted,
 * distinct) that none of its code point ranges holds: one query over the ranges the seed read from each
 * font's cmap, the same ones the font list's can-render filter reads.
 */
export async function fontCoverage(db: Kysely<Database>, codepoints: number[]): Promise<FontCoverageItem[]> {
  const families = await orderFamilies(
    db
      .selectFrom("font_family")
      .innerJoin("font as d", (join) => join.onRef("d.family_id", "=", "font_family.id").on("d.is_default", "=", true))
      .select([
        "d.gno",
        "d.weight_name",
        "font_family.id as family_id",
        "font_family.name_zh",
        (eb) =>
          eb
            .selectFrom("font as sibling")
            .select((count) => count.fn.countAll<number>().as("size"))
            .whereRef("sibling.family_id", "=", "font_family.id")
            .as("family_size"),
      ]),
    "hot",
  ).execute();
  const lacking = await sql<{ gno: string; codepoint: number }>`
    select d.gno, required.codepoint
    from font d
    cross join unnest(cast(${codepoints} as integer[])) as required(codepoint)
    where d.is_default and not exists (
      select 1 from font_codepoint_range r
      where r.font_gno = d.gno and required.codepoint between r.range_start and r.range_end
    )
    order by required.codepoint`.execute(db);
  const missing = new Map<string, string[]>();
  for (const row of lacking.rows) {
    const list = missing.get(row.gno) ?? [];
    list.push(String.fromCodePoint(Number(row.codepoint)));
    missing.set(row.gno, list);
  }
  return families.map((family) => ({
    fontGNo: family.gno,
    familyId: family.family_id,
    familyName: family.name_zh,
    fontName: fontName(family.name_zh, family.weight_name, family.family_size),
    missing: (missing.get(family.gno) ?? []).join(""),
  }));
}
