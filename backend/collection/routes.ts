import express, { type Router } from "express";
import type { Kysely } from "kysely";
import { getAllCollectedFonts } from "../../contract/collection.js";
import { mustUser, requireUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { route } from "../http/route.js";
import { findCollectionsWithFonts, type CollectionDb } from "./collection-repository.js";
import type { CollectionTables } from "./tables.js";

export type CollectionRouterOptions = { db: Kysely<Database> };

/**
 * The user's favourite-font collections. For now the read path the website needs at login and
 * start-up: `GET /web/api/account/collection/allFont`. Tables: migration 101-collections.
 */
export function createCollectionRouter(options: CollectionRouterOptions): Router {
  const db: CollectionDb = options.db.withTables<CollectionTables>();
  const router = express.Router();

  route(
    router,
    getAllCollectedFonts,
    async (_input, { res }) => {
      res.set("Cache-Control", "no-store");
      return findCollectionsWithFonts(db, mustUser(res).userId);
    },
    { before: [requireUser(options.db)] },
  );

  return router;
}
