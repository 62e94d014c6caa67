import { randomBytes } from "node:crypto";
import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { loginData, type AccountContext } from "./context.js";
import { refused, unauthorized } from "./errors.js";
import { currentUser, optionalUser } from "./sessions.js";
import { findUserById, findUserByWechat, insertUser, isUniqueViolation, recordWechatLogin } from "./user-repository.js";
import { toUserView, type UserRow } from "./users.js";
import { parseInput, requiredText } from "./validation.js";
import { bindWechatProfile, consumeWechatState, wechatProfileFor, wechatSettings } from "./wechat-login.js";
import { deleteWechatStatesExpiredBefore, insertWechatState } from "./wechat-state-repository.js";

export const WECHAT_STATE_TTL_MS = 10 * 60_000;

const callbackSchema = z.object({
  code: requiredText("缺少微信授权码", 256).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, "微信授权码格式不正确")),
  state: requiredText("微信登录已过期，请重新扫码", 100),
});

/**
 * WeChat QR login: GET /web/api/wechat/qr-config gives the QR frame's settings with a fresh state;
 * GET /web/api/wechat/callback signs in (or registers) the scanning user, or binds WeChat to the
 * signed-in user who asked for the QR code.
 */
export function createWechatRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const maybeAuth = optionalUser(ctx.rawDb, ctx.clock);

  router.get(
    "/web/api/wechat/qr-config",
    maybeAuth,
    asyncHandler(async (_req, res) => {
      const settings = wechatSettings(ctx);
      const now = ctx.clock();
      const state = randomBytes(24).toString("base64url");
      const userId = currentUser(res)?.userId ?? null;
      await insertWechatState(ctx.db, { state, userId, createdAt: now, expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_MS) });
      if (Math.random() < 0.02) {
        // Housekeeping: a state is of no use once expired; an hour's grace keeps this rare.
        await deleteWechatStatesExpiredBefore(ctx.db, new Date(now.getTime() - 3600_000));
      }
      const query = new URLSearchParams({
        appid: settings.appId,
        redirect_uri: settings.redirectUri,
        response_type: "code",
        scope: "snsapi_login",
        state,
      });
      res.set("Cache-Control", "no-store");
      sendOk(res, {
        appid: settings.appId,
        scope: "snsapi_login",
        redirect_uri: settings.redirectUri,
        state,
        style: "black",
        /** The QR page for browsers without JavaScript (a link instead of the embedded frame). */
        qrconnectUrl: `https://open.weixin.qq.com/connect/qrconnect?${query}#wechat_redirect`,
        purpose: userId ? "bind" : "login",
        expiresIn: WECHAT_STATE_TTL_MS / 1000,
      });
    }),
  );

  router.get(
    "/web/api/wechat/callback",
    maybeAuth,
    asyncHandler(async (req, res) => {
      wechatSettings(ctx);
      const query = parseInput(callbackSchema, req.query);
      const issued = await consumeWechatState(ctx, query.state);
      const signedIn = currentUser(res);
      res.set("Cache-Control", "no-store");
      if (issued.userId !== null) {
        // Binding: only the user the QR code was issued to can complete it (no binding by a forged link).
        if (!signedIn || signedIn.userId !== issued.userId) throw unauthorized();
        const user = await findUserById(ctx.db, signedIn.userId);
        if (!user) throw unauthorized();
        const profile = await wechatProfileFor(ctx, query.code);
        const bound = await bindWechatProfile(ctx, user, profile);
        sendOk(res, { action: "bind", token: null, expired: null, user: toUserView(bound) });
        return;
      }
      const profile = await wechatProfileFor(ctx, query.code);
      const existing = await findUserByWechat(ctx.db, profile);
      if (existing) {
        const refreshed = await recordWechatLogin(ctx.db, existing.id, {
          wechat_unionid: existing.wechat_unionid ?? profile.unionid,
          wechat_nickname: profile.nickname ?? existing.wechat_nickname,
        });
        sendOk(res, { action: "login", ...(await loginData(ctx, refreshed, req)) });
        return;
      }
      let created: UserRow;
      try {
        created = await insertUser(
          ctx.db,
          {
            nickname: profile.nickname?.slice(0, 30),
            wechat_openid: profile.openid,
            wechat_unionid: profile.unionid,
            wechat_nickname: profile.nickname,
          },
          ctx.clock(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw refused("微信登录失败，请重新扫码");
        throw error;
      }
      sendOk(res, { action: "register", ...(await loginData(ctx, created, req)) });
    }),
  );

  return router;
}
