import { sql, type Kysely } from "kysely";

/**
 * The user centre's records: each font a signed-in user downloaded (`font_download`), the
 * messages sent to users (`notice`), and on the contact message board who left a message (when
 * signed in) and the operators' reply to it. Downloads name catalogue fonts by gno without a
 * foreign key, like favorites, so a catalogue re-import keeps everyone's history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("font_download")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("font_gno", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull().check(sql`format in ('ttf', 'woff2')`))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("font_download_user_idx")
    .on("font_download")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("notice")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('system', 'security', 'reply')`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("read_at", "timestamptz")
    .execute();
  await db.schema.createIndex("notice_user_idx").on("notice").columns(["user_id", "created_at"]).execute();

  await db.schema
    .alterTable("message_board")
    .addColumn("user_id", "integer", (c) => c.references("app_user.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("message_board").addColumn("reply", "text").execute();
  await db.schema.alterTable("message_board").addColumn("replied_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["replied_at", "reply", "user_id"]) {
    await db.schema.alterTable("message_board").dropColumn(column).execute();
  }
  for (const table of ["notice", "font_download"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
