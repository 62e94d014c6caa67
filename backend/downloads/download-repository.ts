import type { DownloadRecord } from "../../contract/downloads.js";
import { familySize, fontName } from "../catalogue/font-rows.js";
import type { UserDownload } from "../catalogue/routes.js";
import { likeContaining } from "../db/like-pattern.js";
import type { DownloadDb } from "./tables.js";

export async function recordDownload(db: DownloadDb, download: UserDownload, now: Date): Promise<void> {
  await db
    .insertInto("font_download")
    .values({
      user_id: download.userId,
      font_gno: download.fontGNo,
      format: download.format,
      file_name: download.fileName,
      created_at: now,
    })
    .execute();
}

/**
 * A page of the user's downloads, newest first, named as the catalogue names the fonts;
 * `keyword` keeps those whose family (Chinese or English name) or file name contains it. Fonts the
 * catalogue no longer has are left out.
 */
export async function listDownloads(
  db: DownloadDb,
  userId: number,
  keyword: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ records: DownloadRecord[]; total: number }> {
  let query = db
    .selectFrom("font_download as download")
    .innerJoin("font", "font.gno", "download.font_gno")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .where("download.user_id", "=", userId);
  if (keyword) {
    const pattern = likeContaining(keyword);
    query = query.where((eb) =>
      eb.or([
        eb("font_family.name_zh", "ilike", pattern),
        eb("font_family.name_en", "ilike", pattern),
        eb("download.file_name", "ilike", pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select((eb) => [
        "download.id",
        "download.font_gno",
        "download.format",
        "download.file_name",
        "download.created_at",
        "font.weight_name",
        "font_family.name_zh",
        familySize(eb).as("family_size"),
      ])
      .orderBy("download.created_at", "desc")
      .orderBy("download.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      id: row.id,
      fontGNo: row.font_gno,
      fontName: fontName(row.name_zh, row.weight_name, row.family_size),
      familyName: row.name_zh,
      fileName: row.file_name,
      format: row.format,
      downloadedAt: new Date(row.created_at).toISOString(),
    })),
    total: Number(count.total),
  };
}
