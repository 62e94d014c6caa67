import type { AccountDb } from "./tables.js";

export async function insertRateEvent(db: AccountDb, bucket: string, key: string, at: Date): Promise<void> {
  await db.insertInto("rate_event").values({ bucket, key, created_at: at }).execute();
}

export async function deleteRateEventsBefore(db: AccountDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("rate_event").where("created_at", "<", cutoff).execute();
}

/** Number of events of (bucket, key) after `since`, and the oldest of them. */
export async function countRateEventsSince(
  db: AccountDb,
  bucket: string,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom("rate_event")
    .select((eb) => [eb.fn.countAll<string | number>().as("count"), eb.fn.min("created_at").as("oldest")])
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("created_at", ">", since)
    .executeTakeFirst();
  const oldest = row?.oldest ? new Date(row.oldest as Date | string) : null;
  return { count: Number(row?.count ?? 0), oldest };
}

/** The latest event of (bucket, key) after `since`, if any. */
export async function latestRateEventSince(db: AccountDb, bucket: string, key: string, since: Date): Promise<Date | null> {
  const row = await db
    .selectFrom("rate_event")
    .select((eb) => eb.fn.max("created_at").as("latest"))
    .where("bucket", "=", bucket)
    .where("key", "=", key)
    .where("created_at", ">", since)
    .executeTakeFirst();
  return row?.latest ? new Date(row.latest as Date | string) : null;
}

export async function deleteRateEvents(db: AccountDb, bucket: string, key: string): Promise<void> {
  await db.deleteFrom("rate_event").where("bucket", "=", bucket).where("key", "=", key).execute();
}
