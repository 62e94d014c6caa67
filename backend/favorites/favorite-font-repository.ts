import type { Kysely } from "kysely";
import {
  FAVORITE_FONT_NOT_FOUND,
  FAVORITE_FOLDER_DEFAULT_UNDELETABLE,
  FAVORITE_FOLDER_FULL,
  FAVORITE_FOLDER_NAME_TAKEN,
  FAVORITE_FOLDER_NOT_FOUND,
  FAVORITE_FOLDERS_FULL,
  FAVORITE_FOLDERS_PER_USER_MAX,
  DEFAULT_FAVORITE_FOLDER_NAME,
  FONTS_PER_FAVORITE_FOLDER_MAX,
  type FavoriteFolderDetail,
  type FavoriteFolderSummary,
} from "../../contract/favorite-fonts.js";
import { isUniqueViolation } from "../account/user-repository.js";
import { familySize, fontName } from "../catalogue/font-rows.js";
import { loadFontSummaries } from "../content/font-summaries.js";
import { contentDb } from "../content/tables.js";
import type { Database } from "../db/schema.js";
import { badRequest, notFound } from "../http/envelope.js";
import type { FavoriteTables } from "./tables.js";

export type FavoriteFolderDb = Kysely<Database & FavoriteTables>;

/** A favorite font as `allFont` lists it. */
export type FavoriteFont = { fontGNo: string; familyName: string; fontName: string };

/** One of the user's folders with its fonts. */
export type FolderWithFonts = { id: number; name: string; fontList: FavoriteFont[] };

/**
 * Every folder of `userId` (oldest first) with its fonts (oldest first), named as the
 * catalogue names them. Fonts the catalogue no longer has are left out.
 */
export async function findFoldersWithFonts(db: FavoriteFolderDb, userId: number): Promise<FolderWithFonts[]> {
  const folders = await db
    .selectFrom("favorite_folder")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (folders.length === 0) return [];

  const items = await db
    .selectFrom("favorite_font as item")
    .innerJoin("font", "font.gno", "item.font_gno")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .select((eb) => [
      "item.folder_id",
      "font.gno",
      "font.weight_name",
      "font_family.name_zh",
      familySize(eb).as("family_size"),
    ])
    .where(
      "item.folder_id",
      "in",
      folders.map((folder) => folder.id),
    )
    .orderBy("item.created_at")
    .orderBy("item.font_gno")
    .execute();

  const fontLists = new Map<number, FavoriteFont[]>(folders.map((folder) => [folder.id, []]));
  for (const item of items) {
    fontLists.get(item.folder_id)?.push({
      fontGNo: item.gno,
      familyName: item.name_zh,
      fontName: fontName(item.name_zh, item.weight_name, item.family_size),
    });
  }
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    fontList: fontLists.get(folder.id) ?? [],
  }));
}

