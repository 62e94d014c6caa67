import { clientIp } from "../http/client-address.js";
import express, { type Router } from "express";
import {
  endSession,
  getUserInfo,
  listSessions,
  login,
  logout,
  reauthenticate,
  smsLogin,
  type SessionView,
} from "../../contract/account.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import { CODE_INVALID_MESSAGE } from "./codes.js";
import { loginData, signedInUser, unlockPasswordLogin, type AccountContext } from "./context.js";
import { deviceName, placeOf } from "./devices.js";
import { refused } from "./errors.js";
import { accountKey, LOGIN_BUCKETS, passwordLoginRules } from "./login-limits.js";
import { verifyPassword } from "./passwords.js";
import { consumeAll, refundAll } from "../http/rate-limits.js";
import { REAUTH_WINDOW_MS, requireIdentity } from "./reauth.js";
import { findLiveSessions, revokeSession, revokeUserSession } from "./session-repository.js";
import { mustUser, requireUser } from "./sessions.js";
import { findUserByAccount } from "./user-repository.js";
import { toUserView } from "./users.js";
import { accountOf } from "./validation.js";

const WRONG_CREDENTIALS = "账号或密码错误";

/** Signing in (password or SMS code) and out, who is signed in, their sessions, and proving who they are. */
export function createSessionRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  route(router, getUserInfo, async (_input, { res }) => toUserView(await signedInUser(ctx, res)), { before: [auth] });

  route(router, login, async ({ body }, { req }) => {
    const account = accountOf(body.account);
    const ip = clientIp(req);
    // Counted before the password is checked: a burst of parallel guesses gets no more than the limit.
    const consumed = await consumeAll(ctx.limits, passwordLoginRules(account, ip), ctx.clock());
    const user = await findUserByAccount(ctx.db, account.kind, account.value);
    // Without a user the check runs against a dummy hash: the answer takes as long and reads the same.
    const ok = await verifyPassword(body.password, user?.password_hash);
    if (!user || !ok) throw refused(WRONG_CREDENTIALS);
    await refundAll(ctx.limits, consumed);
    await ctx.limits.reset(LOGIN_BUCKETS.ipAndAccount, `${ip}|${accountKey(account)}`);
    await ctx.events.signingIn(user.id, { ip, userAgent: req.get("user-agent") }, ctx.clock());
    return loginData(ctx, user, req);
  });

  route(router, smsLogin, async ({ body }, { req }) => {
    // An unknown phone has a code too (never sent), so wrong guesses answer alike.
    await ctx.codes.verify(body.phone, ["login"], body.code, ctx.clock());
    const user = await findUserByAccount(ctx.db, "phone", body.phone);
    if (!user) throw refused(CODE_INVALID_MESSAGE);
    await unlockPasswordLogin(ctx, user);
    await ctx.events.signingIn(user.id, { ip: clientIp(req), userAgent: req.get("user-agent") }, ctx.clock());
    return loginData(ctx, user, req);
  });

  route(
    router,
    logout,
    async (_input, { res }) => {
      await revokeSession(ctx.db, mustUser(res).sessionId, ctx.clock());
      return null;
    },
    { before: [auth] },
  );

  route(
    router,
    listSessions,
    async (_input, { res }) => {
      const current = mustUser(res).sessionId;
      const rows = await findLiveSessions(ctx.db, mustUser(res).userId, ctx.clock());
      return rows.map((row): SessionView => ({
        id: row.id,
        device: deviceName(row.user_agent),
        ip: row.ip,
        place: placeOf(row.ip),
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at ?? row.created_at).toISOString(),
        current: row.id === current,
      }));
    },
    { before: [auth] },
  );

  route(
    router,
    endSession,
    async ({ query }, { res }) => {
      const ended = await revokeUserSession(ctx.db, mustUser(res).userId, query.id, ctx.clock());
      // Someone else's session is answered like one that does not exist.
      if (!ended) throw notFound("该设备已退出或不存在");
      return null;
    },
    { before: [auth], nameParameters: false },
  );

  route(
    router,
    reauthenticate,
    async ({ body }, { res }) => {
      await requireIdentity(ctx, await signedInUser(ctx, res), mustUser(res), body);
      return { expiresIn: REAUTH_WINDOW_MS / 1000 };
    },
    { before: [auth] },
  );

  return router;
}
