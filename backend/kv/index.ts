import { Redis } from "ioredis";

export { RedisRateLimits, RedisRateLimiter } from "./redis-rate-limits.js";
export { sharedSecret } from "./shared-secret.js";

/**
 * A connection to REDIS_URL. Commands wait while it reconnects rather than fail at once, so a short
 * Redis restart delays requests instead of refusing them.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, lazyConnect: false });
  redis.on("error", (error: Error) => console.warn("Redis 连接出错：", error.message));
  return redis;
}
