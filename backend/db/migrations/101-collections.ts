import { sql, type Kysely } from "kysely";

/**
 * Favorite-font collections (read and written under /web/api/account/collection/*).
 * Items name catalogue fonts by gno without a foreign key, so a catalogue re-import does not wipe
 * anyone's favorites; reads join the catalogue and skip fonts it no longer has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("font_collection")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("font_collection_user_idx")
    .on("font_collection")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("font_collection_item")
    .addColumn("collection_id", "integer", (c) => c.notNull().references("font_collection.id").onDelete("cascade"))
    .addColumn("font_gno", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("font_collection_item_pk", ["collection_id", "font_gno"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["font_collection_item", "font_collection"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
