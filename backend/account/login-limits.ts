import { MINUTE } from "./clock.js";
import { tooMany } from "./errors.js";
import { minutesUntil, type RateLimiter } from "./rate-limit.js";

export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 20;

/** 429 once `key` has `max` failures in the login window: "<what>次数过多，请 N 分钟后再试". */
export async function refuseOverLimit(
  limits: RateLimiter,
  failure: { bucket: string; key: string; max: number; what: string },
  now: Date,
): Promise<void> {
  const failures = await limits.count(failure.bucket, failure.key, now, LOGIN_WINDOW_MS);
  if (failures.count >= failure.max) {
    throw tooMany(`${failure.what}次数过多，请 ${minutesUntil(failures.oldest, LOGIN_WINDOW_MS, now)} 分钟后再试`);
  }
}
