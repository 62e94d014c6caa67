import express from "express";
import type { Kysely } from "kysely";
import { downloadAlbumZip, getAlbumZipUrl } from "../../contract/album-zip.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import type { FontStorage } from "../storage/font-storage.js";
import { planAlbumZip, sendAlbumZip } from "./album-zip.js";
import { contentDb } from "./tables.js";

const ALBUM_NOT_FOUND = "专辑不存在";
const FONT_FILE_MISSING = "专辑里有字体文件缺失，暂时无法打包下载";

/** 打包下载 of albums (contract/album-zip.ts): what an album's zip holds, and the zip itself, streamed. */
export function createAlbumZipRouter({ db, storage }: { db: Kysely<Database>; storage: FontStorage }) {
  const content = contentDb(db);
  const router = express.Router();

  async function planOr404(id: number) {
    const plan = await planAlbumZip(content, id);
    if (!plan) throw notFound(ALBUM_NOT_FOUND);
    return plan;
  }

  route(router, getAlbumZipUrl, async ({ query }) => {
    const { id, fileName, url, files } = await planOr404(query.id);
    return { id, fileName, url, files };
  });

  route(router, downloadAlbumZip, async ({ params }, { req, res }) => {
    const plan = await planOr404(params.id);
    if (!(await sendAlbumZip(req, res, storage, plan))) throw notFound(FONT_FILE_MISSING);
  });

  return router;
}
