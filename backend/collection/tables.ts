import type { ColumnType, Generated } from "kysely";
import type { ArticleKind } from "../../contract/favorite.js";

/** Written as Date or ISO string (or left to the database's `now()`), always read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FontCollectionTable {
  id: Generated<number>;
  /** app_user.id; the collection goes when the user does. */
  user_id: number;
  name: string;
  /** At most one per user (migration 300-favorites); it cannot be deleted. */
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface FontCollectionItemTable {
  collection_id: number;
  /** font.gno of the catalogue (no foreign key: see migration 101-collections). */
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
 * The collection module's tables (migrations 101-collections and 300-favorites), reached with
 * `db.withTables<CollectionTables>()`.
 */
export type CollectionTables = {
  font_collection: FontCollectionTable;
  font_collection_item: FontCollectionItemTable;
  favorite_article: FavoriteArticleTable;
};
