import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Database, FontTable } from "../db/schema.js";
import type { CommercialLabel } from "./licence.js";
import type { FontSort } from "./site-content.js";
import { ALL_STYLES_CODE } from "./style-categories.js";
import type { Font, StyleCategory, Tag, Charset } from "./types.js";
import { fontDownloadPath, type AssetUrl } from "./urls.js";

export type FontListFilter = {
  style?: string;
  tagId?: number;
  keyword?: string;
  /** Code points every listed family's default font must have. */
  codepoints?: number[];
  sort: FontSort;
};

/** A query over families joined with their default font as `d`. */
type FamilyTables = Database & { d: FontTable };
type FamilyScope = ExpressionBuilder<FamilyTables, "font_family" | "d">;
type FamilyQuery<Output> = SelectQueryBuilder<FamilyTables, "font_family" | "d", Output>;

/** Reads the catalogue and assembles the Font shapes of docs/api.md. */
export class FontRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly assetUrl: AssetUrl,
  ) {}

  /** One page of families matching `filter`, as their default fonts with every weight as children. */
  async listFamilies(filter: FontListFilter, limit: number, offset: number): Promise<{ fonts: Font[]; total: number }> {
    const matching = this.db
      .selectFrom("font_family")
      .innerJoin("font as d", (join) => join.onRef("d.family_id", "=", "font_family.id").on("d.is_default", "=", true))
      .where((eb) => eb.and(familyConditions(eb, filter)));
    const [{ total }, page] = await Promise.all([
      matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
      orderFamilies(matching.select("font_family.id"), filter.sort).limit(limit).offset(offset).execute(),
    ]);
    return { fonts: await this.familyRepresentatives(page.map((row) => row.id)), total: Number(total) };
  }

  /** The default fonts of these families, in the given order, each with its family as children. */
  async familyRepresentatives(familyIds: number[]): Promise<Font[]> {
    const families = await this.loadFamilies(familyIds);
    return familyIds.flatMap((id) => {
      const fonts = families.get(id) ?? [];
      const representative = fonts.find((font) => font.isDefault) ?? fonts[0];
      return representative ? [{ ...representative, childFontResource: fonts }] : [];
    });
  }

  /** Every weight of the family of font `gno` (children empty), or null for an unknown font. */
  async familyOfFont(gno: string): Promise<Font[] | null> {
    const font = await this.db.selectFrom("font").select("family_id").where("gno", "=", gno).executeTakeFirst();
    if (!font) return null;
    return (await this.loadFamilies([font.family_id])).get(font.family_id) ?? null;
  }

  /** Font `gno` with every weight of its family as children, or null. */
  async fontWithFamily(gno: string): Promise<Font | null> {
    const fonts = await this.familyOfFont(gno);
    const font = fonts?.find((candidate) => candidate.fontGNo === gno);
    return font && fonts ? { ...font, childFontResource: fonts } : null;
  }

  async familySummary(gno: string) {
    const row = await this.db
      .selectFrom("font")
      .innerJoin("font_family", "font_family.id", "font.family_id")
      .where("font.gno", "=", gno)
      .select((eb) => [
        "font_family.id as familyId",
        "font_family.name_zh as familyName",
        "font_family.name_en as familyNameEn",
        eb
          .selectFrom("font as d")
          .select("d.gno")
          .whereRef("d.family_id", "=", "font_family.id")
          .where("d.is_default", "=", true)
          .as("defaultFontGNo"),
        eb
          .selectFrom("font as c")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("c.family_id", "=", "font_family.id")
          .as("fontCount"),
      ])
      .executeTakeFirst();
    return row ? { ...row, fontCount: Number(row.fontCount) } : null;
  }

  /** The stored files of every weight in the family of font `gno`, lightest first; empty for an unknown font. */
  async familyFiles(gno: string) {
    return this.db
      .selectFrom("font")
      .innerJoin("font_family", "font_family.id", "font.family_id")
      .select([
        "font.gno",
        "font.file_location",
        "font.woff2_location",
        "font.file_size",
        "font.version",
        "font.weight_name",
        "font_family.name_zh as family_name_zh",
      ])
      .where("font.family_id", "=", (eb) => eb.selectFrom("font as f").select("f.family_id").where("f.gno", "=", gno))
      .orderBy("font.weight")
      .orderBy("font.gno")
      .execute();
  }

  async fontFiles(gno: string) {
    return (await this.familyFiles(gno)).find((font) => font.gno === gno) ?? null;
  }

  async addView(gno: string): Promise<void> {
    await this.db.updateTable("font").set((eb) => ({ views: eb("views", "+", 1) })).where("gno", "=", gno).execute();
  }

  async addDownload(gno: string): Promise<void> {
    await this.db
      .updateTable("font")
      .set((eb) => ({ downloads: eb("downloads", "+", 1) }))
      .where("gno", "=", gno)
      .execute();
  }

  async stats() {
    const row = await this.db
      .selectFrom("font")
      .innerJoin("licence", "licence.code", "font.licence_code")
      .select((eb) => [
        eb.fn.countAll<number>().as("fontCount"),
        eb.fn.count<number>("font.family_id").distinct().as("familyCount"),
        eb.fn.sum<number>(eb.case().when("licence.commercial_use", "=", true).then(1).else(0).end()).as("free"),
      ])
      .executeTakeFirstOrThrow();
    return {
      fontCount: Number(row.fontCount),
      familyCount: Number(row.familyCount),
      freeCommercialCount: Number(row.free ?? 0),
    };
  }

  async recommendedFamilyIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom("font_family")
      .select("id")
      .where("recommend_sort", "is not", null)
      .orderBy("recommend_sort")
      .execute();
    return rows.map((row) => row.id);
  }

  async styleCategories(): Promise<StyleCategory[]> {
    const rows = await this.db.selectFrom("style_category").selectAll().orderBy("sort").execute();
    return rows.map((row) => this.toStyleCategory(row));
  }

  private toStyleCategory(row: Database["style_category"]): StyleCategory {
    return {
      code: row.code,
      name: row.name,
      url: row.url,
      imageDark: this.assetUrl(row.image_dark),
      imageLight: this.assetUrl(row.image_light),
      sort: row.sort,
    };
  }

  /** Every font of these families, lightest first, children left empty. */
  private async loadFamilies(familyIds: number[]): Promise<Map<number, Font[]>> {
    const byFamily = new Map<number, Font[]>();
    if (familyIds.length === 0) return byFamily;
    const [fonts, styles, tags, charsets] = await Promise.all([
      this.db
        .selectFrom("font")
        .innerJoin("font_family", "font_family.id", "font.family_id")
        .innerJoin("licence", "licence.code", "font.licence_code")
        .selectAll("font")
        .select([
          "font_family.name_zh as family_name_zh",
          "font_family.name_en as family_name_en",
          "font_family.description",
          "font_family.video_url",
          "licence.name as licence_name",
          "licence.commercial_use",
          "licence.commercial_label",
        ])
        .select((eb) =>
          eb
            .selectFrom("font as sibling")
            .select((s) => s.fn.countAll<number>().as("n"))
            .whereRef("sibling.family_id", "=", "font.family_id")
            .as("family_size"),
        )
        .where("font.family_id", "in", familyIds)
        .orderBy("font.weight")
        .orderBy("font.gno")
        .execute(),
      this.db
        .selectFrom("font_family_style")
        .innerJoin("style_category", "style_category.code", "font_family_style.style_code")
        .selectAll("style_category")
        .select("font_family_style.family_id")
        .where("font_family_style.family_id", "in", familyIds)
        .orderBy("style_category.sort")
        .execute(),
      this.db
        .selectFrom("font_family_tag")
        .innerJoin("tag", "tag.id", "font_family_tag.tag_id")
        .select(["font_family_tag.family_id", "tag.id", "tag.name"])
        .where("font_family_tag.family_id", "in", familyIds)
        .orderBy("tag.sort")
        .execute(),
      this.db
        .selectFrom("font_charset")
        .innerJoin("charset", "charset.code", "font_charset.charset_code")
        .innerJoin("font", "font.gno", "font_charset.font_gno")
        .select(["font_charset.font_gno", "charset.code", "charset.name", "font_charset.covered", "charset.total"])
        .where("font.family_id", "in", familyIds)
        .orderBy("charset.sort")
        .execute(),
    ]);

    const stylesOf = groupBy(styles, (row) => row.family_id, (row) => this.toStyleCategory(row));
    const tagsOf = groupBy(tags, (row) => row.family_id, ({ id, name }): Tag => ({ id, name }));
    const charsetsOf = groupBy(charsets, (row) => row.font_gno, ({ code, name, covered, total }): Charset => ({
      code,
      name,
      covered,
      total,
    }));

    for (const row of fonts) {
      const font: Font = {
        fontGNo: row.gno,
        familyId: row.family_id,
        familyName: row.family_name_zh,
        familyNameEn: row.family_name_en,
        fontName: Number(row.family_size) > 1 ? `${row.family_name_zh} ${row.weight_name}` : row.family_name_zh,
        styleName: row.style_name,
        weight: row.weight,
        webFontFamily: `A${row.gno}`,
        woffPath: row.woff2_location ? fontDownloadPath(row.gno, "woff2") : null,
        ttfPath: fontDownloadPath(row.gno),
        isDefault: row.is_default,
        description: row.description,
        styles: stylesOf.get(row.family_id) ?? [],
        tags: tagsOf.get(row.family_id) ?? [],
        license: {
          code: row.licence_code,
          name: row.licence_name,
          url: row.licence_url,
          commercialUse: row.commercial_use,
          commercialLabel: row.commercial_label as CommercialLabel,
          commercialSource: row.licence_source,
        },
        designer: row.designer,
        foundry: row.foundry,
        copyright: row.copyright,
        version: row.version,
        glyphCount: row.glyph_count,
        charsets: charsetsOf.get(row.gno) ?? [],
        fileSize: row.file_size,
        format: "ttf",
        videoUrl: row.video_url,
        downloads: row.downloads,
        views: row.views,
        createdAt: new Date(row.created_at).toISOString(),
        childFontResource: [],
      };
      const family = byFamily.get(row.family_id) ?? [];
      family.push(font);
      byFamily.set(row.family_id, family);
    }
    return byFamily;
  }
}

