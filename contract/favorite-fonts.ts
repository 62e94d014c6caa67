import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue";
import { fontSummarySchema } from "./content";
import { defineEndpoint } from "./endpoint";
import { graphemeCount, UNITS_PER_CHARACTER } from "./fields";
import { queryValue } from "./query";

/**
 * Favorite-font folders (收藏夹). Every user has a default folder, made the first time
 * the user lists, creates or fills one; it can be renamed but not deleted. Another user's
 * folder answers 404 as if it did not exist. SPEC's paths and the `collectionId` field call a
 * folder a collection; this module is where the two names meet (decision 029).
 */

export const FAVORITE_FOLDER_NAME_MAX = 20;
/** Folders one user may keep, the default one included. */
export const FAVORITE_FOLDERS_PER_USER_MAX = 20;
/** Fonts one folder may hold. */
export const FONTS_PER_FAVORITE_FOLDER_MAX = 500;
export const DEFAULT_FAVORITE_FOLDER_NAME = "默认收藏夹";

export const FAVORITE_FOLDER_NAME_REQUIRED = "请输入收藏夹名称";
export const FAVORITE_FOLDER_NAME_TOO_LONG = `收藏夹名称最多 ${FAVORITE_FOLDER_NAME_MAX} 个字`;
export const FAVORITE_FOLDER_NAME_CONTROL = "收藏夹名称不能包含控制字符";
export const FAVORITE_FOLDER_NAME_TAKEN = "已有同名收藏夹";
export const FAVORITE_FOLDER_NOT_FOUND = "收藏夹不存在";
export const FAVORITE_FOLDER_DEFAULT_UNDELETABLE = "默认收藏夹不能删除";
export const FAVORITE_FOLDERS_FULL = `最多创建 ${FAVORITE_FOLDERS_PER_USER_MAX} 个收藏夹`;
export const FAVORITE_FOLDER_FULL = `一个收藏夹最多收藏 ${FONTS_PER_FAVORITE_FOLDER_MAX} 款字体`;
export const FAVORITE_FONT_NOT_FOUND = "字体不存在";

const id = z.number().int().positive();
const count = z.number().int().nonnegative();
const ID_MAX = 2_147_483_647;
const isoDateTime = z.string().datetime({ offset: true });
const fontGNo = z.string().regex(FONT_GNO_PATTERN);

/** A favorite font, named as the catalogue names it. */
export const favoriteFontSchema = z.object({
  fontGNo,
  familyName: z.string().min(1),
  fontName: z.string().min(1),
});
export type FavoriteFont = z.infer<typeof favoriteFontSchema>;

/** One of the user's folders with its fonts, oldest first. */
export const favoriteFolderWithFontsSchema = z.object({
  id,
  name: z.string(),
  fontList: z.array(favoriteFontSchema),
});
export type FavoriteFolderWithFonts = z.infer<typeof favoriteFolderWithFontsSchema>;

/** A folder as the list of folders shows it. */
export const favoriteFolderSummarySchema = z.object({
  id,
  name: z.string().min(1),
  /** The folder every user has; it cannot be deleted. */
  isDefault: z.boolean(),
  fontCount: count,
  createdAt: isoDateTime,
});
export type FavoriteFolderSummary = z.infer<typeof favoriteFolderSummarySchema>;

/** A font of a folder, with enough to preview it, and when it was added. */
export const favoriteFolderFontSchema = fontSummarySchema.extend({ addedAt: isoDateTime });
export type FavoriteFolderFont = z.infer<typeof favoriteFolderFontSchema>;

/** One folder with its fonts, newest first. */
export const favoriteFolderDetailSchema = favoriteFolderSummarySchema.extend({
  fontList: z.array(favoriteFolderFontSchema),
});
export type FavoriteFolderDetail = z.infer<typeof favoriteFolderDetailSchema>;

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const BODY_MESSAGE = "请求内容应为 JSON 对象";

