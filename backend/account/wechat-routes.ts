import { randomBytes } from "node:crypto";
import { clientIp } from "../http/client-address.js";
import express, { type Router } from "express";
import { NICKNAME_MAX } from "../../contract/fields.js";
import { getWechatQrConfig, wechatCallback } from "../../contract/wechat.js";
import { route } from "../http/route.js";
import { loginData, signedInUser, type AccountContext } from "./context.js";
import { reauthRequired, refused, unauthorized } from "./errors.js";
import { withinReauthWindow } from "./reauth.js";
import { recordReauthentication } from "./session-repository.js";
import { currentUser, optionalUser } from "./sessions.js";
import { findUserById, findUserByWechat, insertUser, isUniqueViolation, recordWechatLogin } from "./user-repository.js";
import { toUserView, type UserRow } from "./users.js";
import {
  bindWechatProfile,
  consumeWechatState,
  isUsersWechat,
  wechatProfileFor,
  wechatSettings,
} from "./wechat-login.js";
import { deleteWechatStatesExpiredBefore, insertWechatState } from "./wechat-state-repository.js";

export const WECHAT_STATE_TTL_MS = 10 * 60_000;

/** The first `max` characters as a person sees them (an emoji is not cut in half). */
function firstCharacters(text: string, max: number): string {
  const segments = [...new Intl.Segmenter("zh", { granularity: "grapheme" }).segment(text)];
  return segments
    .slice(0, max)
    .map((segment) => segment.segment)
    .join("");
}

/**
 * WeChat QR login: GET /web/api/wechat/qr-config gives the QR frame's settings with a fresh state;
 * GET /web/api/wechat/callback signs in (or registers) the scanning user, binds WeChat to the
 * signed-in user who asked for the QR code, or takes the scan as that user's proof of identity.
 */
export function createWechatRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const maybeAuth = optionalUser(ctx.rawDb, ctx.clock);

  route(
    router,
    getWechatQrConfig,
    async ({ query }, { res }) => {
      const settings = wechatSettings(ctx);
      const now = ctx.clock();
      const signedIn = currentUser(res);
      const purpose = query.purpose ?? (signedIn ? "bind" : "login");
      if (purpose !== "login" && !signedIn) throw unauthorized();
      if (purpose === "bind" && !withinReauthWindow(signedIn!, now)) throw reauthRequired();
      if (purpose === "reauth") {
        const user = await signedInUser(ctx, res);
        if (!user.wechat_openid && !user.wechat_unionid) throw refused("你还没有绑定微信，请改用密码或验证码确认身份");
      }
      const state = randomBytes(24).toString("base64url");
      await insertWechatState(ctx.db, {
        state,
        userId: purpose === "login" ? null : signedIn!.userId,
        purpose,
        createdAt: now,
        expiresAt: new Date(now.getTime() + WECHAT_STATE_TTL_MS),
      });
      if (Math.random() < 0.02) {
        // Housekeeping: a state is of no use once expired; an hour's grace keeps this rare.
        await deleteWechatStatesExpiredBefore(ctx.db, new Date(now.getTime() - 3600_000));
      }
      const qrQuery = new URLSearchParams({
        appid: settings.appId,
        redirect_uri: settings.redirectUri,
        response_type: "code",
        scope: "snsapi_login",
        state,
      });
      return {
        appid: settings.appId,
        scope: "snsapi_login" as const,
        redirect_uri: settings.redirectUri,
        state,
        style: "black",
        qrconnectUrl: `https://open.weixin.qq.com/connect/qrconnect?${qrQuery}#wechat_redirect`,
        purpose,
        expiresIn: WECHAT_STATE_TTL_MS / 1000,
      };
    },
    { before: [maybeAuth], nameParameters: false },
  );

  route(
    router,
    wechatCallback,
    async ({ query }, { req, res }) => {
      wechatSettings(ctx);
      const issued = await consumeWechatState(ctx, query.state);
      const signedIn = currentUser(res);
      if (issued.userId !== null) {
        // Binding or proving identity: only the user the QR code was issued to can complete it.
        if (!signedIn || signedIn.userId !== issued.userId) throw unauthorized();
        const user = await findUserById(ctx.db, signedIn.userId);
        if (!user) throw unauthorized();
        const profile = await wechatProfileFor(ctx, query.code);
        if (issued.purpose === "reauth") {
          if (!isUsersWechat(user, profile)) throw refused("请使用已绑定的微信扫码");
          await recordReauthentication(ctx.db, signedIn.sessionId, ctx.clock());
          return { action: "reauth" as const, token: null, expired: null, user: toUserView(user) };
        }
        const bound = await bindWechatProfile(ctx, user, profile);
        await ctx.events.securityChanged(user.id, "bind-wechat", ctx.clock());
        return { action: "bind" as const, token: null, expired: null, user: toUserView(bound) };
      }
      const profile = await wechatProfileFor(ctx, query.code);
      const existing = await findUserByWechat(ctx.db, profile);
      if (existing) {
        const refreshed = await recordWechatLogin(ctx.db, existing.id, {
          wechat_unionid: existing.wechat_unionid ?? profile.unionid,
          wechat_nickname: profile.nickname ?? existing.wechat_nickname,
        });
        await ctx.events.signingIn(existing.id, { ip: clientIp(req), userAgent: req.get("user-agent") }, ctx.clock());
        return { action: "login" as const, ...(await loginData(ctx, refreshed, req)) };
      }
      let created: UserRow;
      try {
        created = await insertUser(
          ctx.db,
          {
            nickname: profile.nickname ? firstCharacters(profile.nickname, NICKNAME_MAX) : undefined,
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
      await ctx.events.registered(created.id, ctx.clock());
      return { action: "register" as const, ...(await loginData(ctx, created, req)) };
    },
    { before: [maybeAuth], nameParameters: false },
  );

  return router;
}
