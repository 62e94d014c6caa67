import type { Kysely } from "kysely";
import type { Charset, ChildFont, Font, FontFamilySummary, StyleCategory, Tag } from "../../contract/catalogue.js";
import type { Database } from "../db/schema.js";
import { familyConditions, orderFamilies, type FontListFilter } from "./family-filters.js";
import {
  groupBy,
  selectFamilyStyles,
  selectFamilyTags,
  selectFontCharsets,
  selectFontRows,
  toFont,
} from "./font-rows.js";
import type { AssetUrl } from "./urls.js";

export type { FontListFilter } from "./family-filters.js";

/** Reads the catalogue and assembles the font shapes of the contract. */
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
  async familyOfFont(gno: string): Promise<ChildFont[] | null> {
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

  /** The family of font `gno`, or null for an unknown font. */
  async familySummary(gno: string): Promise<FontFamilySummary | null> {
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
          // As familyRepresentatives: the default weight, else the lightest.
          .orderBy("d.is_default", "desc")
          .orderBy("d.weight")
          .orderBy("d.gno")
          .limit(1)
          .as("defaultFontGNo"),
        eb
          .selectFrom("font as c")
          .select((c) => c.fn.countAll<number>().as("n"))
          .whereRef("c.family_id", "=", "font_family.id")
          .as("fontCount"),
      ])
      .executeTakeFirst();
    // The font itself is in its family, so a family found always has a font to name.
    if (!row?.defaultFontGNo) return null;
    return { ...row, defaultFontGNo: row.defaultFontGNo, fontCount: Number(row.fontCount) };
  }

  /** The stored files of every weight in the family of font `gno`, lightest first; empty for an unknown font. */
  async familyFiles(gno: string) {
    return this.selectFiles()
      .where("font.family_id", "=", (eb) => eb.selectFrom("font as f").select("f.family_id").where("f.gno", "=", gno))
      .orderBy("font.weight")
      .orderBy("font.gno")
      .execute();
  }

  /** The stored files of font `gno`, or null. Asked for every download and every subset. */
  async fontFiles(gno: string) {
    return (await this.selectFiles().where("font.gno", "=", gno).executeTakeFirst()) ?? null;
  }

  private selectFiles() {
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
      ]);
  }

  /** Every font's number, the most viewed first. */
  async gnosByViews(): Promise<string[]> {
    const rows = await this.db.selectFrom("font").select("gno").orderBy("views", "desc").orderBy("gno").execute();
    return rows.map((row) => row.gno);
  }

  /** Adds `count` views; false when there is no such font. */
  addViews(gno: string, count = 1): Promise<boolean> {
    return this.increment(gno, "views", count);
  }

  addDownload(gno: string): Promise<boolean> {
    return this.increment(gno, "downloads", 1);
  }

  private async increment(gno: string, counter: "views" | "downloads", count: number): Promise<boolean> {
    const result = await this.db
      .updateTable("font")
      .set((eb) => ({ [counter]: eb(counter, "+", count) }))
      .where("gno", "=", gno)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async stats() {
    const row = await this.db
      .selectFrom("font")
      .innerJoin("license", "license.code", "font.license_code")
      .select((eb) => [
        eb.fn.countAll<number>().as("fontCount"),
        eb.fn.count<number>("font.family_id").distinct().as("familyCount"),
        eb.fn.sum<number>(eb.case().when("license.commercial_use", "=", true).then(1).else(0).end()).as("free"),
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
  private async loadFamilies(familyIds: number[]): Promise<Map<number, ChildFont[]>> {
    if (familyIds.length === 0) return new Map();
    const [fonts, styles, tags, charsets] = await Promise.all([
      selectFontRows(this.db, familyIds),
      selectFamilyStyles(this.db, familyIds),
      selectFamilyTags(this.db, familyIds),
      selectFontCharsets(this.db, familyIds),
    ]);
    const stylesOf = groupBy(
      styles,
      (row) => row.family_id,
      (row) => this.toStyleCategory(row),
    );
    const tagsOf = groupBy(
      tags,
      (row) => row.family_id,
      ({ id, name }): Tag => ({ id, name }),
    );
    const charsetsOf = groupBy(
      charsets,
      (row) => row.font_gno,
      ({ font_gno, ...charset }): Charset => charset,
    );
    return groupBy(
      fonts,
      (row) => row.family_id,
      (row) =>
        toFont(row, {
          styles: stylesOf.get(row.family_id) ?? [],
          tags: tagsOf.get(row.family_id) ?? [],
          charsets: charsetsOf.get(row.gno) ?? [],
        }),
    );
  }
}
