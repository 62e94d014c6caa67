import type { Kysely } from "kysely";
import {
  COLLECTED_FONT_NOT_FOUND,
  COLLECTION_DEFAULT_UNDELETABLE,
  COLLECTION_FULL,
  COLLECTION_NAME_TAKEN,
  COLLECTION_NOT_FOUND,
  COLLECTIONS_FULL,
  COLLECTIONS_PER_USER_MAX,
  DEFAULT_COLLECTION_NAME,
  FONTS_PER_COLLECTION_MAX,
  type CollectionDetail,
  type CollectionSummary,
} from "../../contract/collection.js";
import { isUniqueViolation } from "../account/user-repository.js";
import { familySize, fontName } from "../catalogue/font-rows.js";
import { loadFontSummaries } from "../content/font-summaries.js";
import { contentDb } from "../content/tables.js";
import type { Database } from "../db/schema.js";
import { badRequest, notFound } from "../http/envelope.js";
import type { CollectionTables } from "./tables.js";

export type CollectionDb = Kysely<Database & CollectionTables>;

/** A favourite font as `allFont` lists it. */
export type CollectedFont = { fontGNo: string; familyName: string; fontName: string };

/** One of the user's collections with its fonts. */
export type CollectionWithFonts = { id: number; name: string; fontList: CollectedFont[] };

/**
 * Every collection of `userId` (oldest first) with its fonts (oldest first), named as the
 * catalogue names them. Fonts the catalogue no longer has are left out.
 */
