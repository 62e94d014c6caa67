import { z } from "zod";
import { defineEndpoint, PUBLIC_READ_CACHE } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { codePointCount } from "./fields";
import { oneOf, optionalQueryInt, optionalQueryText, queryIntWithDefault, queryValue } from "./query";
import {
  FONT_DOWNLOAD_PATH,
  FONT_GNO_PATTERN,
  FONT_LIST_TEXT_MAX,
  FONT_SORTS,
  KEYWORD_LIMIT_DEFAULT,
  KEYWORD_LIMIT_MAX,
  KEYWORD_MAX,
  STYLE_CODES,
} from "./catalogue-values";

export * from "./catalogue-values";

// ---------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------

const count = z.number().int().nonnegative();
const id = z.number().int().positive();
/** An instant, ISO 8601 (`2025-04-22T02:00:00.000Z`). */
const isoDateTime = z.string().datetime({ offset: true });

export const styleCategorySchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  /** The font list filtered by this category: `/font?style=cute`. */
  url: z.string(),
  imageDark: z.string(),
  imageLight: z.string(),
  sort: z.number().int(),
});
export type StyleCategory = z.infer<typeof styleCategorySchema>;

export const tagSchema = z.object({ id, name: z.string().min(1) });
export type Tag = z.infer<typeof tagSchema>;

export const COMMERCIAL_LABELS = ["免费商用", "个人免费", "需授权"] as const;
export type CommercialLabel = (typeof COMMERCIAL_LABELS)[number];

export const licenseSchema = z.object({
  /** SPDX-style, e.g. `OFL-1.1`. */
  code: z.string().min(1),
  name: z.string().min(1),
  /** From the font's name table (ID 14), when it gives one. */
  url: z.string().nullable(),
  commercialUse: z.boolean(),
  commercialLabel: z.enum(COMMERCIAL_LABELS),
  /** A Chinese sentence naming where the verdict came from. */
  commercialSource: z.string(),
});
export type License = z.infer<typeof licenseSchema>;

/** How much of a character set (GB2312, BIG5, ASCII, …) a font covers. */
export const charsetSchema = z.object({ code: z.string().min(1), name: z.string(), covered: count, total: count });
export type Charset = z.infer<typeof charsetSchema>;

const fontFields = {
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  familyId: id,
  /** The family's Chinese display name, e.g. 站酷快乐体. */
  familyName: z.string().min(1),
  familyNameEn: z.string(),
  /** This weight's display name, e.g. 思源黑体 粗体. */
  fontName: z.string().min(1),
  styleName: z.string(),
  weight: z.number().int().min(1).max(1000),
  /** The CSS family name for the whole font file, e.g. A10001. */
  webFontFamily: z.string().min(1),
  /** The whole font as WOFF2, when there is one. */
  woffPath: z.string().nullable(),
  /** The whole TTF: `/api/v1/web/{fontGNo}/download`. */
  ttfPath: z.string().min(1),
  /** The family's representative weight. */
  isDefault: z.boolean(),
  description: z.string(),
  styles: z.array(styleCategorySchema),
  tags: z.array(tagSchema),
  license: licenseSchema,
  designer: z.string().nullable(),
  foundry: z.string().nullable(),
  copyright: z.string().nullable(),
  version: z.string().nullable(),
  glyphCount: count,
  charsets: z.array(charsetSchema),
  /** Bytes of the TTF. */
  fileSize: count,
  format: z.literal("ttf"),
  videoUrl: z.string().nullable(),
  downloads: count,
  views: count,
  createdAt: isoDateTime,
};

/** A weight listed inside another font's `childFontResource`: its own children are always empty. */
export const childFontSchema = z.object({ ...fontFields, childFontResource: z.array(z.never()) });
export type ChildFont = z.infer<typeof childFontSchema>;

/** A font with every weight of its family (itself included) as `childFontResource`. */
export const fontSchema = z.object({ ...fontFields, childFontResource: z.array(childFontSchema) });
export type Font = z.infer<typeof fontSchema>;

export const dictSchema = z.object({
  /** `style`, `license`, `charset`, `sort` or `weight`. */
  category: z.string().min(1),
  /** The code looked up; compared as text. */
  dictNumber: z.string(),
  dictName: z.string(),
  sort: z.number().int(),
});
export type Dict = z.infer<typeof dictSchema>;

export const downloadFileSchema = z.object({
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  /** The name to save the file under, e.g. 站酷快乐体-常规.ttf. */
  fileName: z.string().min(1),
  format: z.literal("ttf"),
  size: count,
  url: z.string().min(1),
  /** Bytes of the weight's WOFF2 (`?format=woff2`); null until it is made (its first download asks for it). */
  woff2Size: count.nullable().optional(),
});
export type DownloadFile = z.infer<typeof downloadFileSchema>;

