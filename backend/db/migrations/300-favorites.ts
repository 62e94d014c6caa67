import { sql, type Kysely } from "kysely";

/**
 * Default collections, names unique per user, and favorite articles.
 *
 * Each user has at most one default collection (a partial unique index, so two requests making it
 * at the same moment make one). Before this migration, the oldest collection of each user becomes
 * the default one, and a name repeated within a user's collections gets the collection's id added.
 *
 * Favorite articles name content by kind and id without a foreign key (the content lives in
 * several tables); reads join each kind's table and skip articles that are gone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("font_collection")
    .addColumn("is_default", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update font_collection set is_default = true
    where id in (select distinct on (user_id) id from font_collection order by user_id, created_at, id)
  `.execute(db);
  await sql`
    update font_collection c set name = c.name || ' ' || c.id
    where exists (
      select 1 from font_collection d where d.user_id = c.user_id and d.name = c.name and d.id < c.id
    )
  `.execute(db);
  await sql`create unique index font_collection_default_key on font_collection (user_id) where is_default`.execute(db);
  await db.schema
    .createIndex("font_collection_user_name_key")
    .unique()
    .on("font_collection")
    .columns(["user_id", "name"])
    .execute();

  await db.schema
    .createTable("favorite_article")
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('news', 'baike', 'case', 'video', 'album')`))
    .addColumn("article_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("favorite_article_pk", ["user_id", "kind", "article_id"])
    .execute();
  await db.schema
    .createIndex("favorite_article_user_created_idx")
    .on("favorite_article")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("favorite_article").ifExists().execute();
  await db.schema.dropIndex("font_collection_user_name_key").ifExists().execute();
  await db.schema.dropIndex("font_collection_default_key").ifExists().execute();
  await db.schema.alterTable("font_collection").dropColumn("is_default").execute();
}
