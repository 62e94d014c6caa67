import type { Kysely } from "kysely";
import {
  ADVERT_POSITIONS,
  COLUMN_TYPES,
  LINK_TYPES,
  type Advert,
  type AdvertPosition,
  type ColumnType,
  type Dict,
  type FriendLink,
  type KeywordSuggestion,
  type WebColumn,
} from "../../contract/catalogue.js";
import type { Database } from "../db/schema.js";
import { likeContaining } from "../db/like-pattern.js";
import { storedOneOf } from "./stored-value.js";
import type { AssetUrl } from "./urls.js";

export async function dictionaries(db: Kysely<Database>): Promise<Dict[]> {
  const rows = await db.selectFrom("dictionary").selectAll().orderBy("category").orderBy("sort").execute();
  return rows.map((row) => ({
    category: row.category,
    dictNumber: row.dict_number,
    dictName: row.dict_name,
    sort: row.sort,
  }));
}

/** Hot keywords without `keyword`; with it, hot keywords then family and font names containing it. */
export async function keywordSuggestions(
  db: Kysely<Database>,
  keyword: string | undefined,
  limit: number,
): Promise<KeywordSuggestion[]> {
  let hotKeywords = db.selectFrom("hot_keyword").select("keyword").orderBy("sort").limit(limit);
  if (!keyword) {
    return (await hotKeywords.execute()).map((row) => ({ keyword: row.keyword, type: "keyword" }));
  }
  const pattern = likeContaining(keyword);
  hotKeywords = hotKeywords.where("keyword", "ilike", pattern);
  const [keywords, fonts] = await Promise.all([
    hotKeywords.execute(),
    db
      .selectFrom("font")
      .innerJoin("font_family", "font_family.id", "font.family_id")
      .select(["font.gno", "font.is_default", "font.weight_name", "font_family.name_zh", "font_family.name_en"])
      .where((eb) =>
        eb.or([
          eb("font_family.name_zh", "ilike", pattern),
          eb("font_family.name_en", "ilike", pattern),
          eb("font.name_en", "ilike", pattern),
        ]),
      )
      .orderBy("font_family.id")
      .orderBy("font.is_default", "desc")
      .orderBy("font.weight")
      .execute(),
  ]);
  const suggestions: KeywordSuggestion[] = keywords.map((row) => ({ keyword: row.keyword, type: "keyword" }));
  for (const font of fonts) {
    // A family is suggested by its Chinese name, pointing at its default weight; other weights by their own names.
    const name = font.is_default ? font.name_zh : `${font.name_zh} ${font.weight_name}`;
    suggestions.push({ keyword: name, type: "font", fontGNo: font.gno });
  }
  const seen = new Set<string>();
  return suggestions
    .filter((suggestion) => !seen.has(suggestion.keyword) && seen.add(suggestion.keyword))
    .slice(0, limit);
}

export async function friendLinks(db: Kysely<Database>): Promise<FriendLink[]> {
  const rows = await db.selectFrom("friend_link").selectAll().orderBy("sort").execute();
  return rows.map(({ id, name, link, link_type, sort }) => ({
    id,
    name,
    link,
    linkType: storedOneOf(LINK_TYPES, link_type, "friend_link.link_type"),
    sort,
  }));
}

export async function webColumns(db: Kysely<Database>, type: ColumnType): Promise<WebColumn[]> {
  const rows = await db
    .selectFrom("web_column")
    .select(["id", "name", "url", "type", "sort"])
    .where("type", "=", type)
    .orderBy("sort")
    .execute();
  return rows.map((row) => ({ ...row, type: storedOneOf(COLUMN_TYPES, row.type, "web_column.type") }));
}

export async function adverts(db: Kysely<Database>, position: AdvertPosition, assetUrl: AssetUrl): Promise<Advert[]> {
  const rows = await db
    .selectFrom("advert")
    .select(["id", "title", "image", "link", "position", "sort"])
    .where("position", "=", position)
    .orderBy("sort")
    .execute();
  return rows.map((row) => ({
    ...row,
    image: assetUrl(row.image),
    position: storedOneOf(ADVERT_POSITIONS, row.position, "advert.position"),
  }));
}
