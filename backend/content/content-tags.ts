import { sql, type Expression, type SqlBool } from "kysely";
import type { ContentTag, ContentTagCount } from "../../contract/content.js";
import { likeContaining } from "../db/like-pattern.js";
import type { ContentDb, ContentKind } from "./tables.js";

type TaggedKind = Exclude<ContentKind, "baike">;

/** The table linking items of a kind to their tags, and its column naming the item. */
const TAG_LINKS = {
  album: { table: "album_tag", item: "album_id" },
  case: { table: "font_case_tag", item: "case_id" },
  news: { table: "news_article_tag", item: "news_id" },
  video: { table: "video_tag", item: "video_id" },
} as const satisfies Record<TaggedKind, { table: string; item: string }>;

/**
 * The summaries of `rows`, each made by `summary` from its row and its tags (looked up for all rows in
 * one query, alongside what `alongside` loads), in the rows' order.
 */
export async function summarise<Row extends { id: number }, Loaded, Summary>(
  db: ContentDb,
  kind: TaggedKind,
  rows: Row[],
  summary: (row: Row, tags: ContentTag[], loaded: Loaded) => Summary,
  alongside: Promise<Loaded> = Promise.resolve(undefined as Loaded),
): Promise<Summary[]> {
  const [tags, loaded] = await Promise.all([
    tagsByItem(
      db,
      kind,
      rows.map((row) => row.id),
    ),
    alongside,
  ]);
  return rows.map((row) => summary(row, tags.get(row.id) ?? [], loaded));
}

/** The tags of each of the items `ids` of `kind`, in the tags' order. */
export async function tagsByItem(db: ContentDb, kind: TaggedKind, ids: number[]): Promise<Map<number, ContentTag[]>> {
  const tags = new Map<number, ContentTag[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return tags;
  const { table, item } = TAG_LINKS[kind];
  const { rows } = await sql<{ item_id: number; id: number; name: string }>`
    select link.${sql.ref(item)} as item_id, tag.id, tag.name
    from ${sql.table(table)} as link
    join content_tag as tag on tag.id = link.tag_id
    where link.${sql.ref(item)} = any(cast(${ids} as integer[]))
    order by tag.sort, tag.id
  `.execute(db);
  for (const row of rows) tags.get(row.item_id)?.push({ id: row.id, name: row.name });
  return tags;
}

/** Every tag of `kind` in order, with how many items carry it. */
export async function tagCounts(db: ContentDb, kind: TaggedKind | "baike"): Promise<ContentTagCount[]> {
  const counted =
    kind === "baike"
      ? sql`(select count(*) from baike_entry where baike_entry.tag_id = tag.id)`
      : sql`(select count(*) from ${sql.table(TAG_LINKS[kind].table)} as link where link.tag_id = tag.id)`;
  const { rows } = await sql<{ id: number; name: string; count: number | string }>`
    select tag.id, tag.name, ${counted} as count
    from content_tag as tag
    where tag.kind = ${kind}
    order by tag.sort, tag.id
  `.execute(db);
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

/** Items of `kind` (in table `alias`) carrying tag `tagId`. */
export function hasTag(kind: TaggedKind, alias: string, tagId: number): Expression<SqlBool> {
  const { table, item } = TAG_LINKS[kind];
  return sql<SqlBool>`exists (
    select 1 from ${sql.table(table)} as link
    where link.${sql.ref(item)} = ${sql.ref(`${alias}.id`)} and link.tag_id = ${tagId}
  )`;
}

/** Items (in table `alias`) whose title, summary or body contains `keyword`, ignoring case. */
export function containsKeyword(alias: string, keyword: string): Expression<SqlBool> {
  const pattern = likeContaining(keyword);
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(
    ${column("title")} ilike ${pattern} or ${column("summary")} ilike ${pattern}
    or ${column("body_markdown")} ilike ${pattern}
  )`;
}