/** A folder's name: trimmed, 1–20 characters, no control characters. */
export const favoriteFolderNameSchema = z
  .string({ required_error: FAVORITE_FOLDER_NAME_REQUIRED, invalid_type_error: FAVORITE_FOLDER_NAME_REQUIRED })
  .trim()
  .min(1, FAVORITE_FOLDER_NAME_REQUIRED)
  .refine(
    (value) =>
      value.length <= FAVORITE_FOLDER_NAME_MAX * UNITS_PER_CHARACTER &&
      graphemeCount(value) <= FAVORITE_FOLDER_NAME_MAX,
    FAVORITE_FOLDER_NAME_TOO_LONG,
  )
  .refine((value) => !CONTROL_CHARACTERS.test(value), FAVORITE_FOLDER_NAME_CONTROL);

export const favoriteFolderNameBodySchema = z.object(
  { name: favoriteFolderNameSchema },
  { required_error: BODY_MESSAGE, invalid_type_error: BODY_MESSAGE },
);
export type FavoriteFolderNameBody = z.input<typeof favoriteFolderNameBodySchema>;

export const favoriteFolderIdQuerySchema = z.object({
  id: queryValue()
    .regex(/^\d{1,10}$/, "必须是正整数")
    .transform(Number)
    .pipe(z.number().min(1, "必须是正整数").max(ID_MAX, "必须是正整数")),
});

const FONT_MESSAGE = "字体编号不正确";
const FOLDER_ID_MESSAGE = "收藏夹编号不正确";

/**
 * A font and, optionally, the folder it goes to or leaves. Without `collectionId` (the wire name), adding uses
 * the default folder and removing takes the font out of every folder of the user.
 */
export const favoriteFontBodySchema = z.object(
  {
    fontGNo: z
      .string({ required_error: FONT_MESSAGE, invalid_type_error: FONT_MESSAGE })
      .regex(FONT_GNO_PATTERN, FONT_MESSAGE),
    collectionId: z
      .number({ invalid_type_error: FOLDER_ID_MESSAGE })
      .int(FOLDER_ID_MESSAGE)
      .min(1, FOLDER_ID_MESSAGE)
      .max(ID_MAX, FOLDER_ID_MESSAGE)
      .nullish()
      .transform((value) => value ?? undefined),
  },
  { required_error: BODY_MESSAGE, invalid_type_error: BODY_MESSAGE },
);
export type FavoriteFontBody = z.input<typeof favoriteFontBodySchema>;

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/** Every folder of the user, oldest first; `[]` for a user without any. */
export const getAllFavoriteFonts = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/allFont",
  data: z.array(favoriteFolderWithFontsSchema),
  auth: "required",
});

/** The user's folders, the default one first, then oldest first; makes the default one if missing. */
export const listFavoriteFolders = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/list",
  data: z.array(favoriteFolderSummarySchema),
  auth: "required",
});

/** Creates a folder: a name not yet used by the user, while under the limit. */
export const addFavoriteFolder = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/add",
  body: favoriteFolderNameBodySchema,
  data: favoriteFolderSummarySchema,
  auth: "required",
});

/** Renames one of the user's folders. */
export const updateFavoriteFolder = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/collection/update",
  query: favoriteFolderIdQuerySchema,
  body: favoriteFolderNameBodySchema,
  data: favoriteFolderSummarySchema,
  auth: "required",
});

/** Deletes one of the user's folders (not the default one) with its fonts. */
export const deleteFavoriteFolder = defineEndpoint({
  method: "DELETE",
  path: "/web/api/account/collection/delete",
  query: favoriteFolderIdQuerySchema,
  data: z.null(),
  auth: "required",
});

/** Puts a font into a folder (the default one without `collectionId`); a font already there stays. */
export const addFavoriteFont = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/addFont",
  body: favoriteFontBodySchema,
  data: favoriteFolderSummarySchema,
  auth: "required",
});

/** Takes a font out of a folder, or out of all of them without `collectionId`; an absent font is no error. */
export const deleteFavoriteFont = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/deleteFont",
  body: favoriteFontBodySchema,
  data: z.null(),
  auth: "required",
});

/** One of the user's folders with its fonts. */
export const getFavoriteFolderDetail = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/getDetail",
  query: favoriteFolderIdQuerySchema,
  data: favoriteFolderDetailSchema,
  auth: "required",
});

export const favoriteFontEndpoints = {
  getAllFavoriteFonts,
  listFavoriteFolders,
  addFavoriteFolder,
  updateFavoriteFolder,
  deleteFavoriteFolder,
  addFavoriteFont,
  deleteFavoriteFont,
  getFavoriteFolderDetail,
};
