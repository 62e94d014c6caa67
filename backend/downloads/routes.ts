import express, { type Router } from "express";
import type { Kysely } from "kysely";
import { getDownloadHistory } from "../../contract/downloads.js";
import { mustUser, requireUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { toPage } from "../http/page.js";
import { route } from "../http/route.js";
import { listDownloads } from "./download-repository.js";
import { downloadDb } from "./tables.js";

/**
 * A signed-in user's download history (table `font_download`, migration 310). Downloads are
 * recorded by the catalogue's download endpoint when it is called with a token.
 */
export function createDownloadRouter(options: { db: Kysely<Database> }): Router {
  const db = downloadDb(options.db);
  const router = express.Router();

  route(
    router,
    getDownloadHistory,
    async ({ query }, { res }) => {
      res.set("Cache-Control", "no-store");
      const { current, size, keyword } = query;
      const page = await listDownloads(db, mustUser(res).userId, keyword, {
        limit: size,
        offset: (current - 1) * size,
      });
      return toPage(page.records, page.total, query);
    },
    { before: [requireUser(options.db)] },
  );

  return router;
}
