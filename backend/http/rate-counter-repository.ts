import { sql, type ColumnType, type Kysely } from "kysely";
import type { AnyDatabase } from "../db/schema.js";

export interface RateCounterTable {
  bucket: string;
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  count: number;
}

/** The table behind `DatabaseRateLimits` (migration 102-account-security). */
export type RateCounterDb = Kysely<{ rate_counter: RateCounterTable }>;

export function rateCounterDb(db: AnyDatabase): RateCounterDb {
  return db.withTables<{ rate_counter: RateCounterTable }>() as unknown as RateCounterDb;
}

/**
 * Counts `cost` units of (bucket, key) in a single statement: a counter whose window began at or
 * before `windowCutoff` starts again at `cost` with `now` as its start. Concurrent calls each see a
 * different count, on PostgreSQL (the row is locked by the upsert) and on PGlite alike.
 */
export async function incrementRateCounter(
  db: RateCounterDb,
  counter: { bucket: string; key: string; now: Date; windowCutoff: Date; cost: number },
): Promise<{ count: number; windowStart: Date }> {
  const { bucket, key, now, windowCutoff, cost } = counter;
  const expired = sql<boolean>`rate_counter.window_start <= ${windowCutoff}::timestamptz`;
  const row = await db
    .insertInto("rate_counter")
    .values({ bucket, key, window_start: now, count: cost })
    .onConflict((conflict) =>
      conflict.columns(["bucket", "key"]).doUpdateSet({
        count: sql<number>`case when ${expired} then ${cost}::integer else rate_counter.count + ${cost}::integer end`,
        window_start: sql<Date>`case when ${expired} then ${now}::timestamptz else rate_counter.window_start end`,
      }),
    )
    .returning(["count", "window_start"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: new Date(row.window_start) };
}

/** Takes back `cost` units counted in the window that began at `windowStart` (never below zero). */
export async function decrementRateCounter(
  db: RateCounterDb,
  counter: { bucket: string; key: string; windowStart: Date; cost: number },
): Promise<void> {
  await db
    .updateTable("rate_counter")
    .set({ count: sql<number>`greatest(count - ${counter.cost}::integer, 0)` })
    .where("bucket", "=", counter.bucket)
    .where("key", "=", counter.key)
    .where("window_start", "=", counter.windowStart)
    .execute();
}

export async function deleteRateCounter(db: RateCounterDb, bucket: string, key: string): Promise<void> {
  await db.deleteFrom("rate_counter").where("bucket", "=", bucket).where("key", "=", key).execute();
}

export async function deleteRateCountersBefore(db: RateCounterDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("rate_counter").where("window_start", "<", cutoff).execute();
}
