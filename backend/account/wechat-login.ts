import { ApiError } from "../http/envelope.js";
import { exchangeCode, WechatError, type WechatProfile } from "../wechat/client.js";
import type { AccountContext } from "./context.js";
import { refused, writeConflict } from "./errors.js";
import { findUserByWechat, isUniqueViolation, updateUser } from "./user-repository.js";
import type { UserRow } from "./users.js";
import { spendWechatState, type IssuedWechatState } from "./wechat-state-repository.js";

export const WECHAT_NOT_CONFIGURED = { code: "W00001", message: "未配置微信登录" };

export type WechatSettings = { appId: string; secret: string; redirectUri: string; apiBase: string };

/** The WeChat app's settings; a clear 400 W00001 when WeChat login is not configured. */
export function wechatSettings(ctx: AccountContext): WechatSettings {
  const { wechatAppId, wechatSecret, wechatRedirectUri, wechatApiBase } = ctx.config;
  if (!wechatAppId || !wechatSecret || !wechatRedirectUri) {
    throw new ApiError(400, WECHAT_NOT_CONFIGURED.code, WECHAT_NOT_CONFIGURED.message);
  }
  return { appId: wechatAppId, secret: wechatSecret, redirectUri: wechatRedirectUri, apiBase: wechatApiBase };
}

/** Spends a state issued by qr-config: who it was issued to (null: a login) and what for. */
export async function consumeWechatState(ctx: AccountContext, state: string): Promise<IssuedWechatState> {
  const issued = await spendWechatState(ctx.db, state, ctx.clock());
  if (!issued) throw refused("微信登录已过期，请重新扫码");
  return issued;
}

/** The WeChat identity behind an authorization code; WeChat's failures become a 502 W00002. */
export async function wechatProfileFor(ctx: AccountContext, code: string): Promise<WechatProfile> {
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

/** Binds a WeChat identity to `user`, unless another user has it. */
export async function bindWechatProfile(ctx: AccountContext, user: UserRow, profile: WechatProfile): Promise<UserRow> {
  const owner = await findUserByWechat(ctx.db, profile);
  if (owner && owner.id !== user.id) throw refused("该微信已绑定其他账号");
  let updated;
  try {
    updated = await updateUser(
      ctx.db,
      user,
      { wechat_openid: profile.openid, wechat_unionid: profile.unionid, wechat_nickname: profile.nickname },
      ctx.clock(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw refused("该微信已绑定其他账号");
    throw error;
  }
  if (!updated) throw writeConflict();
  return updated;
}

/** Whether `profile` is the WeChat bound to `user` (a scan to prove who they are). */
export function isUsersWechat(user: UserRow, profile: WechatProfile): boolean {
  if (profile.unionid && user.wechat_unionid) return profile.unionid === user.wechat_unionid;
  return user.wechat_openid !== null && profile.openid === user.wechat_openid;
}

/** Binds the WeChat identity behind `code` to `user`; `state` must have been issued to that user. */
export async function bindWechatAccount(
  ctx: AccountContext,
  user: UserRow,
  code: string,
  state: string,
): Promise<UserRow> {
  wechatSettings(ctx);
  const issued = await consumeWechatState(ctx, state);
  if (issued.userId !== user.id || issued.purpose !== "bind") throw refused("微信绑定已过期，请重新扫码");
  const profile = await wechatProfileFor(ctx, code);
  return bindWechatProfile(ctx, user, profile);
}
