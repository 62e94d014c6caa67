import { DAY } from "./clock.js";
import {
  countRateEventsSince,
  deleteRateEvents,
  deleteRateEventsBefore,
  insertRateEvent,
  latestRateEventSince,
} from "./rate-event-repository.js";
import type { AccountDb } from "./tables.js";

/** Counts events per (bucket, key) in a sliding window, in the database so every process agrees. */
export class RateLimiter {
  constructor(private readonly db: AccountDb) {}

  async record(bucket: string, key: string, now: Date): Promise<void> {
    await insertRateEvent(this.db, bucket, key, now);
    if (Math.random() < 0.01) {
      // Housekeeping: nothing counts windows longer than a day.
      await deleteRateEventsBefore(this.db, new Date(now.getTime() - DAY));
    }
  }

  /** Number of events since `now - windowMs`, and the oldest of them (to say when the window frees up). */
  count(bucket: string, key: string, now: Date, windowMs: number): Promise<{ count: number; oldest: Date | null }> {
    return countRateEventsSince(this.db, bucket, key, new Date(now.getTime() - windowMs));
  }

  /** The latest event since `now - windowMs`, if any. */
  latest(bucket: string, key: string, now: Date, windowMs: number): Promise<Date | null> {
    return latestRateEventSince(this.db, bucket, key, new Date(now.getTime() - windowMs));
  }

  async clear(bucket: string, key: string): Promise<void> {
    await deleteRateEvents(this.db, bucket, key);
  }
}

/** Whole minutes (at least 1) until `oldest + windowMs`. */
export function minutesUntil(oldest: Date | null, windowMs: number, now: Date): number {
  if (!oldest) return Math.ceil(windowMs / 60_000);
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 60_000));
}
