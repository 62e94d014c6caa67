import express, { type Router } from "express";
import { countUnreadNotices, getMyNews, listNotices, readNotice } from "../../contract/notices.js";
import { mustUser, requireUser } from "../account/index.js";
import type { AnyDatabase } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { toPage } from "../http/page.js";
import { route } from "../http/route.js";
import { countUnread, listUserNotices, markRead } from "./notice-repository.js";
import { noticeDb } from "./tables.js";

/** Answers for what somebody wrote to the user, not their own security notices. */
const NEWS_TYPES = ["system", "reply"] as const;

/** The user's messages (table `notice`, migration 310): the list, the unread count, reading one, the news feed. */
export function createNoticeRouter(options: { db: AnyDatabase }): Router {
  const db = noticeDb(options.db);
  const router = express.Router();
  const before = [
    requireUser(options.db),
    (_req: express.Request, res: express.Response, next: express.NextFunction) => {
      res.set("Cache-Control", "no-store");
      next();
    },
  ];

  route(
    router,
    listNotices,
    async ({ query }, { res }) => {
      const { current, size, type } = query;
      const page = await listUserNotices(
        db,
        mustUser(res).userId,
        { types: type ? [type] : undefined, unreadFirst: true },
        { limit: size, offset: (current - 1) * size },
      );
      return toPage(page.records, page.total, query);
    },
    { before },
  );

  route(router, countUnreadNotices, async (_input, { res }) => countUnread(db, mustUser(res).userId), { before });

  route(
    router,
    readNotice,
    async ({ params }, { res }) => {
      const notice = await markRead(db, mustUser(res).userId, params.id, new Date());
      // Another user's message is answered like one that does not exist.
      if (!notice) throw notFound("消息不存在");
      return notice;
    },
    { before },
  );

  route(
    router,
    getMyNews,
    async ({ query }, { res }) => {
      const { current, size } = query;
      const page = await listUserNotices(
        db,
        mustUser(res).userId,
        { types: NEWS_TYPES, unreadFirst: false },
        { limit: size, offset: (current - 1) * size },
      );
      return toPage(page.records, page.total, query);
    },
    { before },
  );

  return router;
}
