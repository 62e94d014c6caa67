import type { Selectable } from "kysely";
import type { ContentLink, ContentPageQuery, NewsDetail, NewsSummary } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import type { AssetUrl } from "../catalogue/urls.js";
import { toPage } from "../http/page.js";
import { containsKeyword, hasTag, summarise } from "./content-tags.js";
import { loadFontSummaries, pickFonts } from "./font-summaries.js";
import type { ContentDb, NewsArticleTable } from "./tables.js";

type NewsRow = Selectable<NewsArticleTable>;

/** News, newest first, filtered by tag and keyword. */
export async function listNews(db: ContentDb, query: ContentPageQuery, assetUrl: AssetUrl): Promise<Page<NewsSummary>> {
  const { current, size, tagId, keyword } = query;
  let matching = db.selectFrom("news_article");
  if (tagId !== undefined) matching = matching.where(hasTag("news", "news_article", tagId));
  if (keyword) matching = matching.where(containsKeyword("news_article", keyword));
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .selectAll("news_article")
      .orderBy("news_article.published_at", "desc")
      .orderBy("news_article.id", "desc")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return toPage(await summariseNews(db, rows, assetUrl), Number(total), query);
}

/** Article `id` with the fonts it mentions and its neighbours in publication order, or null. */
export async function findNews(db: ContentDb, id: number, assetUrl: AssetUrl): Promise<NewsDetail | null> {
  const row = await db.selectFrom("news_article").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [[summary], fonts, previous, next] = await Promise.all([
    summariseNews(db, [row], assetUrl),
    loadFontSummaries(db, row.font_gnos),
    neighbour(db, row, "previous"),
    neighbour(db, row, "next"),
  ]);
  return {
    ...summary!,
    bodyMarkdown: row.body_markdown,
    fonts: pickFonts(fonts, row.font_gnos),
    previous,
    next,
  };
}

/** The article published just before (`previous`) or just after (`next`) `row`; ties go by id. */
async function neighbour(db: ContentDb, row: NewsRow, side: "previous" | "next"): Promise<ContentLink | null> {
  const before = side === "previous";
  const found = await db
    .selectFrom("news_article")
    .select(["id", "title"])
    .where((eb) =>
      eb.or([
        eb("published_at", before ? "<" : ">", row.published_at),
        eb.and([eb("published_at", "=", row.published_at), eb("id", before ? "<" : ">", row.id)]),
      ]),
    )
    .orderBy("published_at", before ? "desc" : "asc")
    .orderBy("id", before ? "desc" : "asc")
    .limit(1)
    .executeTakeFirst();
  return found ?? null;
}

function summariseNews(db: ContentDb, rows: NewsRow[], assetUrl: AssetUrl): Promise<NewsSummary[]> {
  return summarise(db, "news", rows, (row, tags) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: assetUrl(row.cover),
    tags,
    author: row.author,
    publishedAt: new Date(row.published_at).toISOString(),
  }));
}
