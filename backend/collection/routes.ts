import express, { type Router } from "express";
import type { Kysely } from "kysely";
import {
  addCollection,
  addCollectionFont,
  deleteCollection,
  deleteCollectionFont,
  getAllCollectedFonts,
  getCollectionDetail,
  listCollections,
  updateCollection,
} from "../../contract/collection.js";
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
  addFontToCollection,
  createCollection,
  ensureDefaultCollection,
  findCollectionDetail,
  findCollectionsWithFonts,
  listCollectionSummaries,
  removeCollection,
  removeFontFromCollections,
  renameCollection,
  type CollectionDb,
} from "./collection-repository.js";
import * as articles from "./favorite-article-repository.js";
import type { CollectionTables } from "./tables.js";

export type CollectionRouterOptions = { db: Kysely<Database> };

/** Bodies here are a name or a font and a collection id: a kilobyte is plenty. */
const BODY_LIMIT = "4kb";

/**
 * The user's favourites: font collections (`/web/api/account/collection/*`) and favourite articles
 * (`/web/api/account/favorite-article/*`). Tables: migrations 101-collections and 300-favorites.
 */
export function createCollectionRouter(options: CollectionRouterOptions): Router {
  const db: CollectionDb = options.db.withTables<CollectionTables>();
  const articleDb = articles.favoriteDb(options.db);
  const router = express.Router();
  const signedIn = { before: [requireUser(options.db)] };
  const signedInWithBody = { before: [requireUser(options.db), express.json({ limit: BODY_LIMIT })] };
  const userId = (res: express.Response) => {
    res.set("Cache-Control", "no-store");
    return mustUser(res).userId;
  };

  route(router, getAllCollectedFonts, async (_input, { res }) => findCollectionsWithFonts(db, userId(res)), signedIn);

  route(
    router,
    listCollections,
    async (_input, { res }) => {
      const id = userId(res);
      await ensureDefaultCollection(db, id);
      return listCollectionSummaries(db, id);
    },
    signedIn,
  );

  route(
    router,
    addCollection,
    async ({ body }, { res }) => createCollection(db, userId(res), body.name),
    signedInWithBody,
  );

  route(
    router,
    updateCollection,
    async ({ query, body }, { res }) => renameCollection(db, userId(res), query.id, body.name),
    signedInWithBody,
  );

  route(
    router,
    deleteCollection,
    async ({ query }, { res }) => {
      await removeCollection(db, userId(res), query.id);
      return null;
    },
    signedIn,
  );

  route(
    router,
    addCollectionFont,
    async ({ body }, { res }) => addFontToCollection(db, userId(res), body.fontGNo, body.collectionId),
    signedInWithBody,
  );

  route(
    router,
    deleteCollectionFont,
    async ({ body }, { res }) => {
      await removeFontFromCollections(db, userId(res), body.fontGNo, body.collectionId);
      return null;
    },
    signedInWithBody,
  );

  route(
    router,
    getCollectionDetail,
    async ({ query }, { res }) => findCollectionDetail(db, userId(res), query.id),
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
