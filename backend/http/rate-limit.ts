import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";
import { ApiError } from "./envelope.js";

export type RateLimitDecision = { allowed: boolean; retryAfterMs: number };

/**
 * How much one client may use per window. Callers only see `consume`, so an implementation shared by
 * several server processes (in Redis, say) can replace the in-memory one without touching them.
 */
export type RateLimiter = {
  /**
   * Counts `cost` against `key` and says whether the request may go ahead; a refused request counts
   * nothing. A client that has used nothing in the window may always go ahead, whatever the cost, so
   * a single large request is never refused forever.
   */
  consume(key: string, cost: number): Promise<RateLimitDecision>;
};

export type InMemoryRateLimiterOptions = {
  /** Units each key may use per window. */
  limit: number;
  windowMs: number;
  /** Keys tracked at once; beyond it the key whose window started first is forgotten. */
  maxKeys?: number;
  now?: () => number;
};

const DEFAULT_MAX_KEYS = 100_000;

/** Fixed-window counts per key in this process; decisions are synchronous, so concurrent requests cannot both slip under the limit. */
export class InMemoryRateLimiter implements RateLimiter {
  /** Map order is window start order: a key is moved to the end when its window restarts. */
  private readonly windows = new Map<string, { startedAt: number; used: number }>();
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(private readonly options: InMemoryRateLimiterOptions) {
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.now = options.now ?? Date.now;
  }

  consume(key: string, cost: number): Promise<RateLimitDecision> {
    return Promise.resolve(this.consumeNow(key, cost));
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.windows.size;
  }

  private consumeNow(key: string, cost: number): RateLimitDecision {
    const now = this.now();
    const { limit, windowMs } = this.options;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      this.windows.delete(key);
      this.makeRoom(now);
      window = { startedAt: now, used: 0 };
      this.windows.set(key, window);
    }
    if (window.used > 0 && window.used + cost > limit) {
      return { allowed: false, retryAfterMs: window.startedAt + windowMs - now };
    }
    window.used += cost;
    return { allowed: true, retryAfterMs: 0 };
  }

  /** Drops windows that have ended, oldest first, then the oldest running ones while the map is full. */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.startedAt < this.options.windowMs && this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

export const TOO_MANY_REQUESTS_MESSAGE = "请求过于频繁，请稍后再试";

/** The 429 answer to a refused request, telling the client when to try again. */
export function tooManyRequests(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(429, "429", TOO_MANY_REQUESTS_MESSAGE, { "Retry-After": String(seconds) });
}

/**
 * Whom a request counts against: its IP address as Express sees it (`req.ip`, which honours the
 * `trust proxy` setting). An IPv6 client counts by its /64 network, since one host may be given a
 * whole /64 and could otherwise pick a fresh address for every request.
 */
export function clientKey(req: Request): string {
  const address = (req.ip ?? req.socket.remoteAddress ?? "").split("%", 1)[0]!;
  const mapped = address.toLowerCase().startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIPv4(mapped)) return mapped;
  if (isIPv6(mapped)) return ipv6Network64(mapped);
  return address || "unknown";
}

function ipv6Network64(address: string): string {
  const [head = "", tail] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(":")}::/64`;
}
