import express, { type Request, type Response } from "express";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";
import { asyncHandler } from "../http/async-handler.js";
import { notFound, sendOk } from "../http/envelope.js";
import { methodNotAllowed } from "../http/method-not-allowed.js";
import { rejectMalformedQuery } from "../http/query.js";
import {
  intWithDefault,
  oneOf,
  optionalInt,
  optionalText,
  pagingSchema,
  parseOrThrow,
  parseQuery,
  queryValue,
  toPage,
} from "../http/validation.js";
import type { FontStorage } from "../storage/font-storage.js";
import { requiredCodepoints } from "./codepoints.js";
import { sendFontFile } from "./font-download.js";
import { FontRepository } from "./font-repository.js";
import { logMissingFontFile } from "./missing-font-file.js";
import { adverts, dictionaries, friendLinks, keywordSuggestions, webColumns } from "./site-queries.js";
import { ADVERT_POSITIONS, FONT_SORT_CODES } from "./site-content.js";
import { STYLE_CODES } from "./style-categories.js";
import { downloadFileName, FONT_GNO_PATTERN, fontDownloadPath, type AssetUrl } from "./urls.js";

const FONT_NOT_FOUND = "字体不存在";
const FONT_FILE_MISSING = "字体文件缺失，暂时无法下载，请联系管理员";
const HOME_LIST_SIZE = 8;

const fontGNo = queryValue().regex(FONT_GNO_PATTERN, "必须是数字编号");

const fontListQuery = pagingSchema.extend({
  style: optionalText(40).pipe(oneOf(STYLE_CODES).optional()),
  tagId: optionalInt(1, 2_147_483_647),
  keyword: optionalText(50),
  sort: optionalText(10).pipe(oneOf(FONT_SORT_CODES).default("hot")),
  text: queryValue()
    .refine((text) => [...text].length <= 200, "最多 200 个字符")
    .optional(),
});

const fontGNoQuery = z.object({ fontGNo });
const idParams = z.object({ id: fontGNo });
const downloadQuery = z.object({ format: oneOf(["ttf", "woff2"]).default("ttf") });
const keywordQuery = z.object({ keyword: optionalText(50), limit: intWithDefault(1, 20, 10) });
const columnQuery = z.object({ type: oneOf(["header", "footer"]) });
const advertQuery = z.object({ position: oneOf(ADVERT_POSITIONS) });

export type CatalogueRouterOptions = { db: Kysely<Database>; storage: FontStorage; assetUrl: AssetUrl };