/** One file per weight of the family. */
export const downloadFilesSchema = z.object({
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  files: z.array(downloadFileSchema),
});
export type DownloadFiles = z.infer<typeof downloadFilesSchema>;

/** The family (parent) of a font. */
export const fontFamilySummarySchema = z.object({
  familyId: id,
  familyName: z.string().min(1),
  familyNameEn: z.string(),
  defaultFontGNo: z.string().regex(FONT_GNO_PATTERN),
  fontCount: z.number().int().positive(),
});
export type FontFamilySummary = z.infer<typeof fontFamilySummarySchema>;

/** A hot keyword, or a family or weight whose name contains the typed text (then `fontGNo` leads to it). */
export const keywordSuggestionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("keyword"), keyword: z.string().min(1) }),
  z.object({ type: z.literal("font"), keyword: z.string().min(1), fontGNo: z.string().regex(FONT_GNO_PATTERN) }),
]);
export type KeywordSuggestion = z.infer<typeof keywordSuggestionSchema>;

export const ADVERT_POSITIONS = ["home-banner", "font-list", "footer-qr"] as const;
export type AdvertPosition = (typeof ADVERT_POSITIONS)[number];

/** An advert; social QR codes are adverts too (position `footer-qr`) with an empty `link`. */
export const advertSchema = z.object({
  id,
  title: z.string(),
  image: z.string().min(1),
  link: z.string(),
  position: z.enum(ADVERT_POSITIONS),
  sort: z.number().int(),
});
export type Advert = z.infer<typeof advertSchema>;

export const homeDataSchema = z.object({
  categories: z.array(styleCategorySchema),
  recommend: z.array(fontSchema),
  newest: z.array(fontSchema),
  hot: z.array(fontSchema),
  stats: z.object({ fontCount: count, familyCount: count, freeCommercialCount: count }),
  banners: z.array(advertSchema),
});
export type HomeData = z.infer<typeof homeDataSchema>;

/** 1: a bare domain gets the site's own scheme; 2: it gets `https://`. */
export const LINK_TYPES = [1, 2] as const;

/** `link` is stored as entered and may lack a scheme; `linkType` says which to add. */
export const friendLinkSchema = z.object({
  id,
  name: z.string().min(1),
  link: z.string(),
  linkType: z.union([z.literal(1), z.literal(2)]),
  sort: z.number().int(),
});
export type FriendLink = z.infer<typeof friendLinkSchema>;

export const COLUMN_TYPES = ["header", "footer"] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const webColumnSchema = z.object({
  id,
  name: z.string().min(1),
  url: z.string(),
  type: z.enum(COLUMN_TYPES),
  sort: z.number().int(),
});
export type WebColumn = z.infer<typeof webColumnSchema>;

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

export const fontGNoSchema = queryValue().regex(FONT_GNO_PATTERN, "必须是数字编号");

export const fontListQuerySchema = pageQuerySchema.extend({
  /** A style category code; `all` or empty: every style. */
  style: optionalQueryText(40).pipe(oneOf(STYLE_CODES).optional()),
  tagId: optionalQueryInt(1, 2_147_483_647),
  /** Matches family and font names, tags and designers. */
  keyword: optionalQueryText(KEYWORD_MAX),
  sort: optionalQueryText(10).pipe(oneOf(FONT_SORTS).default("hot")),
  /** Only these families' default fonts: numbers joined by `.` (at most 100), e.g. those a subtitle check found. */
  gnos: optionalQueryText(1000)
    .refine(
      (value) => value === undefined || /^\d{1,9}(\.\d{1,9}){0,99}$/.test(value),
      "必须是以 . 分隔的字体编号（最多 100 个）",
    )
    .transform((value) => value?.split(".")),
  /** Only fonts whose cmap covers every non-space character of `text`. */
  text: queryValue()
    .refine((text) => codePointCount(text) <= FONT_LIST_TEXT_MAX, `最多 ${FONT_LIST_TEXT_MAX} 个字符`)
    .optional(),
});
export type FontListQuery = z.output<typeof fontListQuerySchema>;

export const fontGNoQuerySchema = z.object({ fontGNo: fontGNoSchema });
export const fontIdParamsSchema = z.object({ id: fontGNoSchema });

export const FONT_FILE_FORMATS = ["ttf", "woff2"] as const;
export const fontDownloadQuerySchema = z.object({ format: oneOf(FONT_FILE_FORMATS).default("ttf") });

