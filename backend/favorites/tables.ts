import type { ColumnType, Generated } from "kysely";
import type { ArticleKind } from "../../contract/favorite.js";

/** Written as Date or ISO string (or left to the database's `now()`), always read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FavoriteFolderTable {
  id: Generated<number>;
  /** app_user.id; the folder goes when the user does. */
  user_id: number;
  name: string;
  /** At most one per user (migration 300-favorites); it cannot be deleted. */
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface FavoriteFontTable {
  folder_id: number;
  /** font.gno of the catalogue (no foreign key: see migration 101-folders). */
  font_gno: string;
  created_at: CreatedAt;
}

export interface FavoriteArticleTable {
  user_id: number;
  kind: ArticleKind;
  /** The id within the kind's table (no foreign key: see migration 300-favorites). */
  article_id: number;
  created_at: CreatedAt;
}

/**
 * The folder module's tables (migrations 101-folders and 300-favorites), reached with
 * `db.withTables<FavoriteTables>()`.
 */
export type FavoriteTables = {
  favorite_folder: FavoriteFolderTable;
  favorite_font: FavoriteFontTable;
  favorite_article: FavoriteArticleTable;
};
