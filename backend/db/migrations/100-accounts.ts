import { sql, type Kysely } from "kysely";

/** Accounts, sessions, verification codes, rate limits, captcha challenges and WeChat login states. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_user")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.unique())
    .addColumn("email", "text", (c) => c.unique())
    .addColumn("password_hash", "text")
    .addColumn("nickname", "text", (c) => c.notNull())
    .addColumn("gender", "smallint", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gender in (0, 1, 2)`),
    )
    .addColumn("birthday", "text")
    .addColumn("bio", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("avatar", "text")
    .addColumn("wechat_openid", "text", (c) => c.unique())
    .addColumn("wechat_unionid", "text", (c) => c.unique())
    .addColumn("wechat_nickname", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_session")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("user_session_user_idx").on("user_session").column("user_id").execute();

  await db.schema
    .createTable("verification_code")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consumed_at", "timestamptz")
    .addColumn("ip", "text")
    .execute();
  await db.schema
    .createIndex("verification_code_target_idx")
    .on("verification_code")
    .columns(["target", "purpose", "created_at"])
    .execute();

  await db.schema
    .createTable("rate_event")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_event_idx").on("rate_event").columns(["bucket", "key", "created_at"]).execute();

  await db.schema
    .createTable("password_reset_ticket")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("app_user.id").onDelete("cascade"))
    .addColumn("ticket_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("captcha_challenge")
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("secret_key", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("gap_x", "integer", (c) => c.notNull())
    .addColumn("gap_y", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("checked_at", "timestamptz")
    .addColumn("passed", "boolean")
    .addColumn("verification_hash", "text", (c) => c.unique())
    .addColumn("verification_expires_at", "timestamptz")
    .addColumn("verification_used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("captcha_challenge_expiry_idx").on("captcha_challenge").column("expires_at").execute();

  await db.schema
    .createTable("wechat_state")
    .addColumn("state", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("app_user.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "wechat_state",
    "captcha_challenge",
    "password_reset_ticket",
    "rate_event",
    "verification_code",
    "user_session",
    "app_user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
