import type { BaikeDetail, BaikeSummary, BaikeTitleGroup, ContentPageQuery } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import { toPage } from "../http/page.js";
import { containsKeyword } from "./content-tags.js";
import { loadFontSummaries, pickFonts } from "./font-summaries.js";
import type { ContentDb } from "./tables.js";

function entries(db: ContentDb) {
  return db
    .selectFrom("baike_entry")
    .innerJoin("content_tag as tag", "tag.id", "baike_entry.tag_id")
    .selectAll("baike_entry")
    .select(["tag.name as tag_name", "tag.sort as tag_sort"]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>["executeTakeFirstOrThrow"]>>;

function toSummary(row: EntryRow): BaikeSummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    tag: { id: row.tag_id, name: row.tag_name },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Entries in reading order: by tag, then by their place within it. */
export async function listBaike(db: ContentDb, query: ContentPageQuery): Promise<Page<BaikeSummary>> {
  const { current, size, tagId, keyword } = query;
  let matching = entries(db);
  if (tagId !== undefined) matching = matching.where("baike_entry.tag_id", "=", tagId);
  if (keyword) matching = matching.where(containsKeyword("baike_entry", keyword));
  const [{ total }, rows] = await Promise.all([
    matching
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
    matching
      .orderBy("tag.sort")
      .orderBy("baike_entry.sort")
      .orderBy("baike_entry.id")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return toPage(rows.map(toSummary), Number(total), query);
}

export async function findBaikeEntry(db: ContentDb, id: number): Promise<BaikeDetail | null> {
  const row = await entries(db).where("baike_entry.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const fonts = await loadFontSummaries(db, row.font_gnos);
  return { ...toSummary(row), bodyMarkdown: row.body_markdown, fonts: pickFonts(fonts, row.font_gnos) };
}

/** Every tag of the encyclopedia with its entries' titles, in reading order; `tagId` keeps one. */
export async function baikeTitleGroups(db: ContentDb, tagId: number | undefined): Promise<BaikeTitleGroup[]> {
  let tags = db.selectFrom("content_tag").select(["id", "name"]).where("kind", "=", "baike");
  if (tagId !== undefined) tags = tags.where("id", "=", tagId);
  const [tagRows, titleRows] = await Promise.all([
    tags.orderBy("sort").orderBy("id").execute(),
    db
      .selectFrom("baike_entry")
      .select(["id", "title", "tag_id"])
      .$if(tagId !== undefined, (query) => query.where("tag_id", "=", tagId!))
      .orderBy("sort")
      .orderBy("id")
      .execute(),
  ]);
  return tagRows.map((tag) => ({
    tagId: tag.id,
    tagName: tag.name,
    titles: titleRows.filter((row) => row.tag_id === tag.id).map(({ id, title }) => ({ id, title })),
  }));
}
