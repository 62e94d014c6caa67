import type { AccountDb } from "./tables.js";

/** Counts events per (bucket, key) in a sliding window, in the database so every process agrees. */
export class RateLimiter {
  constructor(private readonly db: AccountDb) {}

  async record(bucket: string, key: string, now: Date): Promise<void> {
    await this.db.insertInto("rate_event").values({ bucket, key, created_at: now }).execute();
    if (Math.random() < 0.01) {
      // Housekeeping: nothing counts windows longer than a day.
      await this.db
        .deleteFrom("rate_event")
        .where("created_at", "<", new Date(now.getTime() - 24 * 3600_000))
        .execute();
    }
  }

  /** Number of events since `now - windowMs`, and the oldest of them (to say when the window frees up). */
  async count(bucket: string, key: string, now: Date, windowMs: number): Promise<{ count: number; oldest: Date | null }> {
    const row = await this.db
      .selectFrom("rate_event")
      .select((eb) => [eb.fn.countAll<string | number>().as("count"), eb.fn.min("created_at").as("oldest")])
      .where("bucket", "=", bucket)
      .where("key", "=", key)
      .where("created_at", ">", new Date(now.getTime() - windowMs))
      .executeTakeFirst();
    const oldest = row?.oldest ? new Date(row.oldest as Date | string) : null;
    return { count: Number(row?.count ?? 0), oldest };
  }

  /** The latest event since `now - windowMs`, if any. */
  async latest(bucket: string, key: string, now: Date, windowMs: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom("rate_event")
      .select((eb) => eb.fn.max("created_at").as("latest"))
      .where("bucket", "=", bucket)
      .where("key", "=", key)
      .where("created_at", ">", new Date(now.getTime() - windowMs))
      .executeTakeFirst();
    return row?.latest ? new Date(row.latest as Date | string) : null;
  }

  async clear(bucket: string, key: string): Promise<void> {
    await this.db.deleteFrom("rate_event").where("bucket", "=", bucket).where("key", "=", key).execute();
  }
}

/** Whole minutes (at least 1) until `oldest + windowMs`. */
export function minutesUntil(oldest: Date | null, windowMs: number, now: Date): number {
  if (!oldest) return Math.ceil(windowMs / 60_000);
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 60_000));
}
