import express from "express";
import type { Kysely } from "kysely";
import { getSitePages, type SitePages } from "../../contract/site-pages.js";
import type { Database } from "../db/schema.js";
import { route } from "../http/route.js";
import { variableDb } from "../variable/tables.js";
import { contentDb } from "./tables.js";

const iso = (value: Date | string) => new Date(value).toISOString();

/** Every public item page and when its item last changed, read in one go for the website's sitemap. */
export async function listSitePages(db: Kysely<Database>): Promise<SitePages> {
  const content = contentDb(db);
  const [fonts, variableFonts, albums, baike, cases, news, videos] = await Promise.all([
    db.selectFrom("font").select(["gno", "created_at"]).orderBy("gno").execute(),
    variableDb(db).selectFrom("variable_font").select(["gno", "created_at"]).orderBy("sort").execute(),
    content.selectFrom("album").select(["id", "created_at as at"]).orderBy("id").execute(),
    content.selectFrom("baike_entry").select(["id", "updated_at as at"]).orderBy("id").execute(),
    content.selectFrom("font_case").select(["id", "created_at as at"]).orderBy("id").execute(),
    content.selectFrom("news_article").select(["id", "published_at as at"]).orderBy("id").execute(),
    content.selectFrom("video").select(["id", "published_at as at"]).orderBy("id").execute(),
  ]);
  const numbered = (rows: Array<{ id: number; at: Date | string }>) =>
    rows.map((row) => ({ id: row.id, lastModified: iso(row.at) }));
  return {
    fonts: fonts.map((row) => ({ fontGNo: row.gno, lastModified: iso(row.created_at) })),
    variableFonts: variableFonts.map((row) => ({ gno: row.gno, lastModified: iso(row.created_at) })),
    albums: numbered(albums),
    baike: numbered(baike),
    cases: numbered(cases),
    news: numbered(news),
    videos: numbered(videos),
  };
}

/** GET /web/api/site/pages (contract/site-pages.ts). */
export function createSitePagesRouter({ db }: { db: Kysely<Database> }): express.Router {
  const router = express.Router();
  route(router, getSitePages, () => listSitePages(db));
  return router;
}
