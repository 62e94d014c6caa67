import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { CODE_INVALID_MESSAGE } from "./codes.js";
import { clientIp, loginData, signedInUser, type AccountContext } from "./context.js";
import { refused } from "./errors.js";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP, refuseOverLimit } from "./login-limits.js";
import { verifyPassword } from "./passwords.js";
import { revokeSession } from "./session-repository.js";
import { mustUser, requireUser } from "./sessions.js";
import { findUserByAccount } from "./user-repository.js";
import { toUserView } from "./users.js";
import { accountField, codeField, parseForm, passwordField, phoneField } from "./validation.js";

const WRONG_CREDENTIALS = "账号或密码错误";

const loginSchema = z.object({ account: accountField, password: passwordField });
const smsLoginSchema = z.object({ phone: phoneField, code: codeField });

/** Signing in (password or SMS code), signing out, and who is signed in. */
export function createSessionRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  router.get(
    "/web/api/account/user-info",
    auth,
    asyncHandler(async (_req, res) => {
      res.set("Cache-Control", "no-store");
      sendOk(res, toUserView(await signedInUser(ctx, res)));
    }),
  );

  router.post(
    "/web/api/login",
    asyncHandler(async (req, res) => {
      const body = parseForm(loginSchema, req.body);
      const now = ctx.clock();
      const accountKey = `${body.account.kind}:${body.account.value}`;
      const ip = clientIp(req);
      const what = "登录失败";
      await refuseOverLimit(ctx.limits, { bucket: "login-fail-account", key: accountKey, max: LOGIN_FAILURES_PER_ACCOUNT, what }, now);
      await refuseOverLimit(ctx.limits, { bucket: "login-fail-ip", key: ip, max: LOGIN_FAILURES_PER_IP, what }, now);
      const user = await findUserByAccount(ctx.db, body.account.kind, body.account.value);
      const ok = await verifyPassword(body.password, user?.password_hash);
      if (!user || !ok) {
        await ctx.limits.record("login-fail-account", accountKey, now);
        await ctx.limits.record("login-fail-ip", ip, now);
        throw refused(WRONG_CREDENTIALS);
      }
      await ctx.limits.clear("login-fail-account", accountKey);
      sendOk(res, await loginData(ctx, user, req));
    }),
  );

  router.post(
    "/web/api/sms-login",
    asyncHandler(async (req, res) => {
      const body = parseForm(smsLoginSchema, req.body);
      await ctx.codes.verify(body.phone, ["login"], body.code, ctx.clock());
      const user = await findUserByAccount(ctx.db, "phone", body.phone);
      if (!user) throw refused(CODE_INVALID_MESSAGE);
      sendOk(res, await loginData(ctx, user, req));
    }),
  );

  router.post(
    "/web/api/logout",
    auth,
    asyncHandler(async (_req, res) => {
      await revokeSession(ctx.db, mustUser(res).sessionId, ctx.clock());
      sendOk(res, null);
    }),
  );

  return router;
}