/** The user's folders with how many catalogue fonts each holds: the default one first, then oldest first. */
export async function listFolderSummaries(
  db: FavoriteFolderDb,
  userId: number,
  folderId?: number,
): Promise<FavoriteFolderSummary[]> {
  let query = db
    .selectFrom("favorite_folder as c")
    .select((eb) => [
      "c.id",
      "c.name",
      "c.is_default",
      "c.created_at",
      eb
        .selectFrom("favorite_font as item")
        .innerJoin("font", "font.gno", "item.font_gno")
        .select(eb.fn.countAll<string | number | bigint>().as("n"))
        .whereRef("item.folder_id", "=", "c.id")
        .as("font_count"),
    ])
    .where("c.user_id", "=", userId);
  if (folderId !== undefined) query = query.where("c.id", "=", folderId);
  const rows = await query.orderBy("c.is_default", "desc").orderBy("c.created_at").orderBy("c.id").execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDefault: row.is_default,
    fontCount: Number(row.font_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** One of the user's folders; another user's, or none, is the 404 `收藏夹不存在`. */
export async function findOwnFolder(db: FavoriteFolderDb, userId: number, folderId: number) {
  const [summary] = await listFolderSummaries(db, userId, folderId);
  if (!summary) throw notFound(FAVORITE_FOLDER_NOT_FOUND);
  return summary;
}

/**
 * The user's default folder, made now when the user has none. A folder already named like
 * the default one (from before there were defaults) becomes it instead of a second of that name.
 */
export async function ensureDefaultFolder(db: FavoriteFolderDb, userId: number): Promise<number> {
  const existing = await db
    .selectFrom("favorite_folder")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_default", "=", true)
    .executeTakeFirst();
  if (existing) return existing.id;
  await db
    .insertInto("favorite_folder")
    .values({ user_id: userId, name: DEFAULT_FAVORITE_FOLDER_NAME, is_default: true })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await db
    .selectFrom("favorite_folder")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_default", "=", true)
    .executeTakeFirst();
  if (made) return made.id;
  const oldest = await db
    .selectFrom("favorite_folder")
    .select("id")
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("favorite_folder")
    .set({ is_default: true })
    .where("id", "=", oldest.id)
    .execute()
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  return ensureDefaultFolder(db, userId);
}

export async function createFolder(db: FavoriteFolderDb, userId: number, name: string): Promise<FavoriteFolderSummary> {
  await ensureDefaultFolder(db, userId);
  const { count } = await db
    .selectFrom("favorite_folder")
    .select((eb) => eb.fn.countAll<string | number | bigint>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= FAVORITE_FOLDERS_PER_USER_MAX) throw badRequest(FAVORITE_FOLDERS_FULL);
  try {
    const { id } = await db
      .insertInto("favorite_folder")
      .values({ user_id: userId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    return await findOwnFolder(db, userId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(FAVORITE_FOLDER_NAME_TAKEN);
    throw error;
  }
}

export async function renameFolder(
  db: FavoriteFolderDb,
  userId: number,
  folderId: number,
  name: string,
): Promise<FavoriteFolderSummary> {
  await findOwnFolder(db, userId, folderId);
  try {
    await db
      .updateTable("favorite_folder")
      .set({ name })
      .where("id", "=", folderId)
      .where("user_id", "=", userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(FAVORITE_FOLDER_NAME_TAKEN);
    throw error;
  }
  return findOwnFolder(db, userId, folderId);
}

export async function removeFolder(db: FavoriteFolderDb, userId: number, folderId: number): Promise<void> {
  const folder = await findOwnFolder(db, userId, folderId);
  if (folder.isDefault) throw badRequest(FAVORITE_FOLDER_DEFAULT_UNDELETABLE);
  await db.deleteFrom("favorite_folder").where("id", "=", folderId).where("user_id", "=", userId).execute();
}

/** Puts `fontGNo` into the folder (the default one when none is named); a font already there stays. */
export async function addFontToFolder(
  db: FavoriteFolderDb,
  userId: number,
  fontGNo: string,
  folderId?: number,
): Promise<FavoriteFolderSummary> {
  const targetId =
    folderId === undefined ? await ensureDefaultFolder(db, userId) : (await findOwnFolder(db, userId, folderId)).id;
  const font = await db.selectFrom("font").select("gno").where("gno", "=", fontGNo).executeTakeFirst();
  if (!font) throw notFound(FAVORITE_FONT_NOT_FOUND);
  const present = await db
    .selectFrom("favorite_font")
    .select("font_gno")
    .where("folder_id", "=", targetId)
    .where("font_gno", "=", fontGNo)
    .executeTakeFirst();
  if (!present) {
    const { count } = await db
      .selectFrom("favorite_font")
      .select((eb) => eb.fn.countAll<string | number | bigint>().as("count"))
      .where("folder_id", "=", targetId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= FONTS_PER_FAVORITE_FOLDER_MAX) throw badRequest(FAVORITE_FOLDER_FULL);
    await db
      .insertInto("favorite_font")
      .values({ folder_id: targetId, font_gno: fontGNo })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return findOwnFolder(db, userId, targetId);
}

/** Takes `fontGNo` out of the named folder, or out of every folder of the user. */
export async function removeFontFromFolders(
  db: FavoriteFolderDb,
  userId: number,
  fontGNo: string,
  folderId?: number,
): Promise<void> {
  if (folderId !== undefined) await findOwnFolder(db, userId, folderId);
  let owned = db.selectFrom("favorite_folder").select("id").where("user_id", "=", userId);
  if (folderId !== undefined) owned = owned.where("id", "=", folderId);
  await db.deleteFrom("favorite_font").where("font_gno", "=", fontGNo).where("folder_id", "in", owned).execute();
}

/** One of the user's folders with its catalogue fonts, most recently added first. */
export async function findFolderDetail(
  db: FavoriteFolderDb,
  userId: number,
  folderId: number,
): Promise<FavoriteFolderDetail> {
  const summary = await findOwnFolder(db, userId, folderId);
  const items = await db
    .selectFrom("favorite_font")
    .select(["font_gno", "created_at"])
    .where("folder_id", "=", folderId)
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
