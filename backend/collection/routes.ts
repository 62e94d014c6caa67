import express, { type Router } from "express";
import type { Kysely } from "kysely";
import { mustUser, requireUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { findCollectionsWithFonts, type CollectionDb } from "./collection-repository.js";
import type { CollectionTables } from "./tables.js";

const COLLECTION_PATH = "/web/api/account/collection";

export type CollectionRouterOptions = { db: Kysely<Database> };

/**
 * The user's favourite-font collections. For now the read path the website needs at login and
 * start-up: `GET /web/api/account/collection/allFont`. Tables: migration 101-collections.
 */
export function createCollectionRouter(options: CollectionRouterOptions): Router {
  const db: CollectionDb = options.db.withTables<CollectionTables>();
  const router = express.Router();

  router.get(
    `${COLLECTION_PATH}/allFont`,
    requireUser(options.db),
    asyncHandler(async (_req, res) => {
      res.set("Cache-Control", "no-store");
      sendOk(res, await findCollectionsWithFonts(db, mustUser(res).userId));
    }),
  );

  return router;
}
