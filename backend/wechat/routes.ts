import { randomBytes } from "node:crypto";
import express, { type Router } from "express";
import { z } from "zod";
import { ApiError, sendOk } from "../http/envelope.js";
import { asyncHandler } from "../http/async-handler.js";
import { loginData, type AccountContext } from "../account/context.js";
import { refused, unauthorized } from "../account/errors.js";
import { currentUser, optionalUser } from "../account/sessions.js";
import {
  findUserById,
  findUserByWechat,
  insertUser,
  isUniqueViolation,
  recordWechatLogin,
  updateUser,
} from "../account/user-repository.js";
import { toUserView, type UserRow } from "../account/users.js";
import { deleteWechatStatesExpiredBefore, insertWechatState, spendWechatState } from "../account/wechat-state-repository.js";
import { parseInput, requiredText } from "../account/validation.js";
import { exchangeCode, WechatError, type WechatProfile } from "./client.js";

export const WECHAT_STATE_TTL_MS = 10 * 60_000;
export const WECHAT_NOT_CONFIGURED = { code: "W00001", message: "未配置微信登录" };

const callbackSchema = z.object({
  code: requiredText("缺少微信授权码", 256).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, "微信授权码格式不正确")),
  state: requiredText("微信登录已过期，请重新扫码", 100),
});

function wechatSettings(ctx: AccountContext) {
  const { wechatAppId, wechatSecret, wechatRedirectUri, wechatApiBase } = ctx.config;
  if (!wechatAppId || !wechatSecret || !wechatRedirectUri) {
    throw new ApiError(400, WECHAT_NOT_CONFIGURED.code, WECHAT_NOT_CONFIGURED.message);
  }
  return { appId: wechatAppId, secret: wechatSecret, redirectUri: wechatRedirectUri, apiBase: wechatApiBase };
}

/** Spends a state issued by qr-config; returns the user it was issued to (bind) or null (login). */
async function consumeState(ctx: AccountContext, state: string): Promise<{ userId: number | null }> {
  const issued = await spendWechatState(ctx.db, state, ctx.clock());
  if (!issued) throw refused("微信登录已过期，请重新扫码");
  return issued;
}

async function profileFor(ctx: AccountContext, code: string): Promise<WechatProfile> {
  const settings = wechatSettings(ctx);
  try {
    return await exchangeCode(settings, code);
  } catch (error) {
    if (error instanceof WechatError) {
      console.warn("微信授权失败", error.message);
      throw new ApiError(502, "W00002", "微信授权失败，请重新扫码");
    }
    throw error;
  }
}

/** Binds the WeChat identity behind `code` to `user`; `state` must have been issued to that user. */
export async function bindWechatAccount(ctx: AccountContext, user: UserRow, code: string, state: string): Promise<UserRow> {
  wechatSettings(ctx);
  const issued = await consumeState(ctx, state);
  if (issued.userId !== user.id) throw refused("微信绑定已过期，请重新扫码");
  const profile = await profileFor(ctx, code);
  return bindProfile(ctx, user, profile);
}

async function bindProfile(ctx: AccountContext, user: UserRow, profile: WechatProfile): Promise<UserRow> {
  const owner = await findUserByWechat(ctx.db, profile);
  if (owner && owner.id !== user.id) throw refused("该微信已绑定其他账号");
  try {
    return await updateUser(
      ctx.db,
      user.id,
      { wechat_openid: profile.openid, wechat_unionid: profile.unionid, wechat_nickname: profile.nickname },
      ctx.clock(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw refused("该微信已绑定其他账号");
    throw error;
  }
}

/** GET /web/api/wechat/qr-config and /callback (SPEC 7 "WeChat QR login"). */
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
      const issued = await consumeState(ctx, query.state);
      const signedIn = currentUser(res);
      res.set("Cache-Control", "no-store");
      if (issued.userId !== null) {
        // Binding: only the user the QR code was issued to can complete it (no binding by a forged link).
        if (!signedIn || signedIn.userId !== issued.userId) throw unauthorized();
        const user = await findUserById(ctx.db, signedIn.userId);
        if (!user) throw unauthorized();
        const profile = await profileFor(ctx, query.code);
        const bound = await bindProfile(ctx, user, profile);
        sendOk(res, { action: "bind", token: null, expired: null, user: toUserView(bound) });
        return;
      }
      const profile = await profileFor(ctx, query.code);
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
