import express from "express";
import type { Kysely } from "kysely";
import { downloadAlbumZip, downloadFamilyZip, getAlbumZipUrl } from "../../contract/album-zip.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import type { FontStorage } from "../storage/font-storage.js";
import { albumFontZip, planAlbumZip, planFamilyZip, sendFontZip } from "./album-zip.js";
import { contentDb } from "./tables.js";

const ALBUM_NOT_FOUND = "专辑不存在";
const FONT_FILE_MISSING = "专辑里有字体文件缺失，暂时无法打包下载";

/** 打包下载 of albums and of a font's family (contract/album-zip.ts): what an album's zip holds, and the zips themselves, streamed. */
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
    if (!(await sendFontZip(req, res, storage, albumFontZip(plan)))) throw notFound(FONT_FILE_MISSING);
  });

  route(router, downloadFamilyZip, async ({ params }, { req, res }) => {
    const zip = await planFamilyZip(content, params.id);
    if (!zip) throw notFound("字体不存在");
    if (!(await sendFontZip(req, res, storage, zip))) throw notFound("字体文件缺失，暂时无法打包下载");
  });

  return router;
}
