import express from "express";
import type { Kysely } from "kysely";
import {
  addFontVisits,
  downloadFont,
  getAdverts,
  getColumnsByType,
  getDownloadUrl,
  getFamilyFonts,
  getFontDetail,
  getFontDictionaries,
  getFontFamily,
  getFontInformation,
  getFontList,
  getFriendshipLinks,
  getHomeData,
  getKeywords,
} from "../../contract/catalogue.js";
import { getFontCoverage } from "../../contract/coverage.js";
import { currentUser, optionalUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { ApiError, notFound } from "../http/envelope.js";
import { toPage } from "../http/page.js";
import { route } from "../http/route.js";
import type { FontStorage } from "../storage/font-storage.js";
import { requiredCodepoints } from "./codepoints.js";
import { fontCoverage } from "./coverage.js";
import { sendFontFile } from "./font-download.js";
import { Woff2Files } from "./web-font-files.js";
import { FontRepository } from "./font-repository.js";
import { logMissingFontFile } from "./missing-font-file.js";
import { adverts, dictionaries, friendLinks, keywordSuggestions, webColumns } from "./site-queries.js";
import { downloadFileName, fontDownloadPath, type AssetUrl } from "./urls.js";

const FONT_NOT_FOUND = "字体不存在";
const FONT_FILE_MISSING = "字体文件缺失，暂时无法下载，请联系管理员";
const HOME_LIST_SIZE = 8;

/** A whole font file a signed-in user has been sent. */
export type UserDownload = { userId: number; fontGNo: string; format: "ttf" | "woff2"; fileName: string };

export type CatalogueRouterOptions = {
  db: Kysely<Database>;
  storage: FontStorage;
  assetUrl: AssetUrl;
  /** Told of each download by a signed-in user: the download history, wired in backend/index.ts. */
  onUserDownload?: (download: UserDownload, now: Date) => Promise<void>;
};

/** The catalogue endpoints of the contract (contract/catalogue.ts). */
export function createCatalogueRouter({
  db,
  storage,
  assetUrl,
  onUserDownload,
}: CatalogueRouterOptions): express.Router {
  const fonts = new FontRepository(db, assetUrl);
  const woff2Files = new Woff2Files(storage);
  const router = express.Router();

  async function fontOr404(gno: string) {
    const font = await fonts.fontWithFamily(gno);
    if (!font) throw notFound(FONT_NOT_FOUND);
    return font;
  }

  route(router, getFontList, async ({ query }) => {
    const { current, size, style, tagId, keyword, sort, text, gnos } = query;
    const codepoints = text ? requiredCodepoints(text) : undefined;
    const filter = { style, tagId, keyword, sort, codepoints, gnos };
    const page = await fonts.listFamilies(filter, size, (current - 1) * size);
    return toPage(page.fonts, page.total, { current, size });
  });

  route(router, getFontCoverage, async ({ body }) => fontCoverage(db, requiredCodepoints(body.text)), {
    before: [express.json({ limit: "256kb" })],
  });

  route(router, getFontDetail, async ({ query }) => {
    await fonts.addViews(query.fontGNo);
    return fontOr404(query.fontGNo);
  });

  route(
    router,
    addFontVisits,
    async ({ body }) => {
      if (!(await fonts.addViews(body.fontGNo, body.visits))) throw notFound(FONT_NOT_FOUND);
      return null;
    },
    { before: [express.json({ limit: "1kb" })] },
  );

  route(router, getDownloadUrl, async ({ query }) => {
    const family = await fonts.familyFiles(query.fontGNo);
    if (family.length === 0) throw notFound(FONT_NOT_FOUND);
    return {
      fontGNo: query.fontGNo,
      files: await Promise.all(
        family.map(async (font) => ({
          fontGNo: font.gno,
          fileName: downloadFileName(font.family_name_zh, font.weight_name),
          format: "ttf" as const,
          size: font.file_size,
          url: fontDownloadPath(font.gno),
          woff2Size: (await woff2Files.stored(font))?.size ?? null,
        })),
      ),
    };
  });

  route(router, getFontDictionaries, () => dictionaries(db));

  route(router, getFamilyFonts, async ({ params }) => {
    const family = await fonts.familyOfFont(params.id);
    if (!family) throw notFound(FONT_NOT_FOUND);
    return family;
  });

  route(router, getFontInformation, ({ params }) => fontOr404(params.id));

  route(router, getFontFamily, async ({ params }) => {
    const family = await fonts.familySummary(params.id);
    if (!family) throw notFound(FONT_NOT_FOUND);
    return family;
  });

  route(
    router,
    downloadFont,
    async ({ params, query: { format } }, { req, res }) => {
      const font = await fonts.fontFiles(params.id);
      if (!font) throw notFound(FONT_NOT_FOUND);
      let location = font.file_location;
      let stored;
      if (format === "woff2") {
        const woff2 = await woff2Files.find(font);
        if (!woff2) throw notFound("该字体没有 WOFF2 文件");
        if ("making" in woff2 || "busy" in woff2) {
          res.set("Retry-After", "60");
          throw new ApiError(
            503,
            "503",
            "making" in woff2
              ? "WOFF2 文件正在生成（大字库约需一两分钟），请稍后再下载"
              : "正在为其他字体生成 WOFF2 文件，请稍后再下载",
          );
        }
        stored = woff2.file;
        location = font.woff2_location ?? stored.path;
      } else {
        stored = await storage.stat(location);
      }

      const fileName = downloadFileName(font.family_name_zh, font.weight_name, format);
      const user = currentUser(res);
      const sent =
        stored !== null &&
        (await sendFontFile(
          req,
          res,
          { path: stored.path, format, fileName, asciiFallback: `${font.gno}.${format}` },
          async () => {
            // Only whole-TTF downloads count; the WOFF2 serves the website's own previews.
            if (format === "ttf") await fonts.addDownload(font.gno);
            // A signed-in user's download goes into their history.
            if (user) await onUserDownload?.({ userId: user.userId, fontGNo: font.gno, format, fileName }, new Date());
          },
        ));
      if (!sent) {
        logMissingFontFile(font.gno, location);
        throw notFound(FONT_FILE_MISSING);
      }
    },
    { before: [optionalUser(db)] },
  );

  route(router, getKeywords, ({ query }) => keywordSuggestions(db, query.keyword, query.limit));

  route(router, getHomeData, async () => {
    const [categories, recommend, newest, hot, stats, banners] = await Promise.all([
      fonts.styleCategories(),
      fonts.recommendedFamilyIds().then((ids) => fonts.familyRepresentatives(ids)),
      fonts.listFamilies({ sort: "new" }, HOME_LIST_SIZE, 0),
      fonts.listFamilies({ sort: "hot" }, HOME_LIST_SIZE, 0),
      fonts.stats(),
      adverts(db, "home-banner", assetUrl),
    ]);
    return { categories, recommend, newest: newest.fonts, hot: hot.fonts, stats, banners };
  });

  route(router, getFriendshipLinks, () => friendLinks(db));

  route(router, getColumnsByType, ({ query }) => webColumns(db, query.type));

  route(router, getAdverts, ({ query }) => adverts(db, query.position, assetUrl));

  return router;
}
