import { sql } from "kysely";
import type { AccountDb } from "./tables.js";

/**
 * Counts one event of (bucket, key) in a single statement: a counter whose window began at or
 * before `windowCutoff` starts again at 1 with `now` as its start. Concurrent calls each see a
 * different count, on PostgreSQL (the row is locked by the upsert) and on PGlite alike.
 */
export async function incrementRateCounter(
  db: AccountDb,
  counter: { bucket: string; key: string; now: Date; windowCutoff: Date },
): Promise<{ count: number; windowStart: Date }> {
  const { bucket, key, now, windowCutoff } = counter;
  const expired = sql<boolean>`rate_counter.window_start <= ${windowCutoff}::timestamptz`;
  const row = await db
    .insertInto("rate_counter")
    .values({ bucket, key, window_start: now, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(["bucket", "key"]).doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_counter.count + 1 end`,
        window_start: sql<Date>`case when ${expired} then ${now}::timestamptz else rate_counter.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: new Date(row.window_start) };
}

/** Takes back one event counted in the window that began at `windowStart` (never below zero). */
export async function decrementRateCounter(
  db: AccountDb,
  counter: { bucket: string; key: string; windowStart: Date },
): Promise<void> {
  await db
    .updateTable("rate_counter")
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where("bucket", "=", counter.bucket)
    .where("key", "=", counter.key)
    .where("window_start", "=", counter.windowStart)
    .execute();
}

export async function deleteRateCounter(db: AccountDb, bucket: string, key: string): Promise<void> {
  await db.deleteFrom("rate_counter").where("bucket", "=", bucket).where("key", "=", key).execute();
}

export async function deleteRateCountersBefore(db: AccountDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("rate_counter").where("window_start", "<", cutoff).execute();
}
