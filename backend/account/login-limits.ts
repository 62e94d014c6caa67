import { MINUTE } from "../http/clock.js";
import { tooMany } from "../http/envelope.js";
import { wholeMinutes, type LimitRule } from "../http/rate-limits.js";

export const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Wrong passwords one client may try on one account: the first lock, and the only one the owner meets from elsewhere. */
export const LOGIN_FAILURES_PER_IP_AND_ACCOUNT = 5;
/** Wrong passwords on one account from everywhere: past this, password login waits; code login and reset still work. */
export const LOGIN_FAILURES_PER_ACCOUNT = 20;
/** Wrong passwords from one client over all accounts. */
export const LOGIN_FAILURES_PER_IP = 50;
/** Wrong current passwords one user may give when proving who they are. */
export const PASSWORD_CHECK_FAILURES_PER_USER = 5;

export const LOGIN_BUCKETS = {
  ipAndAccount: "login-ip-account",
  account: "login-account",
  ip: "login-ip",
  passwordCheck: "password-check",
} as const;

const tooManyFailures = (retryAfterMs: number) =>
  tooMany(`登录失败次数过多，请 ${wholeMinutes(retryAfterMs)} 分钟后再试`);

/** "phone:13800138000" or "email:a@b.com": the account as typed, whether or not it exists. */
export function accountKey(account: { kind: string; value: string }): string {
  return `${account.kind}:${account.value}`;
}

/**
 * The limits a password login is counted against, in the order they are consumed: per client and
 * account first, so an attacker's wrong guesses lock only their own client out of that account;
 * then per account across clients, with a higher threshold and a message pointing at code login
 * and reset, which it does not block; then per client over every account.
 */
export function passwordLoginRules(account: { kind: string; value: string }, ip: string): LimitRule[] {
  const key = accountKey(account);
  return [
    {
      bucket: LOGIN_BUCKETS.ipAndAccount,
      key: `${ip}|${key}`,
      limit: LOGIN_FAILURES_PER_IP_AND_ACCOUNT,
      windowMs: LOGIN_WINDOW_MS,
      refusal: tooManyFailures,
    },
    {
      bucket: LOGIN_BUCKETS.account,
      key,
      limit: LOGIN_FAILURES_PER_ACCOUNT,
      windowMs: LOGIN_WINDOW_MS,
      refusal: (retryAfterMs) =>
        tooMany(
          `该账号密码错误次数过多，密码登录已暂停，请 ${wholeMinutes(retryAfterMs)} 分钟后再试，或使用验证码登录、找回密码`,
        ),
    },
    {
      bucket: LOGIN_BUCKETS.ip,
      key: ip,
      limit: LOGIN_FAILURES_PER_IP,
      windowMs: LOGIN_WINDOW_MS,
      refusal: tooManyFailures,
    },
  ];
}

/** Checks of a signed-in user's current password (password change, re-authentication). */
export function passwordCheckRule(userId: number): LimitRule {
  return {
    bucket: LOGIN_BUCKETS.passwordCheck,
    key: String(userId),
    limit: PASSWORD_CHECK_FAILURES_PER_USER,
    windowMs: LOGIN_WINDOW_MS,
    refusal: (retryAfterMs) => tooMany(`密码错误次数过多，请 ${wholeMinutes(retryAfterMs)} 分钟后再试`),
  };
}
