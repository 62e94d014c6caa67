import { clientKey, type AddressedRequest } from "./client-address.js";
import { systemClock, type Clock } from "./clock.js";
import { tooManyRequests, type ApiError } from "./envelope.js";

/** At most `limit` units of (bucket, key) per window of `windowMs`, the window opening with its first unit. */
export type RateLimit = { bucket: string; key: string; limit: number; windowMs: number };

export type RateDecision = {
  allowed: boolean;
  /** Units counted in the window after this decision (a refused request's not among them). */
  count: number;
  /** What this request counted: its cost when allowed, 0 when refused. */
  counted: number;
  windowStart: Date;
  /** Milliseconds until the window closes (0 when allowed). */
  retryAfterMs: number;
};

/**
 * The one interface behind every rate limit of the backend (logins, codes, captcha, subsets, messages,
 * uploads). `consume` counts and decides in one step, before the work it guards is done, so a burst of
 * parallel requests gets at most `limit` through; a refused request counts nothing, and a window in
 * which nothing is counted yet lets any request through, whatever its cost, so that a single large
 * request is never refused forever. Implementations: `MemoryRateLimits` (this process, bounded),
 * `DatabaseRateLimits` (every process on the database) and `RedisRateLimits` (kv/, every instance).
 */
export interface RateLimits {
  consume(limit: RateLimit, now: Date, cost?: number): Promise<RateDecision>;
  /** Takes back what an allowed request counted (a later limit refused it, or it succeeded). */
  refund(limit: RateLimit, decision: RateDecision): Promise<void>;
  /** Forgets every unit of (bucket, key). */
  reset(bucket: string, key: string): Promise<void>;
}

/** What a refused request answers, from the units it would have used and the window's state. */
export function decide(
  used: number,
  cost: number,
  limit: RateLimit,
  windowStart: Date,
  now: Date,
): Omit<RateDecision, "count" | "counted"> {
  const allowed = used === 0 || used + cost <= limit.limit;
  const retryAfterMs = allowed ? 0 : Math.max(1000, windowStart.getTime() + limit.windowMs - now.getTime());
  return { allowed, windowStart, retryAfterMs };
}

/** A limit and the refusal its breach answers, given how long to wait. */
export type LimitRule = RateLimit & { refusal: (retryAfterMs: number) => ApiError };

export type Consumed = { rule: LimitRule; decision: RateDecision };

/**
 * Consumes every rule in order. The first one over its limit throws its refusal after the units
 * already counted for this request are taken back, so a refused request counts nowhere.
 */
export async function consumeAll(limits: RateLimits, rules: LimitRule[], now: Date): Promise<Consumed[]> {
  const consumed: Consumed[] = [];
  for (const rule of rules) {
    const decision = await limits.consume(rule, now);
    if (!decision.allowed) {
      await refundAll(limits, consumed);
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

/** A limit on each client (by `clientKey`): `limit` units per `windowMs` in `bucket`, counted in `limits`. */
export class RateLimiter {
  constructor(
    private readonly limits: RateLimits,
    private readonly rule: { bucket: string; limit: number; windowMs: number },
    private readonly clock: Clock = systemClock,
  ) {}

  /** Counts `cost` units for the request's client; over the limit, throws the 429 with Retry-After. */
  async consume(req: AddressedRequest, cost = 1): Promise<void> {
    const decision = await this.limits.consume({ ...this.rule, key: clientKey(req) }, this.clock(), cost);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterMs);
  }
}

const DEFAULT_MAX_KEYS = 100_000;

/**
 * Fixed windows in this process. Decisions are synchronous, so concurrent requests cannot both slip
 * under a limit; at most `maxKeys` windows are kept, those that ended going first, then the oldest.
 */
export class MemoryRateLimits implements RateLimits {
  /** Map order is window start order: a key is moved to the end when its window restarts. */
  private readonly windows = new Map<string, { startedAt: number; windowMs: number; used: number }>();

  constructor(private readonly maxKeys = DEFAULT_MAX_KEYS) {}

  /** Windows currently kept. */
  get size(): number {
    return this.windows.size;
  }

  consume(limit: RateLimit, now: Date, cost = 1): Promise<RateDecision> {
    const at = now.getTime();
    const id = windowId(limit.bucket, limit.key);
    let window = this.windows.get(id);
    if (!window || at - window.startedAt >= window.windowMs) {
      this.windows.delete(id);
      this.makeRoom(at);
      window = { startedAt: at, windowMs: limit.windowMs, used: 0 };
      this.windows.set(id, window);
    }
    const decision = decide(window.used, cost, limit, new Date(window.startedAt), now);
    if (decision.allowed) window.used += cost;
    return Promise.resolve({ ...decision, count: window.used, counted: decision.allowed ? cost : 0 });
  }

  refund(limit: RateLimit, decision: RateDecision): Promise<void> {
    const window = this.windows.get(windowId(limit.bucket, limit.key));
    if (window && window.startedAt === decision.windowStart.getTime()) {
      window.used = Math.max(0, window.used - decision.counted);
    }
    return Promise.resolve();
  }

  reset(bucket: string, key: string): Promise<void> {
    this.windows.delete(windowId(bucket, key));
    return Promise.resolve();
  }

  private makeRoom(now: number): void {
    for (const [id, window] of this.windows) {
      if (now - window.startedAt < window.windowMs && this.windows.size < this.maxKeys) break;
      this.windows.delete(id);
    }
  }
}

function windowId(bucket: string, key: string): string {
  return `${bucket}\u0000${key}`;
}
