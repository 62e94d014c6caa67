import { createHash, randomBytes } from "node:crypto";
import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { MINUTE } from "./clock.js";
import { CODE_INVALID_MESSAGE } from "./codes.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused } from "./errors.js";
import { LOGIN_FAILURES_PER_ACCOUNT, refuseOverLimit } from "./login-limits.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { refuseUnconfirmedPassword } from "./refusals.js";
import { insertResetTicket, spendResetTicket, spendUserResetTickets } from "./reset-ticket-repository.js";
import { revokeUserSessions } from "./session-repository.js";
import { mustUser, requireUser } from "./sessions.js";
import { findUserByAccount, setUserPassword } from "./user-repository.js";
import { accountField, codeField, newPasswordField, parseForm, parseInput, requiredText } from "./validation.js";

export const RESET_TICKET_TTL_MS = 15 * MINUTE;
const TICKET_INVALID = "重置凭证无效或已过期，请重新验证";

const resetVerifySchema = z.object({ account: accountField, code: codeField });
const resetSchema = z.object({
  ticket: requiredText(TICKET_INVALID, 100),
  password: newPasswordField,
  confirmPassword: z.string().optional(),
});
const changePasswordSchema = z.object({
  oldPassword: z.string({ invalid_type_error: "请输入原密码" }).max(200, "原密码不正确").optional(),
  newPassword: newPasswordField,
  confirmPassword: z.string().optional(),
});

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket, "utf8").digest("hex");
}

/** A forgotten password (code → one-time ticket → new password) and a password change. */
export function createPasswordRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  router.post(
    "/web/api/account/rest-code-verify",
    asyncHandler(async (req, res) => {
      const body = parseForm(resetVerifySchema, req.body);
      const now = ctx.clock();
      await ctx.codes.verify(body.account.value, ["reset"], body.code, now);
      const user = await findUserByAccount(ctx.db, body.account.kind, body.account.value);
      if (!user) throw refused(CODE_INVALID_MESSAGE);
      const ticket = randomBytes(32).toString("base64url");
      await insertResetTicket(ctx.db, {
        userId: user.id,
        ticketHash: hashTicket(ticket),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TICKET_TTL_MS),
      });
      sendOk(res, { ticket, expired: RESET_TICKET_TTL_MS / 1000 });
    }),
  );

  router.put(
    "/web/api/account/rest-pwd",
    asyncHandler(async (req, res) => {
      const body = parseForm(resetSchema, req.body);
      refuseUnconfirmedPassword(body.password, body.confirmPassword);
      const now = ctx.clock();
      const passwordHash = await hashPassword(body.password);
      const userId = await spendResetTicket(ctx.db, hashTicket(body.ticket), now);
      if (userId === undefined) throw refused(TICKET_INVALID);
      await setUserPassword(ctx.db, userId, passwordHash, now);
      await revokeUserSessions(ctx.db, userId, now);
      await spendUserResetTickets(ctx.db, userId, now);
      sendOk(res, null);
    }),
  );

  router.put(
    "/web/api/account/update-account-pwd",
    auth,
    asyncHandler(async (req, res) => {
      const body = parseInput(changePasswordSchema, req.body);
      refuseUnconfirmedPassword(body.newPassword, body.confirmPassword);
      const user = await signedInUser(ctx, res);
      const session = mustUser(res);
      const now = ctx.clock();
      if (user.password_hash) {
        const key = String(user.id);
        await refuseOverLimit(ctx.limits, { bucket: "password-change-fail", key, max: LOGIN_FAILURES_PER_ACCOUNT, what: "原密码错误" }, now);
        if (!body.oldPassword) throw refused("请输入原密码");
        if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
          await ctx.limits.record("password-change-fail", key, now);
          throw refused("原密码不正确");
        }
      }
      await setUserPassword(ctx.db, user.id, await hashPassword(body.newPassword), now);
      await revokeUserSessions(ctx.db, user.id, now, session.sessionId);
      sendOk(res, null);
    }),
  );

  return router;
}
