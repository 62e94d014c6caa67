import express from "express";
import type { Kysely } from "kysely";
import {
  countSearchResults,
  getAlbumDetail,
  getAlbumPage,
  getAlbumTags,
  getBaikeDetail,
  getBaikePage,
  getBaikeTitles,
  getCaseDetail,
  getCasePage,
  getCaseTags,
  getNewsDetail,
  getNewsPage,
  getVideoDetail,
  getVideoPage,
  saveMessage,
  searchEverything,
} from "../../contract/content.js";
import { currentUser, optionalUser } from "../account/index.js";
import type { AssetUrl } from "../catalogue/urls.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { toPage } from "../http/page.js";
import { MemoryRateLimits, RateLimiter } from "../http/rate-limits.js";
import { route } from "../http/route.js";
import { findAlbum, listAlbums } from "./album-repository.js";
import { baikeTitleGroups, findBaikeEntry, listBaike } from "./baike-repository.js";
import { findCase, listCases } from "./case-repository.js";
import { tagCounts } from "./content-tags.js";
import { saveMessage as storeMessage } from "./message-repository.js";
import { findNews, listNews } from "./news-repository.js";
import { countDocuments, searchDocuments } from "./search-index.js";
import { contentDb } from "./tables.js";
import { findVideo, listVideos } from "./video-repository.js";

/** Messages one client may leave per window: enough for a person, too few to flood the editors. */
export const MESSAGES_PER_WINDOW = 5;
export const MESSAGE_WINDOW_MS = 10 * 60_000;
/** A message is at most a few kilobytes of JSON; anything larger is not one. */
const MESSAGE_BODY_LIMIT = "16kb";

export type ContentRouterOptions = {
  db: Kysely<Database>;
  assetUrl: AssetUrl;
  /** Counts messages per client; by default MESSAGES_PER_WINDOW per MESSAGE_WINDOW_MS in memory. */
  messageLimiter?: RateLimiter;
};

/**
 * Albums, the calligraphy encyclopedia, cases, news, videos, the search across them and the
 * catalogue, and the message board (contract/content.ts). Tables: migration 200-content; content:
 * `seedContent`.
 */
export function createContentRouter({
  db: catalogueDb,
  assetUrl,
  messageLimiter,
}: ContentRouterOptions): express.Router {
  const db = contentDb(catalogueDb);
  const limiter =
    messageLimiter ??
    new RateLimiter(new MemoryRateLimits(), {
      bucket: "messages",
      limit: MESSAGES_PER_WINDOW,
      windowMs: MESSAGE_WINDOW_MS,
    });
  const router = express.Router();

  function found<T>(item: T | null, message: string): T {
    if (item === null) throw notFound(message);
    return item;
  }

  route(router, getAlbumTags, () => tagCounts(db, "album"));
  route(router, getAlbumPage, ({ query }) => listAlbums(db, query, assetUrl));
  route(router, getAlbumDetail, async ({ query }) => found(await findAlbum(db, query.id, assetUrl), "专辑不存在"));

  route(router, getBaikeTitles, ({ query }) => baikeTitleGroups(db, query.tagId));
  route(router, getBaikePage, ({ query }) => listBaike(db, query));
  route(router, getBaikeDetail, async ({ query }) => found(await findBaikeEntry(db, query.id), "百科词条不存在"));

  route(router, getCaseTags, () => tagCounts(db, "case"));
  route(router, getCasePage, ({ query }) => listCases(db, query, assetUrl));
  route(router, getCaseDetail, async ({ query }) => found(await findCase(db, query.id, assetUrl), "案例不存在"));

  route(router, getNewsPage, ({ query }) => listNews(db, query, assetUrl));
  route(router, getNewsDetail, async ({ query }) => found(await findNews(db, query.id, assetUrl), "资讯不存在"));

  route(router, getVideoPage, ({ query }) => listVideos(db, query, assetUrl));
  route(router, getVideoDetail, async ({ query }) => found(await findVideo(db, query.id, assetUrl), "视频不存在"));

  route(router, searchEverything, async ({ query }) => {
    const { keyword, type, current, size } = query;
    const { records, total } = await searchDocuments(db, {
      keyword,
      kind: type === "all" ? undefined : type,
      limit: size,
      offset: (current - 1) * size,
      assetUrl,
    });
    return toPage(records, total, query);
  });
  route(router, countSearchResults, ({ query }) => countDocuments(db, query.keyword));

  route(
    router,
    saveMessage,
    async ({ body }, { req, res }) => {
      await limiter.consume(req);
      const id = await storeMessage(db, {
        name: body.name,
        phone: body.phone ?? null,
        email: body.email ?? null,
        content: body.content,
        ip: req.ip ?? null,
        userAgent: req.get("user-agent")?.slice(0, 500) ?? null,
        // Signed in: the operators' reply reaches the user as a message on the site.
        userId: currentUser(res)?.userId ?? null,
      });
      return { id };
    },
    { before: [optionalUser(catalogueDb), express.json({ limit: MESSAGE_BODY_LIMIT })] },
  );

  return router;
}
