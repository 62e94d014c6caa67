import { sql, type Kysely } from "kysely";

/**
 * Account security: atomic rate counters (replacing one row per event), what the sessions list
 * shows and the re-authentication window, a version per user for concurrent writes, the no-JS
 * captcha's typed answer, and the purpose of a WeChat state.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_counter")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_counter_pk", ["bucket", "key"])
    .execute();
  await db.schema.createIndex("rate_counter_window_idx").on("rate_counter").column("window_start").execute();
  await db.schema.dropTable("rate_event").ifExists().execute();

  await db.schema
    .alterTable("user_session")
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("reauthenticated_at", "timestamptz")
    .execute();
  await sql`update user_session set last_seen_at = created_at`.execute(db);

  await db.schema
    .alterTable("app_user")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable("captcha_challenge")
    .addColumn("answer", "text")
    .alterColumn("gap_x", (c) => c.dropNotNull())
    .alterColumn("gap_y", (c) => c.dropNotNull())
    .execute();

  await db.schema.alterTable("wechat_state").addColumn("purpose", "text").execute();
  await sql`update wechat_state set purpose = case when user_id is null then 'login' else 'bind' end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("wechat_state").dropColumn("purpose").execute();
  await sql`delete from captcha_challenge where gap_x is null or gap_y is null`.execute(db);
  await db.schema
    .alterTable("captcha_challenge")
    .dropColumn("answer")
    .alterColumn("gap_x", (c) => c.setNotNull())
    .alterColumn("gap_y", (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable("app_user").dropColumn("version").execute();
  await db.schema.alterTable("user_session").dropColumn("last_seen_at").dropColumn("reauthenticated_at").execute();
  await db.schema
    .createTable("rate_event")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_event_idx").on("rate_event").columns(["bucket", "key", "created_at"]).execute();
  await db.schema.dropTable("rate_counter").execute();
}
