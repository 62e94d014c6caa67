import type { Kysely } from "kysely";
import {
  articlePath,
  FAVORITE_ARTICLE_NOT_FOUND,
  FAVORITE_ARTICLES_FULL,
  FAVORITE_ARTICLES_MAX,
  type ArticleKind,
  type ArticleRef,
  type FavoriteArticle,
  type FavoriteArticleQuery,
} from "../../contract/favorite.js";
import type { Page } from "../../contract/envelope.js";
import type { ContentTables } from "../content/tables.js";
import type { Database } from "../db/schema.js";
import { badRequest, notFound } from "../http/envelope.js";
import { toPage } from "../http/page.js";
import type { FavoriteTables } from "./tables.js";

type FavoriteDb = Kysely<Database & FavoriteTables & ContentTables>;

type ArticleFacts = { id: number; title: string; summary: string; publishedAt: Date };

/** Each kind's table and the date a reader sees on it. */
async function loadArticles(db: FavoriteDb, kind: ArticleKind, ids: number[]): Promise<Map<number, ArticleFacts>> {
  if (ids.length === 0) return new Map();
  let rows: Array<{ id: number; title: string; summary: string; date: Date }>;
  switch (kind) {
    case "news":
      rows = await db
        .selectFrom("news_article")
        .select(["id", "title", "summary", "published_at as date"])
        .where("id", "in", ids)
        .execute();
      break;
    case "baike":
      rows = await db
        .selectFrom("baike_entry")
        .select(["id", "title", "summary", "updated_at as date"])
        .where("id", "in", ids)
        .execute();
      break;
    case "case":
      rows = await db
        .selectFrom("font_case")
        .select(["id", "title", "summary", "created_at as date"])
        .where("id", "in", ids)
        .execute();
      break;
    case "video":
      rows = await db
        .selectFrom("video")
        .select(["id", "title", "summary", "published_at as date"])
        .where("id", "in", ids)
        .execute();
      break;
    case "album":
      rows = await db
        .selectFrom("album")
        .select(["id", "title", "summary", "created_at as date"])
        .where("id", "in", ids)
        .execute();
      break;
  }
  return new Map(rows.map((row) => [row.id, { ...row, publishedAt: new Date(row.date) }]));
}

export function favoriteDb(db: Kysely<Database>): FavoriteDb {
  return db.withTables<FavoriteTables & ContentTables>();
}

/** Keeps an article for the user; an unknown article is the 404 `文章不存在`. */
export async function addFavoriteArticle(db: FavoriteDb, userId: number, article: ArticleRef): Promise<void> {
  const found = await loadArticles(db, article.kind, [article.id]);
  if (!found.has(article.id)) throw notFound(FAVORITE_ARTICLE_NOT_FOUND);
  const present = await db
    .selectFrom("favorite_article")
    .select("article_id")
    .where("user_id", "=", userId)
    .where("kind", "=", article.kind)
    .where("article_id", "=", article.id)
    .executeTakeFirst();
  if (present) return;
  const { count } = await db
    .selectFrom("favorite_article")
    .select((eb) => eb.fn.countAll<string | number | bigint>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= FAVORITE_ARTICLES_MAX) throw badRequest(FAVORITE_ARTICLES_FULL);
  await db
    .insertInto("favorite_article")
    .values({ user_id: userId, kind: article.kind, article_id: article.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeFavoriteArticle(db: FavoriteDb, userId: number, article: ArticleRef): Promise<void> {
  await db
    .deleteFrom("favorite_article")
    .where("user_id", "=", userId)
    .where("kind", "=", article.kind)
    .where("article_id", "=", article.id)
    .execute();
}

export async function listFavoriteArticleRefs(db: FavoriteDb, userId: number): Promise<ArticleRef[]> {
  const rows = await db
    .selectFrom("favorite_article")
    .select(["kind", "article_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("kind")
    .orderBy("article_id")
    .execute();
  return rows.map((row) => ({ kind: row.kind, id: row.article_id }));
}

/**
 * One page of the user's favorite articles, most recently added first. An article removed from
 * the site since is dropped from its favorites when met here, so totals stay true afterwards.
 */
export async function listFavoriteArticles(
  db: FavoriteDb,
  userId: number,
  query: FavoriteArticleQuery,
): Promise<Page<FavoriteArticle>> {
  let base = db.selectFrom("favorite_article").where("user_id", "=", userId);
  if (query.kind) base = base.where("kind", "=", query.kind);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number | bigint>().as("total")).executeTakeFirstOrThrow(),
    base
      .select(["kind", "article_id", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("kind")
      .orderBy("article_id")
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute(),
  ]);

  const byKind = new Map<ArticleKind, number[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.article_id]);
  const facts = new Map<string, ArticleFacts>();
  for (const [kind, ids] of byKind) {
    for (const [id, article] of await loadArticles(db, kind, ids)) facts.set(`${kind}:${id}`, article);
  }

  const records: FavoriteArticle[] = [];
  let gone = 0;
  for (const row of rows) {
    const article = facts.get(`${row.kind}:${row.article_id}`);
    if (!article) {
      gone += 1;
      await removeFavoriteArticle(db, userId, { kind: row.kind, id: row.article_id });
      continue;
    }
    records.push({
      kind: row.kind,
      id: row.article_id,
      title: article.title,
      summary: article.summary,
      publishedAt: article.publishedAt.toISOString(),
      favoritedAt: new Date(row.created_at).toISOString(),
      path: articlePath(row.kind, row.article_id),
    });
  }
  return toPage(records, Number(total) - gone, query);
}
