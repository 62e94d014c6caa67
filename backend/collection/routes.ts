import express, { type Router } from "express";
import type { Kysely } from "kysely";
import { currentUser, requireUser } from "../account/index.js";
import { unauthorized } from "../account/errors.js";
import { familySize, fontName } from "../catalogue/font-rows.js";
import type { Database } from "../db/schema.js";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import type { CollectionTables } from "./tables.js";

const COLLECTION_PATH = "/web/api/account/collection";

type CollectionDb = Kysely<Database & CollectionTables>;

/** A favourite font as `allFont` lists it. */
export type CollectedFont = { fontGNo: string; familyName: string; fontName: string };

/** One of the user's collections with its fonts (SPEC 3: favourite fonts have `fontList`). */
export type CollectionWithFonts = { id: number; name: string; fontList: CollectedFont[] };

export type CollectionRouterOptions = { db: Kysely<Database> };

/**
 * The user's favourite-font collections (SPEC 7 "User"). For now the read path the website needs
 * at login and start-up (SPEC 4): `GET /web/api/account/collection/allFont`. Tables: migration
 * 101-collections.
 */
export function createCollectionRouter(options: CollectionRouterOptions): Router {
  const db: CollectionDb = options.db.withTables<CollectionTables>();
  const router = express.Router();

  router.get(
    `${COLLECTION_PATH}/allFont`,
    requireUser(options.db),
    asyncHandler(async (_req, res) => {
      const user = currentUser(res);
      if (!user) throw unauthorized();
      res.set("Cache-Control", "no-store");
      sendOk(res, await collectionsWithFonts(db, user.userId));
    }),
  );

  return router;
}

/**
 * Every collection of `userId` (oldest first) with its fonts (oldest first), named as the
 * catalogue names them. Fonts the catalogue no longer has are left out.
 */
export async function collectionsWithFonts(db: CollectionDb, userId: number): Promise<CollectionWithFonts[]> {
  const collections = await db
    .selectFrom("font_collection")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (collections.length === 0) return [];

  const items = await db
    .selectFrom("font_collection_item as item")
    .innerJoin("font", "font.gno", "item.font_gno")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .select((eb) => [
      "item.collection_id",
      "font.gno",
      "font.weight_name",
      "font_family.name_zh",
      familySize(eb).as("family_size"),
    ])
    .where("item.collection_id", "in", collections.map((collection) => collection.id))
    .orderBy("item.created_at")
    .orderBy("item.font_gno")
    .execute();

  const fontLists = new Map<number, CollectedFont[]>(collections.map((collection) => [collection.id, []]));
  for (const item of items) {
    fontLists.get(item.collection_id)?.push({
      fontGNo: item.gno,
      familyName: item.name_zh,
      fontName: fontName(item.name_zh, item.weight_name, item.family_size),
    });
  }
  return collections.map((collection) => ({
    id: collection.id,
    name: collection.name,
    fontList: fontLists.get(collection.id) ?? [],
  }));
}
