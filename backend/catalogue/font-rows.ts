import type { ExpressionBuilder, Kysely } from "kysely";
import {
  COMMERCIAL_LABELS,
  type Charset,
  type ChildFont,
  type StyleCategory,
  type Tag,
} from "../../contract/catalogue.js";
import type { Database } from "../db/schema.js";
import { storedOneOf } from "./stored-value.js";
import { fontDownloadPath } from "./urls.js";

/** The queries behind the Font shape, one per related table, for a set of families. */

export function selectFontRows(db: Kysely<Database>, familyIds: number[]) {
  return db
    .selectFrom("font")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .innerJoin("license", "license.code", "font.license_code")
    .selectAll("font")
    .select([
      "font_family.name_zh as family_name_zh",
      "font_family.name_en as family_name_en",
      "font_family.description",
      "font_family.video_url",
      "license.name as license_name",
      "license.commercial_use",
      "license.commercial_label",
    ])
    .select((eb) => familySize(eb).as("family_size"))
    .where("font.family_id", "in", familyIds)
    .orderBy("font.weight")
    .orderBy("font.gno")
    .execute();
}

export function selectFamilyStyles(db: Kysely<Database>, familyIds: number[]) {
  return db
    .selectFrom("font_family_style")
    .innerJoin("style_category", "style_category.code", "font_family_style.style_code")
    .selectAll("style_category")
    .select("font_family_style.family_id")
    .where("font_family_style.family_id", "in", familyIds)
    .orderBy("style_category.sort")
    .execute();
}

export function selectFamilyTags(db: Kysely<Database>, familyIds: number[]) {
  return db
    .selectFrom("font_family_tag")
    .innerJoin("tag", "tag.id", "font_family_tag.tag_id")
    .select(["font_family_tag.family_id", "tag.id", "tag.name"])
    .where("font_family_tag.family_id", "in", familyIds)
    .orderBy("tag.sort")
    .execute();
}

export function selectFontCharsets(db: Kysely<Database>, familyIds: number[]) {
  return db
    .selectFrom("font_charset")
    .innerJoin("charset", "charset.code", "font_charset.charset_code")
    .innerJoin("font", "font.gno", "font_charset.font_gno")
    .select(["font_charset.font_gno", "charset.code", "charset.name", "font_charset.covered", "charset.total"])
    .where("font.family_id", "in", familyIds)
    .orderBy("charset.sort")
    .execute();
}

/** How many fonts the family of the query's `font` row has. */
export function familySize(eb: ExpressionBuilder<Database, "font">) {
  return eb
    .selectFrom("font as sibling")
    .select((s) => s.fn.countAll<number>().as("n"))
    .whereRef("sibling.family_id", "=", "font.family_id");
}

/** A font's display name: a single-weight family's font is called by the family's name alone. */
export function fontName(familyName: string, weightName: string, familySize: number | string | bigint | null): string {
  return Number(familySize) > 1 ? `${familyName} ${weightName}` : familyName;
}

export type FontRow = Awaited<ReturnType<typeof selectFontRows>>[number];

/** A font as the contract shapes it, children left empty. */
export function toFont(
  row: FontRow,
  related: { styles: StyleCategory[]; tags: Tag[]; charsets: Charset[] },
): ChildFont {
  return {
    fontGNo: row.gno,
    familyId: row.family_id,
    familyName: row.family_name_zh,
    familyNameEn: row.family_name_en,
    fontName: fontName(row.family_name_zh, row.weight_name, row.family_size),
    styleName: row.style_name,
    weight: row.weight,
    webFontFamily: `A${row.gno}`,
    woffPath: row.woff2_location ? fontDownloadPath(row.gno, "woff2") : null,
    ttfPath: fontDownloadPath(row.gno),
    isDefault: row.is_default,
    description: row.description,
    styles: related.styles,
    tags: related.tags,
    license: {
      code: row.license_code,
      name: row.license_name,
      url: row.license_url,
      commercialUse: row.commercial_use,
      commercialLabel: storedOneOf(COMMERCIAL_LABELS, row.commercial_label, "license.commercial_label"),
      commercialSource: row.license_source,
    },
    designer: row.designer,
    foundry: row.foundry,
    copyright: row.copyright,
    version: row.version,
    glyphCount: row.glyph_count,
    charsets: related.charsets,
    fileSize: row.file_size,
    format: "ttf",
    videoUrl: row.video_url,
    downloads: row.downloads,
    views: row.views,
    createdAt: new Date(row.created_at).toISOString(),
    childFontResource: [],
  };
}

export function groupBy<Row, Key, Value>(
  rows: Row[],
  keyOf: (row: Row) => Key,
  valueOf: (row: Row) => Value,
): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? [];
    group.push(valueOf(row));
    groups.set(key, group);
  }
  return groups;
}
