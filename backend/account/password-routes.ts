import { createHash, randomBytes } from "node:crypto";
import express, { type Router } from "express";
import {
  changePassword,
  RESET_TICKET_INVALID_MESSAGE,
  resetPassword,
  verifyResetCode,
} from "../../contract/account.js";
import { route } from "../http/route.js";
import { MINUTE } from "../http/clock.js";
import { CODE_INVALID_MESSAGE } from "./codes.js";
import { refuseCommonPassword } from "./common-passwords.js";
import { signedInUser, unlockPasswordLogin, type AccountContext } from "./context.js";
import { refused, writeConflict } from "./errors.js";
import { hashPassword } from "./passwords.js";
import { checkCurrentPassword, requireIdentity } from "./reauth.js";
import { insertResetTicket, spendResetTicket, spendUserResetTickets } from "./reset-ticket-repository.js";
import { revokeUserSessions } from "./session-repository.js";
import { mustUser, requireUser } from "./sessions.js";
import { findUserByAccount, findUserById, setUserPassword, updateUser } from "./user-repository.js";
import { accountOf } from "./validation.js";

export const RESET_TICKET_TTL_MS = 15 * MINUTE;

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket, "utf8").digest("hex");
}

/** A forgotten password (code → one-time ticket → new password) and a password change. */
export function createPasswordRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  route(router, verifyResetCode, async ({ body }) => {
    const account = accountOf(body.account);
    const now = ctx.clock();
    // An unknown account has a code too (never sent), so wrong guesses answer alike.
    await ctx.codes.verify(account.value, ["reset"], body.code, now);
    const user = await findUserByAccount(ctx.db, account.kind, account.value);
    if (!user) throw refused(CODE_INVALID_MESSAGE);
    const ticket = randomBytes(32).toString("base64url");
    await insertResetTicket(ctx.db, {
      userId: user.id,
      ticketHash: hashTicket(ticket),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TICKET_TTL_MS),
    });
    return { ticket, expired: RESET_TICKET_TTL_MS / 1000 };
  });

  route(router, resetPassword, async ({ body }) => {
    refuseCommonPassword(body.password);
    const now = ctx.clock();
    const passwordHash = await hashPassword(body.password);
    const userId = await spendResetTicket(ctx.db, hashTicket(body.ticket), now);
    if (userId === undefined) throw refused(RESET_TICKET_INVALID_MESSAGE);
    await setUserPassword(ctx.db, userId, passwordHash, now);
    // Whoever else was signed in, perhaps with a stolen session, is signed out.
    await revokeUserSessions(ctx.db, userId, now);
    await spendUserResetTickets(ctx.db, userId, now);
    const user = await findUserById(ctx.db, userId);
    if (user) await unlockPasswordLogin(ctx, user);
    await ctx.events.securityChanged(userId, "password-reset", now);
    return null;
  });

  route(
    router,
    changePassword,
    async ({ body }, { res }) => {
      const user = await signedInUser(ctx, res);
      const session = mustUser(res);
      refuseCommonPassword(body.newPassword);
      if (user.password_hash) {
        if (!body.oldPassword) throw refused("请输入原密码");
        await checkCurrentPassword(ctx, user, body.oldPassword, "原密码不正确");
      } else {
        // No password yet (an account made through WeChat): a code to a bound phone or e-mail, or a recent proof.
        await requireIdentity(ctx, user, session, { verifyCode: body.verifyCode });
      }
      const passwordHash = await hashPassword(body.newPassword);
      const now = ctx.clock();
      // Against the version read before the checks: of two changes made at once, the second is refused.
      const updated = await updateUser(ctx.db, user, { password_hash: passwordHash }, now);
      if (!updated) throw writeConflict();
      await revokeUserSessions(ctx.db, user.id, now, session.sessionId);
      await ctx.events.securityChanged(user.id, "password", now);
      return null;
    },
    { before: [auth] },
  );

  return router;
}