function groupBy<Row, Key, Value>(rows: Row[], keyOf: (row: Row) => Key, valueOf: (row: Row) => Value): Map<Key, Value[]> {
  const groups = new Map<Key, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key) ?? [];
    group.push(valueOf(row));
    groups.set(key, group);
  }
  return groups;
}

/** `%`, `_` and the escape character itself match literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function familyConditions(eb: FamilyScope, filter: FontListFilter): Array<Expression<SqlBool>> {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.style && filter.style !== ALL_STYLES_CODE) {
    const style = filter.style;
    conditions.push(
      eb.exists(
        eb
          .selectFrom("font_family_style as s")
          .select("s.family_id")
          .whereRef("s.family_id", "=", "font_family.id")
          .where("s.style_code", "=", style),
      ),
    );
  }
  if (filter.tagId !== undefined) {
    const tagId = filter.tagId;
    conditions.push(
      eb.exists(
        eb
          .selectFrom("font_family_tag as t")
          .select("t.family_id")
          .whereRef("t.family_id", "=", "font_family.id")
          .where("t.tag_id", "=", tagId),
      ),
    );
  }
  if (filter.keyword) {
    const pattern = likeContaining(filter.keyword);
    conditions.push(
      eb.or([
        eb("font_family.name_zh", "ilike", pattern),
        eb("font_family.name_en", "ilike", pattern),
        eb("font_family.pinyin", "ilike", pattern),
        eb.exists(
          eb
            .selectFrom("font as k")
            .select("k.gno")
            .whereRef("k.family_id", "=", "font_family.id")
            .where((k) =>
              k.or([
                k(sql<string>`font_family.name_zh || ' ' || k.weight_name`, "ilike", pattern),
                k("k.name_en", "ilike", pattern),
                k("k.designer", "ilike", pattern),
                k("k.foundry", "ilike", pattern),
              ]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom("font_family_tag as ft")
            .innerJoin("tag", "tag.id", "ft.tag_id")
            .select("ft.family_id")
            .whereRef("ft.family_id", "=", "font_family.id")
            .where("tag.name", "ilike", pattern),
        ),
      ]),
    );
  }
  if (filter.codepoints?.length) {
    // No required code point may fall outside every range of the default font.
    conditions.push(sql<SqlBool>`not exists (
      select 1 from unnest(cast(${filter.codepoints} as integer[])) as required(codepoint)
      where not exists (
        select 1 from font_codepoint_range r
        where r.font_gno = d.gno and required.codepoint between r.range_start and r.range_end
      )
    )`);
  }
  return conditions;
}

function orderFamilies<Output>(query: FamilyQuery<Output>, sort: FontSort): FamilyQuery<Output> {
  switch (sort) {
    case "new":
      return query.orderBy("font_family.created_at", "desc").orderBy("font_family.id", "desc");
    case "name":
      return query.orderBy(sql`font_family.pinyin collate "C"`).orderBy("font_family.id");
    case "hot":
      return query
        .orderBy(sql`(select sum(p.downloads) from font p where p.family_id = font_family.id)`, "desc")
        .orderBy(sql`(select sum(p.views) from font p where p.family_id = font_family.id)`, "desc")
        .orderBy("font_family.id");
  }
}
