import type { Redis } from "ioredis";
import { ApiError } from "../http/envelope.js";
import type { RateDecision, RateLimit, RateLimits } from "../http/rate-limits.js";

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
 * `cost` units against a fixed window unless that would pass the limit; a window with nothing counted
 * yet takes any cost, and its first units give the counter the window's length as its expiry.
 * Answers {allowed 1/0, units counted in the window after it, milliseconds the window still has}.
 */
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
local allowed = 1
if used > 0 and used + cost > tonumber(ARGV[2]) then
  allowed = 0
else
  used = redis.call('INCRBY', KEYS[1], cost)
end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  left = tonumber(ARGV[3])
end
return {allowed, used, left}
`;

/** Takes units back from a window that is still open (never below zero). */
const REFUND = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0
`;

type Scripts = {
  consumeUnits(key: string, cost: number, limit: number, windowMs: number): Promise<[number, number, number]>;
  refundUnits(key: string, cost: number): Promise<number>;
};

function scripts(redis: Redis): Scripts {
  if (!("consumeUnits" in redis)) {
    redis.defineCommand("consumeUnits", { numberOfKeys: 1, lua: CONSUME });
    redis.defineCommand("refundUnits", { numberOfKeys: 1, lua: REFUND });
  }
  return redis as unknown as Scripts;
}

/**
 * Rate limits in Redis: each decision is one Lua script, atomic on the server, so every instance
 * counts into the same windows. A window's key expires with it.
 */
export class RedisRateLimits implements RateLimits {
  private readonly scripts: Scripts;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = "rate:",
  ) {
    this.scripts = scripts(redis);
  }

  async consume(limit: RateLimit, now: Date, cost = 1): Promise<RateDecision> {
    const [allowed, count, leftMs] = await whileRedisAnswers(
      this.scripts.consumeUnits(this.key(limit.bucket, limit.key), cost, limit.limit, limit.windowMs),
    );
    const windowStart = new Date(now.getTime() + leftMs - limit.windowMs);
    return allowed === 1
      ? { allowed: true, count, counted: cost, windowStart, retryAfterMs: 0 }
      : { allowed: false, count, counted: 0, windowStart, retryAfterMs: Math.max(1000, leftMs) };
  }

  async refund(limit: RateLimit, decision: RateDecision): Promise<void> {
    if (decision.counted === 0) return;
    await whileRedisAnswers(this.scripts.refundUnits(this.key(limit.bucket, limit.key), decision.counted));
  }

  async reset(bucket: string, key: string): Promise<void> {
    await whileRedisAnswers(this.redis.del(this.key(bucket, key)));
  }

  private key(bucket: string, key: string): string {
    return `${this.prefix}${bucket}:${key}`;
  }
}
