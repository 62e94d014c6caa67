import type { ApiError } from "../http/envelope.js";
import { DAY } from "./clock.js";
import {
  decrementRateCounter,
  deleteRateCounter,
  deleteRateCountersBefore,
  incrementRateCounter,
} from "./rate-counter-repository.js";
import type { AccountDb } from "./tables.js";

/** At most `limit` events of (bucket, key) per window of `windowMs`, the window opening with its first event. */
export type RateLimit = { bucket: string; key: string; limit: number; windowMs: number };

export type RateDecision = {
  allowed: boolean;
  /** Events in the window, this one included. */
  count: number;
  windowStart: Date;
  /** Milliseconds until the window closes (0 when allowed). */
  retryAfterMs: number;
};

/**
 * Counters behind every limit of the module. `consume` counts the event and decides in one atomic
 * step, before the work it guards is done, so a burst of parallel requests gets at most `limit`
 * through. The database implementation holds across processes; another store (Redis) can take its
 * place behind this interface.
 */
export interface RateLimits {
  consume(limit: RateLimit, now: Date): Promise<RateDecision>;
  /** Takes back an event that turned out not to count (a later limit refused, or it succeeded). */
  refund(limit: RateLimit, decision: RateDecision): Promise<void>;
  /** Forgets every event of (bucket, key). */
  reset(bucket: string, key: string): Promise<void>;
}

export class DatabaseRateLimits implements RateLimits {
  constructor(private readonly db: AccountDb) {}

  async consume(limit: RateLimit, now: Date): Promise<RateDecision> {
    const { count, windowStart } = await incrementRateCounter(this.db, {
      bucket: limit.bucket,
      key: limit.key,
      now,
      windowCutoff: new Date(now.getTime() - limit.windowMs),
    });
    if (Math.random() < 0.01) {
      // Housekeeping: no window is longer than a day.
      await deleteRateCountersBefore(this.db, new Date(now.getTime() - DAY));
    }
    const allowed = count <= limit.limit;
    const retryAfterMs = allowed ? 0 : Math.max(1000, windowStart.getTime() + limit.windowMs - now.getTime());
    return { allowed, count, windowStart, retryAfterMs };
  }

  async refund(limit: RateLimit, decision: RateDecision): Promise<void> {
    await decrementRateCounter(this.db, { bucket: limit.bucket, key: limit.key, windowStart: decision.windowStart });
  }

  async reset(bucket: string, key: string): Promise<void> {
    await deleteRateCounter(this.db, bucket, key);
  }
}

/** A limit and the refusal its breach answers, given how long to wait. */
export type LimitRule = RateLimit & { refusal: (retryAfterMs: number) => ApiError };

export type Consumed = { rule: LimitRule; decision: RateDecision };

/**
 * Consumes every rule in order. The first one over its limit throws its refusal after the events
 * already counted for this request are taken back, so a refused request counts nowhere.
 */
export async function consumeAll(limits: RateLimits, rules: LimitRule[], now: Date): Promise<Consumed[]> {
  const consumed: Consumed[] = [];
  for (const rule of rules) {
    const decision = await limits.consume(rule, now);
    if (!decision.allowed) {
      await refundAll(limits, [...consumed, { rule, decision }]);
      const error = rule.refusal(decision.retryAfterMs);
      error.headers["Retry-After"] ??= String(Math.ceil(decision.retryAfterMs / 1000));
      throw error;
    }
    consumed.push({ rule, decision });
  }
  return consumed;
}

export async function refundAll(limits: RateLimits, consumed: Consumed[]): Promise<void> {
  for (const { rule, decision } of consumed) await limits.refund(rule, decision);
}

/** Whole minutes (at least 1) in `ms`. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** Whole seconds (at least 1) in `ms`. */
export function wholeSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
