import type { ColumnType, Generated, Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** Timestamps are written as Date or ISO strings and always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Written as Date or ISO string (or left to the database's `now()`), always read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `text[]` column: read as an array, written as one (or left to its default `{}`). */
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export type ContentKind = "album" | "baike" | "case" | "news" | "video";

export interface ContentTagTable {
  id: Generated<number>;
  kind: ContentKind;
  name: string;
  sort: number;
}

export interface AlbumTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  cover: string;
  created_at: Timestamp;
}

export interface AlbumFontTable {
  album_id: number;
  /** font.gno of the catalogue (no foreign key: see migration 200-content). */
  font_gno: string;
  sort: number;
  note: string;
}

export interface BaikeEntryTable {
  id: Generated<number>;
  slug: string;
  tag_id: number;
  title: string;
  summary: string;
  body_markdown: string;
  sort: number;
  font_gnos: TextArray;
  updated_at: Timestamp;
}

export interface FontCaseTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  cover: string;
  example: boolean;
  created_at: Timestamp;
}

export interface FontCaseFontTable {
  case_id: number;
  sort: number;
  font_gno: string;
  role: "封面" | "标题" | "字幕" | "花字";
  rationale: string;
}

export interface NewsArticleTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  cover: string;
  author: string;
  font_gnos: TextArray;
  published_at: Timestamp;
}

export interface VideoTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body_markdown: string;
  poster: string;
  duration_seconds: number;
  font_gnos: TextArray;
  published_at: Timestamp;
}

export interface VideoStreamTable {
  video_id: number;
  sort: number;
  type: "hls" | "mp4";
  url: string;
  width: number | null;
  height: number | null;
}

export interface AlbumTagTable {
  album_id: number;
  tag_id: number;
}

export interface FontCaseTagTable {
  case_id: number;
  tag_id: number;
}

export interface NewsArticleTagTable {
  news_id: number;
  tag_id: number;
}

export interface VideoTagTable {
  video_id: number;
  tag_id: number;
}

export interface MessageBoardTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  email: string | null;
  content: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  /** Migration 310: who left it when signed in, and the operators' reply (see backend/notices). */
  user_id: number | null;
  reply: string | null;
  replied_at: Timestamp | null;
}

export interface SearchDocumentTable {
  kind: "fonts" | "albums" | "baike" | "cases" | "news" | "videos";
  /** A font's gno, or the item's id as text. */
  ref_id: string;
  title: string;
  body: string;
  cover: string | null;
  path: string;
  published_at: Timestamp;
  /** Written with `to_tsvector` (see search-index.ts); read only through SQL. */
  document: ColumnType<string, never, never>;
}

/** The content module's tables (migration 200-content), reached with `contentDb(db)`. */
export type ContentTables = {
  content_tag: ContentTagTable;
  album: AlbumTable;
  album_font: AlbumFontTable;
  album_tag: AlbumTagTable;
  baike_entry: BaikeEntryTable;
  font_case: FontCaseTable;
  font_case_font: FontCaseFontTable;
  font_case_tag: FontCaseTagTable;
  news_article: NewsArticleTable;
  news_article_tag: NewsArticleTagTable;
  video: VideoTable;
  video_stream: VideoStreamTable;
  video_tag: VideoTagTable;
  message_board: MessageBoardTable;
  search_document: SearchDocumentTable;
};

/** The catalogue's tables with the content's: content reads join the catalogue's fonts. */
export type ContentDb = Kysely<Database & ContentTables>;

export function contentDb(db: Kysely<Database>): ContentDb {
  return db.withTables<ContentTables>();
}
