import type { Selectable } from "kysely";
import type { AlbumDetail, AlbumSummary, ContentPageQuery } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import type { AssetUrl } from "../catalogue/urls.js";
import { toPage } from "../http/page.js";
import { containsKeyword, hasTag, summarise } from "./content-tags.js";
import { loadFontSummaries } from "./font-summaries.js";
import type { AlbumTable, ContentDb } from "./tables.js";

type AlbumRow = Selectable<AlbumTable>;

/** Albums, newest first, filtered by tag and keyword. */
export async function listAlbums(
  db: ContentDb,
  query: ContentPageQuery,
  assetUrl: AssetUrl,
): Promise<Page<AlbumSummary>> {
  const { current, size, tagId, keyword } = query;
  let matching = db.selectFrom("album");
  if (tagId !== undefined) matching = matching.where(hasTag("album", "album", tagId));
  if (keyword) matching = matching.where(containsKeyword("album", keyword));
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .selectAll("album")
      .orderBy("album.created_at", "desc")
      .orderBy("album.id", "desc")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return toPage(await summariseAlbums(db, rows, assetUrl), Number(total), query);
}

/** Album `id` with its fonts resolved, or null. */
export async function findAlbum(db: ContentDb, id: number, assetUrl: AssetUrl): Promise<AlbumDetail | null> {
  const row = await db.selectFrom("album").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [summary] = await summariseAlbums(db, [row], assetUrl);
  const notes = await albumFonts(db, [id]);
  const fonts = await loadFontSummaries(db, summary!.fontGNos);
  return {
    ...summary!,
    bodyMarkdown: row.body_markdown,
    fonts: (notes.get(id) ?? []).flatMap(({ gno, note }) => {
      const font = fonts.get(gno);
      return font ? [{ ...font, note }] : [];
    }),
  };
}

function summariseAlbums(db: ContentDb, rows: AlbumRow[], assetUrl: AssetUrl): Promise<AlbumSummary[]> {
  const fonts = albumFonts(
    db,
    rows.map((row) => row.id),
  );
  return summarise(
    db,
    "album",
    rows,
    (row, tags, fonts) => {
      const fontGNos = (fonts.get(row.id) ?? []).map((font) => font.gno);
      return {
        id: row.id,
        title: row.title,
        summary: row.summary,
        cover: assetUrl(row.cover),
        tags,
        fontGNos,
        fontCount: fontGNos.length,
        createdAt: new Date(row.created_at).toISOString(),
      };
    },
    fonts,
  );
}

/** The fonts of each album that the catalogue has, in the album's order. */
async function albumFonts(db: ContentDb, ids: number[]): Promise<Map<number, Array<{ gno: string; note: string }>>> {
  const fonts = new Map<number, Array<{ gno: string; note: string }>>(ids.map((id) => [id, []]));
  if (ids.length === 0) return fonts;
  const rows = await db
    .selectFrom("album_font")
    .innerJoin("font", "font.gno", "album_font.font_gno")
    .select(["album_font.album_id", "album_font.font_gno", "album_font.note"])
    .where("album_font.album_id", "in", ids)
    .orderBy("album_font.sort")
    .execute();
  for (const row of rows) fonts.get(row.album_id)?.push({ gno: row.font_gno, note: row.note });
  return fonts;
}
