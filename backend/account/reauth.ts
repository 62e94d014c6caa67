import { REAUTH_WINDOW_S } from "../../contract/account.js";
import type { AccountContext } from "./context.js";
import { reauthRequired, refused } from "./errors.js";
import { passwordCheckRule } from "./login-limits.js";
import { verifyPassword } from "./passwords.js";
import { consumeAll, refundAll } from "../http/rate-limits.js";
import { recordReauthentication } from "./session-repository.js";
import type { AuthenticatedUser } from "./sessions.js";
import type { UserRow } from "./users.js";

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_S * 1000;

/** What a request may carry to prove it comes from the account's owner. */
export type IdentityProof = { currentPassword?: string; verifyCode?: string };

/**
 * Checks the signed-in user's current password. Every check counts against PASSWORD_CHECK_FAILURES_PER_USER
 * before scrypt runs, so parallel guesses cannot go past it; a right one is taken back.
 */
export async function checkCurrentPassword(
  ctx: AccountContext,
  user: UserRow,
  password: string,
  wrongMessage = "当前密码不正确",
): Promise<void> {
  if (!user.password_hash) throw refused("你还没有设置密码，请改用验证码确认身份");
  const consumed = await consumeAll(ctx.limits, [passwordCheckRule(user.id)], ctx.clock());
  if (!(await verifyPassword(password, user.password_hash))) throw refused(wrongMessage);
  await refundAll(ctx.limits, consumed);
}

/** Whether the session proved who it is within the last REAUTH_WINDOW_MS. */
export function withinReauthWindow(session: AuthenticatedUser, now: Date): boolean {
  return session.reauthenticatedAt !== null && now.getTime() - session.reauthenticatedAt.getTime() < REAUTH_WINDOW_MS;
}

/** Where a `reauth` code may go: the phone and e-mail already bound to the user. */
export function reauthTargets(user: UserRow): string[] {
  return [user.phone, user.email].filter((target): target is string => Boolean(target));
}

/**
 * Makes sure a sensitive change comes from the account's owner, not just from whoever holds the
 * session: a right current password or `reauth` code (which opens the window for later changes
 * too), or a proof given within the window. Otherwise 403, worded for what the user can give.
 */
export async function requireIdentity(
  ctx: AccountContext,
  user: UserRow,
  session: AuthenticatedUser,
  proof: IdentityProof,
): Promise<void> {
  const now = ctx.clock();
  if (proof.currentPassword !== undefined) {
    await checkCurrentPassword(ctx, user, proof.currentPassword);
  } else if (proof.verifyCode !== undefined) {
    const targets = reauthTargets(user);
    if (targets.length === 0) throw refused("你的账号没有绑定手机号或邮箱，请用微信扫码确认身份");
    await ctx.codes.verify(targets, ["reauth"], proof.verifyCode, now);
  } else if (withinReauthWindow(session, now)) {
    return;
  } else if (!user.password_hash && reauthTargets(user).length === 0) {
    throw reauthRequired("请先用已绑定的微信扫码，确认是你本人操作");
  } else {
    throw reauthRequired();
  }
  await recordReauthentication(ctx.db, session.sessionId, now);
}
