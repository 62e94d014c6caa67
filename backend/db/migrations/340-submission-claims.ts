import type { Kysely } from "kysely";

/**
 * 投稿: a ticket is claimed by the request saving it while that request checks its files in the
 * bucket, outside any transaction, so a second save of the same ticket is refused at once instead
 * of checking the same files again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_ticket").addColumn("claimed_at", "timestamptz").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("submission_ticket").dropColumn("claimed_at").execute();
}
