import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue";
import { fontSummarySchema } from "./content";
import { defineEndpoint } from "./endpoint";
import { graphemeCount, UNITS_PER_CHARACTER } from "./fields";
import { queryValue } from "./query";

/**
 * Favourite-font collections (收藏夹). Every user has a default collection, made the first time
 * the user lists, creates or fills one; it can be renamed but not deleted. Another user's
 * collection answers 404 as if it did not exist.
 */

export const COLLECTION_NAME_MAX = 20;
/** Collections one user may keep, the default one included. */
export const COLLECTIONS_PER_USER_MAX = 20;
/** Fonts one collection may hold. */
export const FONTS_PER_COLLECTION_MAX = 500;
export const DEFAULT_COLLECTION_NAME = "默认收藏夹";

export const COLLECTION_NAME_REQUIRED = "请输入收藏夹名称";
export const COLLECTION_NAME_TOO_LONG = `收藏夹名称最多 ${COLLECTION_NAME_MAX} 个字`;
export const COLLECTION_NAME_CONTROL = "收藏夹名称不能包含控制字符";
export const COLLECTION_NAME_TAKEN = "已有同名收藏夹";
export const COLLECTION_NOT_FOUND = "收藏夹不存在";
export const COLLECTION_DEFAULT_UNDELETABLE = "默认收藏夹不能删除";
export const COLLECTIONS_FULL = `最多创建 ${COLLECTIONS_PER_USER_MAX} 个收藏夹`;
export const COLLECTION_FULL = `一个收藏夹最多收藏 ${FONTS_PER_COLLECTION_MAX} 款字体`;
export const COLLECTED_FONT_NOT_FOUND = "字体不存在";

const id = z.number().int().positive();
const count = z.number().int().nonnegative();
const ID_MAX = 2_147_483_647;
const isoDateTime = z.string().datetime({ offset: true });
const fontGNo = z.string().regex(FONT_GNO_PATTERN);

/** A favourite font, named as the catalogue names it. */
export const collectedFontSchema = z.object({
  fontGNo,
  familyName: z.string().min(1),
  fontName: z.string().min(1),
});
export type CollectedFont = z.infer<typeof collectedFontSchema>;

/** One of the user's collections with its fonts, oldest first. */
export const fontCollectionSchema = z.object({
  id,
  name: z.string(),
  fontList: z.array(collectedFontSchema),
});
export type FontCollection = z.infer<typeof fontCollectionSchema>;

/** A collection as the list of collections shows it. */
export const collectionSummarySchema = z.object({
  id,
  name: z.string().min(1),
  /** The collection every user has; it cannot be deleted. */
  isDefault: z.boolean(),
  fontCount: count,
  createdAt: isoDateTime,
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

/** A font of a collection, with enough to preview it, and when it was added. */
export const collectionFontSchema = fontSummarySchema.extend({ addedAt: isoDateTime });
export type CollectionFont = z.infer<typeof collectionFontSchema>;

/** One collection with its fonts, newest first. */
export const collectionDetailSchema = collectionSummarySchema.extend({
  fontList: z.array(collectionFontSchema),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const BODY_MESSAGE = "请求内容应为 JSON 对象";

/** A collection's name: trimmed, 1–20 characters, no control characters. */
export const collectionNameSchema = z
  .string({ required_error: COLLECTION_NAME_REQUIRED, invalid_type_error: COLLECTION_NAME_REQUIRED })
  .trim()
  .min(1, COLLECTION_NAME_REQUIRED)
  .refine(
    (value) => value.length <= COLLECTION_NAME_MAX * UNITS_PER_CHARACTER && graphemeCount(value) <= COLLECTION_NAME_MAX,
    COLLECTION_NAME_TOO_LONG,
  )
  .refine((value) => !CONTROL_CHARACTERS.test(value), COLLECTION_NAME_CONTROL);

export const collectionNameBodySchema = z.object(
  { name: collectionNameSchema },
  { required_error: BODY_MESSAGE, invalid_type_error: BODY_MESSAGE },
);
export type CollectionNameBody = z.input<typeof collectionNameBodySchema>;

export const collectionIdQuerySchema = z.object({
  id: queryValue()
    .regex(/^\d{1,10}$/, "必须是正整数")
    .transform(Number)
    .pipe(z.number().min(1, "必须是正整数").max(ID_MAX, "必须是正整数")),
});

const FONT_MESSAGE = "字体编号不正确";
const COLLECTION_ID_MESSAGE = "收藏夹编号不正确";

/**
 * A font and, optionally, the collection it goes to or leaves. Without `collectionId`, adding uses
 * the default collection and removing takes the font out of every collection of the user.
 */
export const collectionFontBodySchema = z.object(
  {
    fontGNo: z
      .string({ required_error: FONT_MESSAGE, invalid_type_error: FONT_MESSAGE })
      .regex(FONT_GNO_PATTERN, FONT_MESSAGE),
    collectionId: z
      .number({ invalid_type_error: COLLECTION_ID_MESSAGE })
      .int(COLLECTION_ID_MESSAGE)
      .min(1, COLLECTION_ID_MESSAGE)
      .max(ID_MAX, COLLECTION_ID_MESSAGE)
      .nullish()
      .transform((value) => value ?? undefined),
  },
  { required_error: BODY_MESSAGE, invalid_type_error: BODY_MESSAGE },
);
export type CollectionFontBody = z.input<typeof collectionFontBodySchema>;

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/** Every collection of the user, oldest first; `[]` for a user without any. */
export const getAllCollectedFonts = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/allFont",
  data: z.array(fontCollectionSchema),
  auth: "required",
});

/** The user's collections, the default one first, then oldest first; makes the default one if missing. */
export const listCollections = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/list",
  data: z.array(collectionSummarySchema),
  auth: "required",
});

/** Creates a collection: a name not yet used by the user, while under the limit. */
export const addCollection = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/add",
  body: collectionNameBodySchema,
  data: collectionSummarySchema,
  auth: "required",
});

/** Renames one of the user's collections. */
export const updateCollection = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/collection/update",
  query: collectionIdQuerySchema,
  body: collectionNameBodySchema,
  data: collectionSummarySchema,
  auth: "required",
});

/** Deletes one of the user's collections (not the default one) with its fonts. */
export const deleteCollection = defineEndpoint({
  method: "DELETE",
  path: "/web/api/account/collection/delete",
  query: collectionIdQuerySchema,
  data: z.null(),
  auth: "required",
});

/** Puts a font into a collection (the default one without `collectionId`); a font already there stays. */
export const addCollectionFont = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/addFont",
  body: collectionFontBodySchema,
  data: collectionSummarySchema,
  auth: "required",
});

/** Takes a font out of a collection, or out of all of them without `collectionId`; an absent font is no error. */
export const deleteCollectionFont = defineEndpoint({
  method: "POST",
  path: "/web/api/account/collection/deleteFont",
  body: collectionFontBodySchema,
  data: z.null(),
  auth: "required",
});

/** One of the user's collections with its fonts. */
export const getCollectionDetail = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/getDetail",
  query: collectionIdQuerySchema,
  data: collectionDetailSchema,
  auth: "required",
});

export const collectionEndpoints = {
  getAllCollectedFonts,
  listCollections,
  addCollection,
  updateCollection,
  deleteCollection,
  addCollectionFont,
  deleteCollectionFont,
  getCollectionDetail,
};
