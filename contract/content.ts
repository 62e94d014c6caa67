import { z, type ZodTypeAny } from "zod";
import { COMMERCIAL_LABELS, FONT_GNO_PATTERN, KEYWORD_MAX } from "./catalogue";
import { defineEndpoint, PUBLIC_READ_CACHE } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { EMAIL_MESSAGE, EMAIL_PATTERN, PHONE_MESSAGE, honeypotSchema, PHONE_PATTERN, withinCharacters } from "./fields";
import { oneOf, optionalQueryInt, optionalQueryText, queryValue } from "./query";

/**
 * The site's editorial content: albums (font collections), the calligraphy encyclopedia (书法百科),
 * cases, news and videos, the search across them and the catalogue, and the contact message board.
 * Bodies are Markdown (`bodyMarkdown`); the website renders them with a renderer that drops raw HTML.
 */

// ---------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------

const count = z.number().int().nonnegative();
const id = z.number().int().positive();
/** An instant, ISO 8601 (`2025-04-22T02:00:00.000Z`). */
const isoDateTime = z.string().datetime({ offset: true });
const fontGNo = z.string().regex(FONT_GNO_PATTERN);

/** A tag of albums, baike entries, cases, news or videos; each kind has tags of its own. */
export const contentTagSchema = z.object({ id, name: z.string().min(1) });
export type ContentTag = z.infer<typeof contentTagSchema>;

/** A tag with how many items of its kind carry it. */
export const contentTagCountSchema = contentTagSchema.extend({ count });
export type ContentTagCount = z.infer<typeof contentTagCountSchema>;

/** Enough of a catalogue font to name it, preview it with the subset service and link to it. */
export const fontSummarySchema = z.object({
  fontGNo,
  familyId: id,
  familyName: z.string().min(1),
  /** e.g. 思源黑体 粗体; a single-weight family's font is called by the family's name. */
  fontName: z.string().min(1),
  weight: z.number().int().min(1).max(1000),
  /** The CSS family name for the whole font file, e.g. A10001. */
  webFontFamily: z.string().min(1),
  woffPath: z.string().nullable(),
  ttfPath: z.string().min(1),
  licenseName: z.string().min(1),
  commercialLabel: z.enum(COMMERCIAL_LABELS),
});
export type FontSummary = z.infer<typeof fontSummarySchema>;

/** Another item to link to: the previous or next article. */
export const contentLinkSchema = z.object({ id, title: z.string().min(1) });
export type ContentLink = z.infer<typeof contentLinkSchema>;

/** A kind's card in a list: its id, title and one or two sentences, then the kind's own fields. */
function contentSummarySchema<Shape extends z.ZodRawShape>(fields: Shape) {
  return z.object({ id, title: z.string().min(1), summary: z.string(), ...fields });
}

/** A kind's page: its summary with the Markdown body, then the kind's own fields. */
function contentDetailSchema<Summary extends z.ZodRawShape, Shape extends z.ZodRawShape>(
  summary: z.ZodObject<Summary>,
  fields: Shape,
) {
  return summary.extend({ bodyMarkdown: z.string() }).extend(fields);
}

// Albums -------------------------------------------------------------------

export const albumSummarySchema = contentSummarySchema({
  /** An image path (`/images/content/…svg`). */
  cover: z.string().min(1),
  tags: z.array(contentTagSchema),
  /** The album's fonts in order; `fontCount` of them. */
  fontGNos: z.array(fontGNo),
  fontCount: count,
  createdAt: isoDateTime,
});
export type AlbumSummary = z.infer<typeof albumSummarySchema>;

/** A font of an album, with why it belongs there. */
export const albumFontSchema = fontSummarySchema.extend({ note: z.string() });
export type AlbumFont = z.infer<typeof albumFontSchema>;

export const albumDetailSchema = contentDetailSchema(albumSummarySchema, {
  fonts: z.array(albumFontSchema),
});
export type AlbumDetail = z.infer<typeof albumDetailSchema>;

// Baike --------------------------------------------------------------------

export const baikeSummarySchema = contentSummarySchema({
  tag: contentTagSchema,
  updatedAt: isoDateTime,
});
export type BaikeSummary = z.infer<typeof baikeSummarySchema>;

