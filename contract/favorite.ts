import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { oneOf, optionalQueryText } from "./query";
import { ARTICLE_KINDS, type ArticleKind } from "./favorite-values";

/**
 * Favorite articles: news, encyclopedia entries, cases, videos and albums a user keeps. An
 * article is named by its kind and its id within the kind.
 */

export { ARTICLE_KIND_LABELS, ARTICLE_KINDS, type ArticleKind } from "./favorite-values";

/** Articles one user may keep. */
export const FAVORITE_ARTICLES_MAX = 1000;
export const FAVORITE_ARTICLES_FULL = `最多收藏 ${FAVORITE_ARTICLES_MAX} 篇文章`;
export const FAVORITE_ARTICLE_NOT_FOUND = "文章不存在";

const ID_MAX = 2_147_483_647;
const BODY_MESSAGE = "请求内容应为 JSON 对象";
const KIND_MESSAGE = `文章类型必须是 ${ARTICLE_KINDS.join("、")} 之一`;
const ID_MESSAGE = "文章编号不正确";

export const articleKindSchema = z.enum(ARTICLE_KINDS, { errorMap: () => ({ message: KIND_MESSAGE }) });

/** An article of a kind: `{ kind: "news", id: 3 }`. */
export const articleRefSchema = z.object(
  {
    kind: articleKindSchema,
    id: z
      .number({ required_error: ID_MESSAGE, invalid_type_error: ID_MESSAGE })
      .int(ID_MESSAGE)
      .min(1, ID_MESSAGE)
      .max(ID_MAX, ID_MESSAGE),
  },
  { required_error: BODY_MESSAGE, invalid_type_error: BODY_MESSAGE },
);
export type ArticleRef = z.infer<typeof articleRefSchema>;

/** A favorite article as the list shows it. */
export const favoriteArticleSchema = z.object({
  kind: articleKindSchema,
  id: z.number().int().positive(),
  title: z.string().min(1),
  summary: z.string(),
  /** When the article was published (an encyclopedia entry: last updated). */
  publishedAt: z.string().datetime({ offset: true }),
  /** When the user added it. */
  favoritedAt: z.string().datetime({ offset: true }),
  /** The website's page for it, e.g. `/news/3`. */
  path: z.string().min(1),
});
export type FavoriteArticle = z.infer<typeof favoriteArticleSchema>;

export const favoriteArticleQuerySchema = pageQuerySchema.extend({
  kind: optionalQueryText(10).pipe(oneOf(ARTICLE_KINDS).optional()),
});
export type FavoriteArticleQuery = z.output<typeof favoriteArticleQuerySchema>;

/** The user's favorite articles, most recently added first; `kind` keeps one kind. */
export const listFavoriteArticles = defineEndpoint({
  method: "GET",
  path: "/web/api/account/favorite-article/list",
  query: favoriteArticleQuerySchema,
  data: pageSchema(favoriteArticleSchema),
  auth: "required",
});

/** Adds an article; one already there stays. An unknown article is a 404. */
export const addFavoriteArticle = defineEndpoint({
  method: "POST",
  path: "/web/api/account/favorite-article/add",
  body: articleRefSchema,
  data: z.null(),
  auth: "required",
});

/** Removes an article; one not there is no error. */
export const deleteFavoriteArticle = defineEndpoint({
  method: "POST",
  path: "/web/api/account/favorite-article/delete",
  body: articleRefSchema,
  data: z.null(),
  auth: "required",
});

/** Every favorite article of the user as `{ kind, id }`, for controls showing their state. */
export const listFavoriteArticleIds = defineEndpoint({
  method: "GET",
  path: "/web/api/account/favorite-article/allIds",
  data: z.array(z.object({ kind: articleKindSchema, id: z.number().int().positive() })),
  auth: "required",
});

/** The website's page of an article. */
export function articlePath(kind: ArticleKind, id: number): string {
  return `/${kind}/${id}`;
}

export const favoriteEndpoints = {
  listFavoriteArticles,
  addFavoriteArticle,
  deleteFavoriteArticle,
  listFavoriteArticleIds,
};