export async function findCollectionsWithFonts(db: CollectionDb, userId: number): Promise<CollectionWithFonts[]> {
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
    .where(
      "item.collection_id",
      "in",
      collections.map((collection) => collection.id),
    )
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

/** The user's collections with how many catalogue fonts each holds: the default one first, then oldest first. */
export async function listCollectionSummaries(
  db: CollectionDb,
  userId: number,
  collectionId?: number,
): Promise<CollectionSummary[]> {
  let query = db
    .selectFrom("font_collection as c")
    .select((eb) => [
      "c.id",
      "c.name",
      "c.is_default",
      "c.created_at",
      eb
        .selectFrom("font_collection_item as item")
        .innerJoin("font", "font.gno", "item.font_gno")
        .select(eb.fn.countAll<string | number | bigint>().as("n"))
        .whereRef("item.collection_id", "=", "c.id")
        .as("font_count"),
    ])
    .where("c.user_id", "=", userId);
  if (collectionId !== undefined) query = query.where("c.id", "=", collectionId);
  const rows = await query.orderBy("c.is_default", "desc").orderBy("c.created_at").orderBy("c.id").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    fontCount: Number(row.font_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** One of the user's collections; another user's, or none, is the 404 `收藏夹不存在`. */
export async function findOwnCollection(db: CollectionDb, userId: number, collectionId: number) {
  const [summary] = await listCollectionSummaries(db, userId, collectionId);
  if (!summary) throw notFound(COLLECTION_NOT_FOUND);
  return summary;
}

/**
 * The user's default collection, made now when the user has none. A collection already named like
 * the default one (from before there were defaults) becomes it instead of a second of that name.
 */
export async function ensureDefaultCollection(db: CollectionDb, userId: number): Promise<number> {
  const existing = await db
    .selectFrom("font_collection")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_default", "=", true)
    .executeTakeFirst();
  if (existing) return existing.id;
  await db
    .insertInto("font_collection")
    .values({ user_id: userId, name: DEFAULT_COLLECTION_NAME, is_default: true })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await db
    .selectFrom("font_collection")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_default", "=", true)
    .executeTakeFirst();
  if (made) return made.id;
  const oldest = await db
    .selectFrom("font_collection")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("font_collection")
    .set({ is_default: true })
    .where("id", "=", oldest.id)
    .execute()
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  return ensureDefaultCollection(db, userId);
}

export async function createCollection(db: CollectionDb, userId: number, name: string): Promise<CollectionSummary> {
  await ensureDefaultCollection(db, userId);
  const { count } = await db
    .selectFrom("font_collection")
    .select((eb) => eb.fn.countAll<string | number | bigint>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= COLLECTIONS_PER_USER_MAX) throw badRequest(COLLECTIONS_FULL);
  try {
    const { id } = await db
      .insertInto("font_collection")
      .values({ user_id: userId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    return await findOwnCollection(db, userId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(COLLECTION_NAME_TAKEN);
    throw error;
  }
}

export async function renameCollection(
  db: CollectionDb,
  userId: number,
  collectionId: number,
  name: string,
): Promise<CollectionSummary> {
  await findOwnCollection(db, userId, collectionId);
  try {
    await db
      .updateTable("font_collection")
      .set({ name })
      .where("id", "=", collectionId)
      .where("user_id", "=", userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(COLLECTION_NAME_TAKEN);
    throw error;
  }
  return findOwnCollection(db, userId, collectionId);
}

export async function removeCollection(db: CollectionDb, userId: number, collectionId: number): Promise<void> {
  const collection = await findOwnCollection(db, userId, collectionId);
  if (collection.isDefault) throw badRequest(COLLECTION_DEFAULT_UNDELETABLE);
  await db.deleteFrom("font_collection").where("id", "=", collectionId).where("user_id", "=", userId).execute();
}

/** Puts `fontGNo` into the collection (the default one when none is named); a font already there stays. */
export async function addFontToCollection(
  db: CollectionDb,
  userId: number,
  fontGNo: string,
  collectionId?: number,
): Promise<CollectionSummary> {
  const targetId =
    collectionId === undefined
      ? await ensureDefaultCollection(db, userId)
      : (await findOwnCollection(db, userId, collectionId)).id;
  const font = await db.selectFrom("font").select("gno").where("gno", "=", fontGNo).executeTakeFirst();
  if (!font) throw notFound(COLLECTED_FONT_NOT_FOUND);
  const present = await db
    .selectFrom("font_collection_item")
    .select("font_gno")
    .where("collection_id", "=", targetId)
    .where("font_gno", "=", fontGNo)
    .executeTakeFirst();
  if (!present) {
    const { count } = await db
      .selectFrom("font_collection_item")
      .select((eb) => eb.fn.countAll<string | number | bigint>().as("count"))
      .where("collection_id", "=", targetId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= FONTS_PER_COLLECTION_MAX) throw badRequest(COLLECTION_FULL);
    await db
      .insertInto("font_collection_item")
      .values({ collection_id: targetId, font_gno: fontGNo })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return findOwnCollection(db, userId, targetId);
}

/** Takes `fontGNo` out of the named collection, or out of every collection of the user. */
export async function removeFontFromCollections(
  db: CollectionDb,
  userId: number,
  fontGNo: string,
  collectionId?: number,
): Promise<void> {
  if (collectionId !== undefined) await findOwnCollection(db, userId, collectionId);
  let owned = db.selectFrom("font_collection").select("id").where("user_id", "=", userId);
  if (collectionId !== undefined) owned = owned.where("id", "=", collectionId);
  await db
    .deleteFrom("font_collection_item")
    .where("font_gno", "=", fontGNo)
    .where("collection_id", "in", owned)
    .execute();
}

/** One of the user's collections with its catalogue fonts, most recently added first. */
export async function findCollectionDetail(
  db: CollectionDb,
  userId: number,
  collectionId: number,
): Promise<CollectionDetail> {
  const summary = await findOwnCollection(db, userId, collectionId);
  const items = await db
    .selectFrom("font_collection_item")
    .select(["font_gno", "created_at"])
    .where("collection_id", "=", collectionId)
    .orderBy("created_at", "desc")
    .orderBy("font_gno")
    .execute();
  // The catalogue's tables are the same under either view; only the table map's type differs.
  const fonts = await loadFontSummaries(
    contentDb(db as unknown as Kysely<Database>),
    items.map((item) => item.font_gno),
  );
  return {
    ...summary,
    fontList: items.flatMap((item) => {
      const font = fonts.get(item.font_gno);
      return font ? [{ ...font, addedAt: new Date(item.created_at).toISOString() }] : [];
    }),
  };
}