/** The catalogue endpoints of docs/api.md. */
export function createCatalogueRouter({ db, storage, assetUrl }: CatalogueRouterOptions): express.Router {
  const fonts = new FontRepository(db, assetUrl);
  const router = express.Router();

  /**
   * A GET (and HEAD) endpoint: a query with a malformed escape or a NUL is refused before `handler`
   * runs, and any other method answers 405.
   */
  function get(path: string, handler: (req: Request, res: Response) => Promise<void>): void {
    router
      .route(path)
      .get(rejectMalformedQuery, asyncHandler(handler))
      .all(methodNotAllowed(["GET"]));
  }

  async function fontOr404(gno: string) {
    const font = await fonts.fontWithFamily(gno);
    if (!font) throw notFound(FONT_NOT_FOUND);
    return font;
  }

  get("/web/api/font/getFontList", async (req, res) => {
    const { current, size, style, tagId, keyword, sort, text } = parseQuery(fontListQuery, req);
    const codepoints = text ? requiredCodepoints(text) : undefined;
    const page = await fonts.listFamilies({ style, tagId, keyword, sort, codepoints }, size, (current - 1) * size);
    sendOk(res, toPage(page.fonts, page.total, { current, size }));
  });

  get("/web/api/font/getFontDetail", async (req, res) => {
    const { fontGNo: gno } = parseQuery(fontGNoQuery, req);
    await fonts.addView(gno);
    sendOk(res, await fontOr404(gno));
  });

  get("/web/api/font/get-download-url", async (req, res) => {
    const { fontGNo: gno } = parseQuery(fontGNoQuery, req);
    const family = await fonts.familyFiles(gno);
    if (family.length === 0) throw notFound(FONT_NOT_FOUND);
    sendOk(res, {
      fontGNo: gno,
      files: family.map((font) => ({
        fontGNo: font.gno,
        fileName: downloadFileName(font.family_name_zh, font.weight_name),
        format: "ttf",
        size: font.file_size,
        url: fontDownloadPath(font.gno),
      })),
    });
  });

  get("/web/api/dict/font-default", async (_req, res) => sendOk(res, await dictionaries(db)));

  get("/api/v1/web/search/:id/childs", async (req, res) => {
    const { id } = parseOrThrow(idParams, req.params);
    const family = await fonts.familyOfFont(id);
    if (!family) throw notFound(FONT_NOT_FOUND);
    sendOk(res, family);
  });

  get("/api/v1/web/search/fontInformation/:id", async (req, res) => {
    const { id } = parseOrThrow(idParams, req.params);
    sendOk(res, await fontOr404(id));
  });

  get("/api/v1/web/search/fontInformation/:id/pid", async (req, res) => {
    const { id } = parseOrThrow(idParams, req.params);
    const family = await fonts.familySummary(id);
    if (!family) throw notFound(FONT_NOT_FOUND);
    sendOk(res, family);
  });

  get("/api/v1/web/:id/download", async (req, res) => {
    const { id } = parseOrThrow(idParams, req.params);
    const { format } = parseQuery(downloadQuery, req);
    const font = await fonts.fontFiles(id);
    if (!font) throw notFound(FONT_NOT_FOUND);
    const location = format === "woff2" ? font.woff2_location : font.file_location;
    if (!location) throw notFound("该字体没有 WOFF2 文件");

    const stored = await storage.stat(location);
    const sent =
      stored !== null &&
      (await sendFontFile(
        req,
        res,
        {
          path: stored.path,
          format,
          fileName: downloadFileName(font.family_name_zh, font.weight_name, format),
          asciiFallback: `${font.gno}.${format}`,
        },
        // Only whole-TTF downloads count; the WOFF2 serves the website's own previews.
        format === "ttf" ? () => fonts.addDownload(font.gno) : undefined,
      ));
    if (!sent) {
      logMissingFontFile(font.gno, location);
      throw notFound(FONT_FILE_MISSING);
    }
  });

  get("/web/api/keyword/getKeyword", async (req, res) => {
    const { keyword, limit } = parseQuery(keywordQuery, req);
    sendOk(res, await keywordSuggestions(db, keyword, limit));
  });

  get("/web/api/showData/getData", async (_req, res) => {
    const [categories, recommend, newest, hot, stats, banners] = await Promise.all([
      fonts.styleCategories(),
      fonts.recommendedFamilyIds().then((ids) => fonts.familyRepresentatives(ids)),
      fonts.listFamilies({ sort: "new" }, HOME_LIST_SIZE, 0),
      fonts.listFamilies({ sort: "hot" }, HOME_LIST_SIZE, 0),
      fonts.stats(),
      adverts(db, "home-banner", assetUrl),
    ]);
    sendOk(res, { categories, recommend, newest: newest.fonts, hot: hot.fonts, stats, banners });
  });

  get("/web/api/friendshipLinks/getFriendshipLinks", async (_req, res) => sendOk(res, await friendLinks(db)));

  get("/web/api/web-column/getColumnByType", async (req, res) => {
    const { type } = parseQuery(columnQuery, req);
    sendOk(res, await webColumns(db, type));
  });

  get("/web/api/adv/getData", async (req, res) => {
    const { position } = parseQuery(advertQuery, req);
    sendOk(res, await adverts(db, position, assetUrl));
  });

  return router;
}
