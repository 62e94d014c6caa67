import type { ColumnType, Generated, Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface FontDownloadTable {
  id: Generated<number>;
  /** app_user.id; the history goes when the user does. */
  user_id: number;
  /** font.gno of the catalogue (no foreign key: see migration 310). */
  font_gno: string;
  format: "ttf" | "woff2";
  /** The name the file was saved under. */
  file_name: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The download module's table (migration 310), with the catalogue's for names. */
export type DownloadTables = { font_download: FontDownloadTable };
export type DownloadDb = Kysely<Database & DownloadTables>;

export function downloadDb(db: Kysely<Database>): DownloadDb {
  return db.withTables<DownloadTables>();
}
