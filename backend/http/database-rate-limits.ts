import type { AnyDatabase } from "../db/schema.js";
import { DAY } from "./clock.js";
import {
  decrementRateCounter,
  deleteRateCounter,
  deleteRateCountersBefore,
  incrementRateCounter,
  rateCounterDb,
  type RateCounterDb,
} from "./rate-counter-repository.js";
import { decide, type RateDecision, type RateLimit, type RateLimits } from "./rate-limits.js";

/** Rate limits counted in the database's `rate_counter` table: they hold across processes. */
export class DatabaseRateLimits implements RateLimits {
  private readonly db: RateCounterDb;

  constructor(db: AnyDatabase) {
    this.db = rateCounterDb(db);
  }

  async consume(limit: RateLimit, now: Date, cost = 1): Promise<RateDecision> {
    const { count, windowStart } = await incrementRateCounter(this.db, {
      bucket: limit.bucket,
      key: limit.key,
      now,
      windowCutoff: new Date(now.getTime() - limit.windowMs),
      cost,
    });
    if (Math.random() < 0.01) {
      // Housekeeping: no window is longer than a day.
      await deleteRateCountersBefore(this.db, new Date(now.getTime() - DAY));
    }
    const decision = decide(count - cost, cost, limit, windowStart, now);
    if (decision.allowed) return { ...decision, count, counted: cost };
    // The count and the decision are one statement; a refused request then takes its units back.
    await decrementRateCounter(this.db, { bucket: limit.bucket, key: limit.key, windowStart, cost });
    return { ...decision, count: count - cost, counted: 0 };
  }

  async refund(limit: RateLimit, decision: RateDecision): Promise<void> {
    if (decision.counted === 0) return;
    await decrementRateCounter(this.db, {
      bucket: limit.bucket,
      key: limit.key,
      windowStart: decision.windowStart,
      cost: decision.counted,
    });
  }

  async reset(bucket: string, key: string): Promise<void> {
    await deleteRateCounter(this.db, bucket, key);
  }
}