export const keywordQuerySchema = z.object({
  keyword: optionalQueryText(KEYWORD_MAX),
  limit: queryIntWithDefault(1, KEYWORD_LIMIT_MAX, KEYWORD_LIMIT_DEFAULT),
});

export const columnQuerySchema = z.object({ type: oneOf(COLUMN_TYPES) });
export const advertQuerySchema = z.object({ position: oneOf(ADVERT_POSITIONS) });

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/** Each family once (its default weight, every weight as children). */
export const getFontList = defineEndpoint({
  method: "GET",
  path: "/web/api/font/getFontList",
  query: fontListQuerySchema,
  data: pageSchema(fontSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** A font with its family; counts a view. */
export const getFontDetail = defineEndpoint({
  method: "GET",
  path: "/web/api/font/getFontDetail",
  query: fontGNoQuerySchema,
  data: fontSchema,
  auth: "none",
});

/** Most visits one call may add: the website reports its cached pages' visits about once a second. */
export const MAX_FONT_VISITS_PER_CALL = 1000;

export const addFontVisitsBodySchema = z.object({
  fontGNo: fontGNoSchema,
  visits: z
    .number({ invalid_type_error: "visits 必须是整数", required_error: "缺少 visits" })
    .int("visits 必须是整数")
    .min(1, `visits 必须是 1 到 ${MAX_FONT_VISITS_PER_CALL} 之间的整数`)
    .max(MAX_FONT_VISITS_PER_CALL, `visits 必须是 1 到 ${MAX_FONT_VISITS_PER_CALL} 之间的整数`),
});

/**
 * Not in the original API: adds visits of a font's page that were answered without reading the
 * detail (getFontDetail counts one view per read), so a site answering its pages from a cache still
 * counts them.
 */
export const addFontVisits = defineEndpoint({
  method: "POST",
  path: "/web/api/font/add-visits",
  body: addFontVisitsBodySchema,
  data: z.null(),
  auth: "none",
});

export const getDownloadUrl = defineEndpoint({
  method: "GET",
  path: "/web/api/font/get-download-url",
  query: fontGNoQuerySchema,
  data: downloadFilesSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getFontDictionaries = defineEndpoint({
  method: "GET",
  path: "/web/api/dict/font-default",
  data: z.array(dictSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** Every weight in the family of font `:id`. */
export const getFamilyFonts = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/search/:id/childs",
  params: fontIdParamsSchema,
  data: z.array(childFontSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** A font with its family, without counting a view. */
export const getFontInformation = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/search/fontInformation/:id",
  params: fontIdParamsSchema,
  data: fontSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getFontFamily = defineEndpoint({
  method: "GET",
  path: "/api/v1/web/search/fontInformation/:id/pid",
  params: fontIdParamsSchema,
  data: fontFamilySummarySchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/**
 * The whole font file (`font/ttf`, or `font/woff2` with `format=woff2`) as an attachment; a TTF
 * download counts as a download, and with a token it goes into the user's download history.
 */
export const downloadFont = defineEndpoint({
  method: "GET",
  path: FONT_DOWNLOAD_PATH,
  params: fontIdParamsSchema,
  query: fontDownloadQuerySchema,
  kind: "file",
  auth: "optional",
});

/** Without `keyword`: the hot keywords; with it: keywords and font names containing it. */
export const getKeywords = defineEndpoint({
  method: "GET",
  path: "/web/api/keyword/getKeyword",
  query: keywordQuerySchema,
  data: z.array(keywordSuggestionSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getHomeData = defineEndpoint({
  method: "GET",
  path: "/web/api/showData/getData",
  data: homeDataSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getFriendshipLinks = defineEndpoint({
  method: "GET",
  path: "/web/api/friendshipLinks/getFriendshipLinks",
  data: z.array(friendLinkSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getColumnsByType = defineEndpoint({
  method: "GET",
  path: "/web/api/web-column/getColumnByType",
  query: columnQuerySchema,
  data: z.array(webColumnSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const getAdverts = defineEndpoint({
  method: "GET",
  path: "/web/api/adv/getData",
  query: advertQuerySchema,
  data: z.array(advertSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const catalogueEndpoints = {
  getFontList,
  getFontDetail,
  addFontVisits,
  getDownloadUrl,
  getFontDictionaries,
  getFamilyFonts,
  getFontInformation,
  getFontFamily,
  downloadFont,
  getKeywords,
  getHomeData,
  getFriendshipLinks,
  getColumnsByType,
  getAdverts,
};
