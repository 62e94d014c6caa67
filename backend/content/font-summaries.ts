import { COMMERCIAL_LABELS } from "../../contract/catalogue.js";
import type { FontSummary } from "../../contract/content.js";
import { familySize, fontName } from "../catalogue/font-rows.js";
import { storedOneOf } from "../catalogue/stored-value.js";
import { fontDownloadPath } from "../catalogue/urls.js";
import type { ContentDb } from "./tables.js";

/** The catalogue's fonts among `gnos`, by gno; content may name fonts the catalogue no longer has. */
export async function loadFontSummaries(db: ContentDb, gnos: readonly string[]): Promise<Map<string, FontSummary>> {
  const wanted = [...new Set(gnos)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom("font")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .innerJoin("license", "license.code", "font.license_code")
    .select((eb) => [
      "font.gno",
      "font.family_id",
      "font.weight",
      "font.weight_name",
      "font.woff2_location",
      "font_family.name_zh",
      "license.name as license_name",
      "license.commercial_label",
      familySize(eb).as("family_size"),
    ])
    .where("font.gno", "in", wanted)
    .execute();
  return new Map(
    rows.map((row) => [
      row.gno,
      {
        fontGNo: row.gno,
        familyId: row.family_id,
        familyName: row.name_zh,
        fontName: fontName(row.name_zh, row.weight_name, row.family_size),
        weight: row.weight,
        webFontFamily: `A${row.gno}`,
        woffPath: row.woff2_location ? fontDownloadPath(row.gno, "woff2") : null,
        ttfPath: fontDownloadPath(row.gno),
        licenseName: row.license_name,
        commercialLabel: storedOneOf(COMMERCIAL_LABELS, row.commercial_label, "license.commercial_label"),
      },
    ]),
  );
}

/** `gnos` resolved in order, leaving out fonts the catalogue does not have. */
export function pickFonts(summaries: Map<string, FontSummary>, gnos: readonly string[]): FontSummary[] {
  return gnos.flatMap((gno) => summaries.get(gno) ?? []);
}