export const baikeDetailSchema = contentDetailSchema(baikeSummarySchema, {
  /** Catalogue fonts in the style the entry describes; may be empty. */
  fonts: z.array(fontSummarySchema),
});
export type BaikeDetail = z.infer<typeof baikeDetailSchema>;

/** The entries of one tag (书体, 书家, 技法, 术语), for the encyclopedia's table of contents. */
export const baikeTitleGroupSchema = z.object({
  tagId: id,
  tagName: z.string().min(1),
  titles: z.array(contentLinkSchema),
});
export type BaikeTitleGroup = z.infer<typeof baikeTitleGroupSchema>;

// Cases --------------------------------------------------------------------

/** What a font does in a short video. */
export const CASE_FONT_ROLES = ["封面", "标题", "字幕", "花字"] as const;
export type CaseFontRole = (typeof CASE_FONT_ROLES)[number];

export const caseSummarySchema = contentSummarySchema({
  cover: z.string().min(1),
  tags: z.array(contentTagSchema),
  /** Every font the case uses, each once, in order of first use. */
  fontGNos: z.array(fontGNo),
  /** True for a design example written for this site rather than a creator's published work. */
  example: z.boolean(),
  createdAt: isoDateTime,
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseFontUsageSchema = z.object({
  role: z.enum(CASE_FONT_ROLES),
  /** Why this font for this role. */
  rationale: z.string().min(1),
  font: fontSummarySchema,
});
export type CaseFontUsage = z.infer<typeof caseFontUsageSchema>;

export const caseDetailSchema = contentDetailSchema(caseSummarySchema, {
  fontUsages: z.array(caseFontUsageSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

// News ---------------------------------------------------------------------

export const newsSummarySchema = contentSummarySchema({
  cover: z.string().min(1),
  tags: z.array(contentTagSchema),
  author: z.string(),
  publishedAt: isoDateTime,
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsDetailSchema = contentDetailSchema(newsSummarySchema, {
  /** Catalogue fonts the article talks about; may be empty. */
  fonts: z.array(fontSummarySchema),
  /** The article published just before this one, and just after. */
  previous: contentLinkSchema.nullable(),
  next: contentLinkSchema.nullable(),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

// Videos -------------------------------------------------------------------

export const VIDEO_STREAM_TYPES = ["hls", "mp4"] as const;

/** One way to play the video: an HLS playlist or a progressive MP4. */
export const videoStreamSchema = z.object({
  type: z.enum(VIDEO_STREAM_TYPES),
  url: z.string().min(1),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type VideoStream = z.infer<typeof videoStreamSchema>;

export const videoSummarySchema = contentSummarySchema({
  /** The still shown before playing. */
  poster: z.string().min(1),
  durationSeconds: z.number().int().positive(),
  tags: z.array(contentTagSchema),
  fontGNos: z.array(fontGNo),
  publishedAt: isoDateTime,
});
export type VideoSummary = z.infer<typeof videoSummarySchema>;

export const videoDetailSchema = contentDetailSchema(videoSummarySchema, {
  fonts: z.array(fontSummarySchema),
  /** Empty while the video has no media to play. */
  streams: z.array(videoStreamSchema),
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

// Search -------------------------------------------------------------------

export const SEARCH_KINDS = ["fonts", "albums", "baike", "cases", "news", "videos"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** A font's fontGNo (its family's default weight); the number of any other item, as text. */
  id: z.string().min(1),
  title: z.string().min(1),
  /** Plain text around the first match, or the beginning of the text. */
  snippet: z.string(),
  /** When the item was published (a font family: when it was added). */
  date: isoDateTime,
  cover: z.string().nullable(),
  /** The website's page for the item, e.g. `/baike/3`. */
  path: z.string().min(1),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchCountsSchema = z.object({
  keyword: z.string(),
  total: count,
  counts: z.object({
    fonts: count,
    albums: count,
    baike: count,
    cases: count,
    news: count,
    videos: count,
  }),
});
export type SearchCounts = z.infer<typeof searchCountsSchema>;

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

const TAG_ID_MAX = 2_147_483_647;

/** `current`, `size`, and the filters every content list takes. */
export const contentPageQuerySchema = pageQuerySchema.extend({
  tagId: optionalQueryInt(1, TAG_ID_MAX),
  /** Matches titles, summaries and bodies. */
  keyword: optionalQueryText(KEYWORD_MAX),
});
export type ContentPageQuery = z.output<typeof contentPageQuerySchema>;

/** Cases also by font: those using any weight of the family of `fontGNo`. */
export const casePageQuerySchema = contentPageQuerySchema.extend({
  fontGNo: queryValue().regex(FONT_GNO_PATTERN, "必须是数字编号").optional(),
});
export type CasePageQuery = z.output<typeof casePageQuerySchema>;

/** Videos also by font: those showing any weight of the family of `fontGNo`. */
export const videoPageQuerySchema = contentPageQuerySchema.extend({
  fontGNo: queryValue().regex(FONT_GNO_PATTERN, "必须是数字编号").optional(),
});
export type VideoPageQuery = z.output<typeof videoPageQuerySchema>;

export const contentIdQuerySchema = z.object({
  id: queryValue()
    .regex(/^\d{1,10}$/, "必须是正整数")
    .transform(Number)
    .pipe(z.number().min(1, "必须是正整数").max(TAG_ID_MAX, "必须是正整数")),
});

export const baikeTitlesQuerySchema = z.object({ tagId: optionalQueryInt(1, TAG_ID_MAX) });

export const SEARCH_TYPES = ["all", ...SEARCH_KINDS] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

const searchKeyword = queryValue().trim().min(1, "不能为空").max(KEYWORD_MAX, `最多 ${KEYWORD_MAX} 个字符`);

export const searchQuerySchema = pageQuerySchema.extend({
  keyword: searchKeyword,
  type: optionalQueryText(10).pipe(oneOf(SEARCH_TYPES).default("all")),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchCountsQuerySchema = z.object({ keyword: searchKeyword });

export const MESSAGE_NAME_MAX = 20;
export const MESSAGE_CONTENT_MAX = 500;
export const MESSAGE_CONTACT_MESSAGE = "请留下手机号或邮箱，方便我们回复";

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A phone number or e-mail address that may be left empty (then `undefined`), checked when given. */
function optionalContact(pattern: RegExp, message: string) {
  return z
    .string({ invalid_type_error: message })
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || (value.length <= 100 && pattern.test(value)), message);
}

const MESSAGE_BODY_MESSAGE = "请求内容应为 JSON 对象";

/**
 * A message left on the contact page: who, how to reply (phone or e-mail, at least one), what.
 * `website` is the honeypot, checked before any other field.
 */
export const messageBoardBodySchema = z
  .object(
    {
      website: honeypotSchema,
      name: z
        .string({ required_error: "请输入您的称呼", invalid_type_error: "请输入您的称呼" })
        .trim()
        .min(1, "请输入您的称呼")
        .refine((value) => withinCharacters(value, MESSAGE_NAME_MAX), `称呼最多 ${MESSAGE_NAME_MAX} 个字`)
        .refine((value) => !CONTROL_CHARACTERS.test(value), "称呼不能包含控制字符"),
      phone: optionalContact(PHONE_PATTERN, PHONE_MESSAGE),
      email: optionalContact(EMAIL_PATTERN, EMAIL_MESSAGE).transform((value) => value?.toLowerCase()),
      content: z
        .string({ required_error: "请输入留言内容", invalid_type_error: "请输入留言内容" })
        .trim()
        .min(1, "请输入留言内容")
        .refine((value) => withinCharacters(value, MESSAGE_CONTENT_MAX), `留言内容不能超过 ${MESSAGE_CONTENT_MAX} 个字`)
        .refine((value) => !CONTROL_CHARACTERS_EXCEPT_WHITESPACE.test(value), "留言内容不能包含控制字符"),
    },
    { required_error: MESSAGE_BODY_MESSAGE, invalid_type_error: MESSAGE_BODY_MESSAGE },
  )
  .refine((body) => body.phone !== undefined || body.email !== undefined, {
    message: MESSAGE_CONTACT_MESSAGE,
    path: ["phone"],
  });
export type MessageBoardBody = z.input<typeof messageBoardBodySchema>;

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/**
 * One page of a content kind's list: `current`, `size`, `tagId` and `keyword` (or the kind's own
 * `query`), answering `pageSchema(item)`; public.
 */
function contentPageEndpoint<
  const P extends string,
  I extends ZodTypeAny,
  Q extends ZodTypeAny = typeof contentPageQuerySchema,
>(path: P, item: I, query: Q = contentPageQuerySchema as ZodTypeAny as Q) {
  return defineEndpoint({
    method: "GET",
    path,
    query,
    data: pageSchema(item),
    auth: "none",
    publicCache: PUBLIC_READ_CACHE,
  });
}

/** One item of a content kind by `id`; public. */
function contentDetailEndpoint<const P extends string, D extends ZodTypeAny>(path: P, detail: D) {
  return defineEndpoint({
    method: "GET",
    path,
    query: contentIdQuerySchema,
    data: detail,
    auth: "none",
    publicCache: PUBLIC_READ_CACHE,
  });
}

/** The album tags, each with how many albums carry it. */
export const getAlbumTags = defineEndpoint({
  method: "GET",
  path: "/web/api/web-font-collection/getCollectionTagList",
  data: z.array(contentTagCountSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** Albums, newest first. */
export const getAlbumPage = contentPageEndpoint("/web/api/web-font-collection/selectPage", albumSummarySchema);

export const getAlbumDetail = contentDetailEndpoint("/web/api/web-font-collection/getDetailById", albumDetailSchema);

/** The encyclopedia's titles grouped by tag, in reading order; `tagId` keeps one group. */
export const getBaikeTitles = defineEndpoint({
  method: "GET",
  path: "/web/api/shufa-baike/getCalligraphyTitleByTageId",
  query: baikeTitlesQuerySchema,
  data: z.array(baikeTitleGroupSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** Entries in reading order (by tag, then within it). */
export const getBaikePage = contentPageEndpoint("/web/api/shufa-baike/selectPage", baikeSummarySchema);

export const getBaikeDetail = contentDetailEndpoint("/web/api/shufa-baike/getDetailById", baikeDetailSchema);

/** The case tags, each with how many cases carry it. */
export const getCaseTags = defineEndpoint({
  method: "GET",
  path: "/web/api/web-font-case/getTagList",
  data: z.array(contentTagCountSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** Cases, newest first. */
export const getCasePage = contentPageEndpoint(
  "/web/api/web-font-case/selectPage",
  caseSummarySchema,
  casePageQuerySchema,
);

export const getCaseDetail = contentDetailEndpoint("/web/api/web-font-case/selectDetail", caseDetailSchema);

/** News, newest first. */
export const getNewsPage = contentPageEndpoint("/web/api/web-wenzhang/selectPage", newsSummarySchema);

export const getNewsDetail = contentDetailEndpoint("/web/api/web-wenzhang/getDetailById", newsDetailSchema);

/** Videos, newest first; with `fontGNo`, those showing any weight of that font's family. */
export const getVideoPage = contentPageEndpoint(
  "/web/api/web-video/selectPage",
  videoSummarySchema,
  videoPageQuerySchema,
);

export const getVideoDetail = contentDetailEndpoint("/web/api/web-video/getDetailById", videoDetailSchema);

/**
 * Everything matching `keyword` (Chinese segmented into words), of one kind or all: title matches
 * first, then by relevance, then newest.
 */
export const searchEverything = defineEndpoint({
  method: "GET",
  path: "/web/api/web-findAll/getPageList",
  query: searchQuerySchema,
  data: pageSchema(searchResultSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** How many items of each kind match `keyword`. */
export const countSearchResults = defineEndpoint({
  method: "GET",
  path: "/web/api/web-findAll/getByParameter",
  query: searchCountsQuerySchema,
  data: searchCountsSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/**
 * Leaves a message for the site's editors. `website` is a honeypot: any value is refused. With a
 * token the message is the user's, and the editors' reply reaches them as a `reply` notice.
 */
export const saveMessage = defineEndpoint({
  method: "POST",
  path: "/web/api/messageBoard/save",
  body: messageBoardBodySchema,
  data: z.object({ id }),
  auth: "optional",
});

export const contentEndpoints = {
  getAlbumTags,
  getAlbumPage,
  getAlbumDetail,
  getBaikeTitles,
  getBaikePage,
  getBaikeDetail,
  getCaseTags,
  getCasePage,
  getCaseDetail,
  getNewsPage,
  getNewsDetail,
  getVideoPage,
  getVideoDetail,
  searchEverything,
  countSearchResults,
  saveMessage,
};
