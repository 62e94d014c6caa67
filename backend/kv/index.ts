import { Redis } from "ioredis";

export { RedisRateLimits } from "./redis-rate-limits.js";
export { RedisPendingUploads } from "./redis-pending-uploads.js";
export { RedisSubsetRecipes } from "./redis-subset-recipes.js";
export { sharedSecret } from "./shared-secret.js";

/**
 * A connection to REDIS_URL. A command waits for up to three reconnection attempts (a fraction of a
 * second) before it fails; the limits then answer 503 until Redis is back (redis-rate-limits.ts).
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true, lazyConnect: false });
  redis.on("error", (error: Error) => console.warn("Redis 连接出错：", error.message));
  return redis;
}
