import type { Redis } from "ioredis";
import type { RateDecision, RateLimit, RateLimits } from "../account/rate-limit.js";
import { ApiError } from "../http/envelope.js";
import type { RateLimitDecision, RateLimiter } from "../http/rate-limit.js";

/**
 * Redis did not answer (down, or still reconnecting after its retries): the limits cannot be
 * checked, so the request is refused for now (503), never let through unchecked and never a 500.
 */
export async function whileRedisAnswers<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    console.warn("Redis 无法使用，暂时拒绝需要限流的请求：", error instanceof Error ? error.message : error);
    throw new ApiError(503, "503", "服务繁忙，请稍后重试");
  }
}

/**
 * One event of a fixed window in one round trip: the first event of a window creates the counter
 * with the window's length as its expiry. Answers the count (this event included) and the
 * milliseconds the window still has.
 */
const COUNT_EVENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

/** Takes one event back from a window that is still open (never below zero). */
const REFUND_EVENT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * `cost` units against a window unless that would pass the limit; a client that has used nothing in
 * the window always goes ahead. Answers {allowed 1/0, milliseconds the window still has}.
 */
const SPEND_UNITS = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if used > 0 and used + cost > tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
redis.call('INCRBY', KEYS[1], cost)
if used == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, 0}
`;

type Scripts = {
  countEvent(key: string, windowMs: number): Promise<[number, number]>;
  refundEvent(key: string): Promise<number>;
  spendUnits(key: string, cost: number, limit: number, windowMs: number): Promise<[number, number]>;
};

function scripts(redis: Redis): Scripts {
  if (!("countEvent" in redis)) {
    redis.defineCommand("countEvent", { numberOfKeys: 1, lua: COUNT_EVENT });
    redis.defineCommand("refundEvent", { numberOfKeys: 1, lua: REFUND_EVENT });
    redis.defineCommand("spendUnits", { numberOfKeys: 1, lua: SPEND_UNITS });
  }
  return redis as unknown as Scripts;
}

/**
 * The accounts' limits (logins, codes, captcha) in Redis: each decision is one Lua script, atomic on
 * the server, so every instance counts into the same windows. A window's key expires with it.
 */
export class RedisRateLimits implements RateLimits {
  private readonly scripts: Scripts;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = "rate:",
  ) {
    this.scripts = scripts(redis);
  }

  async consume(limit: RateLimit, now: Date): Promise<RateDecision> {
    const [count, leftMs] = await whileRedisAnswers(
      this.scripts.countEvent(this.key(limit.bucket, limit.key), limit.windowMs),
    );
    const windowStart = new Date(now.getTime() + leftMs - limit.windowMs);
    const allowed = count <= limit.limit;
    return { allowed, count, windowStart, retryAfterMs: allowed ? 0 : Math.max(1000, leftMs) };
  }

  async refund(limit: RateLimit): Promise<void> {
    await whileRedisAnswers(this.scripts.refundEvent(this.key(limit.bucket, limit.key)));
  }

  async reset(bucket: string, key: string): Promise<void> {
    await whileRedisAnswers(this.redis.del(this.key(bucket, key)));
  }

  private key(bucket: string, key: string): string {
    return `${this.prefix}${bucket}:${key}`;
  }
}

/** A per-client limiter (subsets, messages, uploads) whose windows live in Redis, shared by every instance. */
export class RedisRateLimiter implements RateLimiter {
  private readonly scripts: Scripts;

  constructor(
    redis: Redis,
    private readonly options: { name: string; limit: number; windowMs: number },
  ) {
    this.scripts = scripts(redis);
  }

  async consume(key: string, cost: number): Promise<RateLimitDecision> {
    const { name, limit, windowMs } = this.options;
    const [allowed, leftMs] = await whileRedisAnswers(
      this.scripts.spendUnits(`limiter:${name}:${key}`, cost, limit, windowMs),
    );
    return { allowed: allowed === 1, retryAfterMs: allowed === 1 ? 0 : Math.max(1, leftMs) };
  }
}
