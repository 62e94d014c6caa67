import type { ColumnType, Generated, Kysely } from "kysely";

/** Timestamps are written as Date or ISO strings and always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface StyleCategoryTable {
  code: string;
  name: string;
  url: string;
  image_dark: string;
  image_light: string;
  sort: number;
}

export interface LicenseTable {
  code: string;
  name: string;
  commercial_use: boolean;
  commercial_label: string;
}

export interface CharsetTable {
  code: string;
  name: string;
  total: number;
  sort: number;
}

export interface FontFamilyTable {
  id: Generated<number>;
  slug: string;
  name_zh: string;
  name_en: string;
  /** Toneless pinyin of name_zh, the key of the `name` sort. */
  pinyin: string;
  description: string;
  video_url: string | null;
  /** Position in the home page's recommendations; null = not recommended. */
  recommend_sort: number | null;
  created_at: Timestamp;
}

export interface FontTable {
  gno: string;
  family_id: number;
  name_en: string;
  style_name: string;
  weight: number;
  weight_name: string;
  is_default: boolean;
  /** Where the TTF lives, as a storage location (see backend/storage/font-storage.ts). */
  file_location: string;
  file_size: number;
  /** The original WOFF2 file, when the font was published as one. */
  woff2_location: string | null;
  version: string | null;
  copyright: string | null;
  designer: string | null;
  foundry: string | null;
  license_code: string;
  license_url: string | null;
  license_source: string;
  license_text: string;
  glyph_count: number;
  codepoint_count: number;
  downloads: Generated<number>;
  views: Generated<number>;
  created_at: Timestamp;
}

export interface FontFamilyStyleTable {
  family_id: number;
  style_code: string;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface FontFamilyTagTable {
  family_id: number;
  tag_id: number;
}

export interface FontCharsetTable {
  font_gno: string;
  charset_code: string;
  covered: number;
}

/** The font's cmap as inclusive code point ranges. */
export interface FontCodepointRangeTable {
  font_gno: string;
  range_start: number;
  range_end: number;
}

export interface DictionaryTable {
  category: string;
  dict_number: string;
  dict_name: string;
  sort: number;
}

export interface HotKeywordTable {
  id: Generated<number>;
  keyword: string;
  sort: number;
}

export interface FriendLinkTable {
  id: Generated<number>;
  name: string;
  link: string;
  link_type: number;
  sort: number;
}

export interface WebColumnTable {
  id: Generated<number>;
  name: string;
  url: string;
  type: string;
  sort: number;
}

export interface AdvertTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: string;
  position: string;
  sort: number;
}

/**
 * The catalogue's tables. Other modules describe their own tables and reach them with
 * `db.withTables<TheirTables>()`.
 */
export interface Database {
  style_category: StyleCategoryTable;
  license: LicenseTable;
  charset: CharsetTable;
  font_family: FontFamilyTable;
  font: FontTable;
  font_family_style: FontFamilyStyleTable;
  tag: TagTable;
  font_family_tag: FontFamilyTagTable;
  font_charset: FontCharsetTable;
  font_codepoint_range: FontCodepointRangeTable;
  dictionary: DictionaryTable;
  hot_keyword: HotKeywordTable;
  friend_link: FriendLinkTable;
  web_column: WebColumnTable;
  advert: AdvertTable;
}

/**
 * A database handle whatever tables its type declares: each module narrows it to its own tables
 * with `withTables<T>()`, so the catalogue, account and content modules stay independent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own type for "any schema"
export type AnyDatabase = Kysely<any>;
