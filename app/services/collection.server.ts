import {
  addCollection,
  addCollectionFont,
  deleteCollection,
  deleteCollectionFont,
  getAllCollectedFonts,
  getCollectionDetail,
  listCollections,
  updateCollection,
} from "@contract/collection";
import {
  addFavoriteArticle,
  deleteFavoriteArticle,
  listFavoriteArticleIds,
  listFavoriteArticles,
  type ArticleRef,
  type FavoriteArticleQuery,
} from "@contract/favorite";
import { callApi, type ApiCaller, type CallOptions } from "./api-client.server";

/** Every font in the user's favourite collections, each once, in collection order. */
export async function listFavoriteFontGNos(
  caller: ApiCaller,
  options: Pick<CallOptions<typeof getAllCollectedFonts>, "timeoutMs"> = {},
) {
  const collections = await callApi(caller, getAllCollectedFonts, options);
  return [...new Set(collections.flatMap((collection) => collection.fontList.map((font) => font.fontGNo)))];
}

/** A collection as the favourite control needs it: which fonts it holds. */
export type FavoriteCollectionState = { id: number; name: string; fontGNos: string[] };

/** What every page needs to show the favourite controls' state. */
export type FavoritesState = {
  fontGNos: string[];
  collections: FavoriteCollectionState[];
  /** `kind:id` of every favourite article. */
  articleKeys: string[];
};

/** The user's favourite fonts by collection, and favourite articles, in one go. */
export async function loadFavoritesState(
  caller: ApiCaller,
  options: { timeoutMs?: number } = {},
): Promise<FavoritesState> {
  const [collections, articles] = await Promise.all([
    callApi(caller, getAllCollectedFonts, options),
    callApi(caller, listFavoriteArticleIds, options),
  ]);
  return {
    fontGNos: [...new Set(collections.flatMap((collection) => collection.fontList.map((font) => font.fontGNo)))],
    collections: collections.map((collection) => ({
      id: collection.id,
      name: collection.name,
      fontGNos: collection.fontList.map((font) => font.fontGNo),
    })),
    articleKeys: articles.map((article) => articleKey(article)),
  };
}

export function articleKey(article: ArticleRef): string {
  return `${article.kind}:${article.id}`;
}

export function listUserCollections(caller: ApiCaller) {
  return callApi(caller, listCollections);
}

export function createCollection(caller: ApiCaller, name: string) {
  return callApi(caller, addCollection, { body: { name } });
}

export function renameCollection(caller: ApiCaller, id: number, name: string) {
  return callApi(caller, updateCollection, { query: { id }, body: { name } });
}

export function removeCollection(caller: ApiCaller, id: number) {
  return callApi(caller, deleteCollection, { query: { id } });
}

export function getCollection(caller: ApiCaller, id: number) {
  return callApi(caller, getCollectionDetail, { query: { id } });
}

/** Into the named collection, or the default one. */
export function addFontToCollection(caller: ApiCaller, fontGNo: string, collectionId?: number) {
  return callApi(caller, addCollectionFont, { body: { fontGNo, collectionId } });
}

/** Out of the named collection, or out of all of them. */
export function removeFontFromCollections(caller: ApiCaller, fontGNo: string, collectionId?: number) {
  return callApi(caller, deleteCollectionFont, { body: { fontGNo, collectionId } });
}

export function listArticleFavorites(caller: ApiCaller, query: Partial<FavoriteArticleQuery>) {
  return callApi(caller, listFavoriteArticles, { query });
}

export function addArticleFavorite(caller: ApiCaller, article: ArticleRef) {
  return callApi(caller, addFavoriteArticle, { body: article });
}

export function removeArticleFavorite(caller: ApiCaller, article: ArticleRef) {
  return callApi(caller, deleteFavoriteArticle, { body: article });
}
