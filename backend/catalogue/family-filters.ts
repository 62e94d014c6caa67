import type { FontSort } from "../../contract/catalogue.js";
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { likeContaining } from "../db/like-pattern.js";
import type { Database, FontTable } from "../db/schema.js";
import { ALL_STYLES_CODE } from "./style-categories.js";

export type FontListFilter = {
  style?: string;
  tagId?: number;
  keyword?: string;
  /** Code points every listed family's default font must have. */
  codepoints?: number[];
  /** Only families whose default font is one of these. */
  gnos?: string[];
  sort: FontSort;
};

/** A query over families joined with their default font as `d`. */
type FamilyTables = Database & { d: FontTable };
type FamilyScope = ExpressionBuilder<FamilyTables, "font_family" | "d">;
type FamilyQuery<Output> = SelectQueryBuilder<FamilyTables, "font_family" | "d", Output>;

export function familyConditions(eb: FamilyScope, filter: FontListFilter): Array<Expression<SqlBool>> {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filter.style && filter.style !== ALL_STYLES_CODE) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom("font_family_style as s")
          .select("s.family_id")
          .whereRef("s.family_id", "=", "font_family.id")
          .where("s.style_code", "=", filter.style),
      ),
    );
  }
  if (filter.tagId !== undefined) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom("font_family_tag as t")
          .select("t.family_id")
          .whereRef("t.family_id", "=", "font_family.id")
          .where("t.tag_id", "=", filter.tagId),
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
  if (filter.gnos) conditions.push(eb("d.gno", "in", filter.gnos.length > 0 ? filter.gnos : [""]));
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

export function orderFamilies<Output>(query: FamilyQuery<Output>, sort: FontSort): FamilyQuery<Output> {
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
