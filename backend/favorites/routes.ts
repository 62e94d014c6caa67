import express, { type Router } from "express";
import type { Kysely } from "kysely";
import {
  addFavoriteFolder,
  addFavoriteFont,
  deleteFavoriteFolder,
  deleteFavoriteFont,
  getAllFavoriteFonts,
  getFavoriteFolderDetail,
  listFavoriteFolders,
  updateFavoriteFolder,
} from "../../contract/favorite-fonts.js";
import {
  addFavoriteArticle,
  deleteFavoriteArticle,
  listFavoriteArticleIds,
  listFavoriteArticles,
} from "../../contract/favorite.js";
import { mustUser, requireUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { route } from "../http/route.js";
import {
  addFontToFolder,
  createFolder,
  ensureDefaultFolder,
  findFolderDetail,
  findFoldersWithFonts,
  listFolderSummaries,
  removeFolder,
  removeFontFromFolders,
  renameFolder,
  type FavoriteFolderDb,
} from "./favorite-font-repository.js";
import * as articles from "./favorite-article-repository.js";
import type { FavoriteTables } from "./tables.js";

export type FavoritesRouterOptions = { db: Kysely<Database> };

/** Bodies here are a name or a font and a folder id: a kilobyte is plenty. */
const BODY_LIMIT = "4kb";

/**
 * The user's favorites: font folders (`/web/api/account/collection/*`) and favorite articles
 * (`/web/api/account/favorite-article/*`). Tables: migrations 101-folders and 300-favorites.
 */
export function createFavoritesRouter(options: FavoritesRouterOptions): Router {
  const db: FavoriteFolderDb = options.db.withTables<FavoriteTables>();
  const articleDb = articles.favoriteDb(options.db);
  const router = express.Router();
  const signedIn = { before: [requireUser(options.db)] };
  const signedInWithBody = { before: [requireUser(options.db), express.json({ limit: BODY_LIMIT })] };
  const userId = (res: express.Response) => {
    res.set("Cache-Control", "no-store");
    return mustUser(res).userId;
  };

  route(router, getAllFavoriteFonts, async (_input, { res }) => findFoldersWithFonts(db, userId(res)), signedIn);

  route(
    router,
    listFavoriteFolders,
    async (_input, { res }) => {
      const id = userId(res);
      await ensureDefaultFolder(db, id);
      return listFolderSummaries(db, id);
    },
    signedIn,
  );

  route(
    router,
    addFavoriteFolder,
    async ({ body }, { res }) => createFolder(db, userId(res), body.name),
    signedInWithBody,
  );

  route(
    router,
    updateFavoriteFolder,
    async ({ query, body }, { res }) => renameFolder(db, userId(res), query.id, body.name),
    signedInWithBody,
  );

  route(
    router,
    deleteFavoriteFolder,
    async ({ query }, { res }) => {
      await removeFolder(db, userId(res), query.id);
      return null;
    },
    signedIn,
  );

  route(
    router,
    addFavoriteFont,
    async ({ body }, { res }) => addFontToFolder(db, userId(res), body.fontGNo, body.collectionId),
    signedInWithBody,
  );

  route(
    router,
    deleteFavoriteFont,
    async ({ body }, { res }) => {
      await removeFontFromFolders(db, userId(res), body.fontGNo, body.collectionId);
      return null;
    },
    signedInWithBody,
  );

  route(
    router,
    getFavoriteFolderDetail,
    async ({ query }, { res }) => findFolderDetail(db, userId(res), query.id),
    signedIn,
  );

  route(
    router,
    listFavoriteArticles,
    async ({ query }, { res }) => articles.listFavoriteArticles(articleDb, userId(res), query),
    signedIn,
  );

  route(
    router,
    addFavoriteArticle,
    async ({ body }, { res }) => {
      await articles.addFavoriteArticle(articleDb, userId(res), body);
      return null;
    },
    signedInWithBody,
  );

  route(
    router,
    deleteFavoriteArticle,
    async ({ body }, { res }) => {
      await articles.removeFavoriteArticle(articleDb, userId(res), body);
      return null;
    },
    signedInWithBody,
  );

  route(
    router,
    listFavoriteArticleIds,
    async (_input, { res }) => articles.listFavoriteArticleRefs(articleDb, userId(res)),
    signedIn,
  );

  return router;
}
