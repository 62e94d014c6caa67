import type { Redis } from "ioredis";
import type { PendingBounds, PendingDecision, PendingUpload, PendingUploads } from "../submissions/pending-uploads.js";
import { whileRedisAnswers } from "./redis-rate-limits.js";

/** Lapsed reservations one call clears at most; the rest go with the next calls. */
const LAPSE_BATCH = 500;

/**
 * KEYS are the reservations by lapse time (a sorted set), each one's "bytes client" (a hash), the
 * bytes of every client (a hash) and the total (a string). `forget` takes one reservation out of all four.
 */
const FORGET = `
local function forget(key)
  local entry = redis.call('HGET', KEYS[2], key)
  if entry then
    local space = string.find(entry, ' ')
    local bytes = tonumber(string.sub(entry, 1, space - 1))
    local client = string.sub(entry, space + 1)
    if redis.call('HINCRBY', KEYS[3], client, -bytes) <= 0 then redis.call('HDEL', KEYS[3], client) end
    redis.call('DECRBY', KEYS[4], bytes)
    redis.call('HDEL', KEYS[2], key)
  end
  redis.call('ZREM', KEYS[1], key)
end
`;

/** Clears what lapsed by ARGV[1] (now). */
const LAPSE = `${FORGET}
for _, key in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ${LAPSE_BATCH})) do
  forget(key)
end
`;

/**
 * ARGV: now, key, client, bytes, until, client bound, total bound. Answers {1} when reserved, or
 * {0, "client"|"total", the time the first reservation lapses}.
 */
const RESERVE = `${LAPSE}
local bytes = tonumber(ARGV[4])
local client = tonumber(redis.call('HGET', KEYS[3], ARGV[3]) or '0')
local total = tonumber(redis.call('GET', KEYS[4]) or '0')
local bound = nil
if client + bytes > tonumber(ARGV[6]) then bound = 'client' elseif total + bytes > tonumber(ARGV[7]) then bound = 'total' end
if bound then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, bound, first[2] or ARGV[1]}
end
redis.call('ZADD', KEYS[1], ARGV[5], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[4] .. ' ' .. ARGV[3])
redis.call('HINCRBY', KEYS[3], ARGV[3], bytes)
redis.call('INCRBY', KEYS[4], bytes)
return {1}
`;

/** ARGV: the keys whose reservations go. */
const RELEASE = `${FORGET}
for _, key in ipairs(ARGV) do forget(key) end
return 0
`;

type Scripts = {
  reservePending(...args: Array<string | number>): Promise<[number, string?, string?]>;
  releasePending(...args: string[]): Promise<number>;
};

/**
 * The pending-upload bounds in Redis, shared by every instance: each decision is one Lua script,
 * so a burst spread over instances reserves at most the bounds. The keys share one hash tag, so a
 * Redis cluster keeps them on one node.
 */
export class RedisPendingUploads implements PendingUploads {
  private readonly scripts: Scripts;
  private readonly keys: string[];

  constructor(
    redis: Redis,
    private readonly bounds: PendingBounds,
    prefix = "pending-uploads",
  ) {
    if (!("reservePending" in redis)) {
      redis.defineCommand("reservePending", { numberOfKeys: 4, lua: RESERVE });
      redis.defineCommand("releasePending", { numberOfKeys: 4, lua: RELEASE });
    }
    this.scripts = redis as unknown as Scripts;
    this.keys = ["lapse", "entries", "clients", "total"].map((name) => `{${prefix}}:${name}`);
  }

  async reserve(upload: PendingUpload, now: number): Promise<PendingDecision> {
    const [allowed, bound, first] = await whileRedisAnswers(
      this.scripts.reservePending(
        ...this.keys,
        now,
        upload.key,
        upload.client,
        upload.bytes,
        upload.until,
        this.bounds.perClientBytes,
        this.bounds.totalBytes,
      ),
    );
    if (allowed === 1) return { allowed: true };
    return {
      allowed: false,
      bound: bound === "client" ? "client" : "total",
      retryAfterMs: Math.max(1_000, Number(first) - now),
    };
  }

  async release(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await whileRedisAnswers(this.scripts.releasePending(...this.keys, ...keys));
  }
}
