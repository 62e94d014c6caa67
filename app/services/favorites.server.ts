import {
  addFavoriteFolder,
  addFavoriteFont,
  deleteFavoriteFolder,
  deleteFavoriteFont,
  getAllFavoriteFonts,
  getFavoriteFolderDetail,
  listFavoriteFolders,
  updateFavoriteFolder,
} from "@contract/favorite-fonts";
import {
  addFavoriteArticle,
  deleteFavoriteArticle,
  listFavoriteArticleIds,
  listFavoriteArticles,
  type ArticleRef,
  type FavoriteArticleQuery,
} from "@contract/favorite";
import { callApi, type ApiCaller, type CallOptions } from "./api-client.server";

/** Every font in the user's favorite folders, each once, in folder order. */
export async function listFavoriteFontGNos(
  caller: ApiCaller,
  options: Pick<CallOptions<typeof getAllFavoriteFonts>, "timeoutMs"> = {},
) {
  const folders = await callApi(caller, getAllFavoriteFonts, options);
  return [...new Set(folders.flatMap((folder) => folder.fontList.map((font) => font.fontGNo)))];
}

/** A folder as the favorite control needs it: which fonts it holds. */
export type FavoriteFolderState = { id: number; name: string; fontGNos: string[] };

/** What every page needs to show the favorite controls' state. */
export type FavoritesState = {
  fontGNos: string[];
  folders: FavoriteFolderState[];
  /** `kind:id` of every favorite article. */
  articleKeys: string[];
};

/** The user's favorite fonts by folder, and favorite articles, in one go. */
export async function loadFavoritesState(
  caller: ApiCaller,
  options: { timeoutMs?: number } = {},
): Promise<FavoritesState> {
  const [folders, articles] = await Promise.all([
    callApi(caller, getAllFavoriteFonts, options),
    callApi(caller, listFavoriteArticleIds, options),
  ]);
  return {
    fontGNos: [...new Set(folders.flatMap((folder) => folder.fontList.map((font) => font.fontGNo)))],
    folders: folders.map((folder) => ({
      id: folder.id,
      name: folder.name,
      fontGNos: folder.fontList.map((font) => font.fontGNo),
    })),
    articleKeys: articles.map((article) => articleKey(article)),
  };
}

export function articleKey(article: ArticleRef): string {
  return `${article.kind}:${article.id}`;
}

export function listUserFolders(caller: ApiCaller) {
  return callApi(caller, listFavoriteFolders);
}

export function createFolder(caller: ApiCaller, name: string) {
  return callApi(caller, addFavoriteFolder, { body: { name } });
}

export function renameFolder(caller: ApiCaller, id: number, name: string) {
  return callApi(caller, updateFavoriteFolder, { query: { id }, body: { name } });
}

export function removeFolder(caller: ApiCaller, id: number) {
  return callApi(caller, deleteFavoriteFolder, { query: { id } });
}

export function getFolder(caller: ApiCaller, id: number) {
  return callApi(caller, getFavoriteFolderDetail, { query: { id } });
}

/** Into the named folder, or the default one. */
export function addFontToFolder(caller: ApiCaller, fontGNo: string, folderId?: number) {
  return callApi(caller, addFavoriteFont, { body: { fontGNo, collectionId: folderId } });
}

/** Out of the named folder, or out of all of them. */
export function removeFontFromFolders(caller: ApiCaller, fontGNo: string, folderId?: number) {
  return callApi(caller, deleteFavoriteFont, { body: { fontGNo, collectionId: folderId } });
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
