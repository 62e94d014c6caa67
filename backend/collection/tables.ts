import type { ColumnType, Generated } from "kysely";

/** Written as Date or ISO string (or left to the database's `now()`), always read as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface FontCollectionTable {
  id: Generated<number>;
  /** app_user.id; the collection goes when the user does. */
  user_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface FontCollectionItemTable {
  collection_id: number;
  /** font.gno of the catalogue (no foreign key: see migration 101-collections). */
  font_gno: string;
  created_at: CreatedAt;
}

/** The collection module's tables (migration 101-collections), reached with `db.withTables<CollectionTables>()`. */
export type CollectionTables = {
  font_collection: FontCollectionTable;
  font_collection_item: FontCollectionItemTable;
};
