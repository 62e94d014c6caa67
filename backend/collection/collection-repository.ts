import type { Kysely } from "kysely";
import { familySize, fontName } from "../catalogue/font-rows.js";
import type { Database } from "../db/schema.js";
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
