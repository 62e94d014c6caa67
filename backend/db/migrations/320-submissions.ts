import { sql, type Kysely } from "kysely";

/**
 * 投稿: submissions waiting for review, and the files uploaded for them.
 *
 * A ticket is the submitter's secret, kept only as its SHA-256. Each upload credential names one
 * key under a ticket; the row records what the credential allowed and, once the bytes arrived,
 * their size. A submission takes uploads of its own ticket that no other submission has taken.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("submission_ticket")
    .addColumn("ticket_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("submission")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("ticket_hash", "text", (c) => c.notNull().unique().references("submission_ticket.ticket_hash"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('字体', '作品')`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("contact", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("app_user.id").onDelete("set null"))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'accepted', 'rejected')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("submission_upload")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("ticket_hash", "text", (c) =>
      c.notNull().references("submission_ticket.ticket_hash").onDelete("cascade"),
    )
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("max_size", "integer", (c) => c.notNull())
    .addColumn("size", "integer")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("uploaded_at", "timestamptz")
    .addColumn("submission_id", "integer", (c) => c.references("submission.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("submission_upload_ticket_idx").on("submission_upload").column("ticket_hash").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("submission_upload").execute();
  await db.schema.dropTable("submission").execute();
  await db.schema.dropTable("submission_ticket").execute();
}
