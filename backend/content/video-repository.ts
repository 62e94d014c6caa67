import { sql, type Selectable } from "kysely";
import type { VideoDetail, VideoPageQuery, VideoSummary } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import type { AssetUrl } from "../catalogue/urls.js";
import { toPage } from "../http/page.js";
import { containsKeyword, hasTag, summarise } from "./content-tags.js";
import { loadFontSummaries, pickFonts } from "./font-summaries.js";
import type { ContentDb, VideoTable } from "./tables.js";

type VideoRow = Selectable<VideoTable>;

/** Videos, newest first, filtered by tag, keyword and font (any weight of the font's family). */
export async function listVideos(
  db: ContentDb,
  query: VideoPageQuery,
  assetUrl: AssetUrl,
): Promise<Page<VideoSummary>> {
  const { current, size, tagId, keyword, fontGNo } = query;
  let matching = db.selectFrom("video");
  if (tagId !== undefined) matching = matching.where(hasTag("video", "video", tagId));
  if (keyword) matching = matching.where(containsKeyword("video", keyword));
  if (fontGNo !== undefined) {
    matching = matching.where(sql<boolean>`exists (
      select 1 from font as shown
      join font as wanted on wanted.family_id = shown.family_id
      where shown.gno = any(video.font_gnos) and wanted.gno = ${fontGNo}
    )`);
  }
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .selectAll("video")
      .orderBy("video.published_at", "desc")
      .orderBy("video.id", "desc")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  return toPage(await summariseVideos(db, rows, assetUrl), Number(total), query);
}

/** Video `id` with its fonts and its streams (none until its media exist), or null. */
export async function findVideo(db: ContentDb, id: number, assetUrl: AssetUrl): Promise<VideoDetail | null> {
  const row = await db.selectFrom("video").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [[summary], streams] = await Promise.all([
    summariseVideos(db, [row], assetUrl),
    db
      .selectFrom("video_stream")
      .select(["type", "url", "width", "height"])
      .where("video_id", "=", id)
      .orderBy("sort")
      .execute(),
  ]);
  const fonts = await loadFontSummaries(db, summary!.fontGNos);
  return {
    ...summary!,
    bodyMarkdown: row.body_markdown,
    fonts: pickFonts(fonts, summary!.fontGNos),
    streams: streams.map((stream) => ({ ...stream, url: assetUrl(stream.url) })),
  };
}

function summariseVideos(db: ContentDb, rows: VideoRow[], assetUrl: AssetUrl): Promise<VideoSummary[]> {
  return summarise(
    db,
    "video",
    rows,
    (row, tags, known) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      poster: assetUrl(row.poster),
      durationSeconds: row.duration_seconds,
      tags,
      fontGNos: row.font_gnos.filter((gno) => known.has(gno)),
      publishedAt: new Date(row.published_at).toISOString(),
    }),
    loadFontSummaries(
      db,
      rows.flatMap((row) => row.font_gnos),
    ),
  );
}
