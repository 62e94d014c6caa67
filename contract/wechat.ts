import { z } from "zod";
import { userSchema } from "./account";
import { defineEndpoint } from "./endpoint";
import { requiredText } from "./fields";

/**
 * WeChat QR login. `getWechatQrConfig` issues a one-time `state`: a login state without a token; with
 * one, a *bind* state (only within the session's re-authentication window) or, with
 * `?purpose=reauth`, a state to prove who the user is by scanning with their bound WeChat. The
 * website keeps it to compare on the way back, embeds WeChat's QR frame built from the answer, and
 * hands the `code` and `state` WeChat redirects with to `wechatCallback`.
 */

export const WECHAT_STATE_EXPIRED_MESSAGE = "微信登录已过期，请重新扫码";

export const wechatQrConfigSchema = z.object({
  appid: z.string().min(1),
  scope: z.literal("snsapi_login"),
  redirect_uri: z.string().url(),
  state: z.string().min(1).max(100),
  /** The QR frame's colour scheme. */
  style: z.string(),
  /** WeChat's own QR page, for browsers without JavaScript. */
  qrconnectUrl: z.string().url(),
  /** `bind` or `reauth` when asked with a token. */
  purpose: z.enum(["login", "bind", "reauth"]),
  /** Seconds the state stays valid. */
  expiresIn: z.number().int().positive(),
});
export type WechatQrConfig = z.infer<typeof wechatQrConfigSchema>;

export const wechatCallbackQuerySchema = z.object({
  code: requiredText("缺少微信授权码", 256).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, "微信授权码格式不正确")),
  state: requiredText(WECHAT_STATE_EXPIRED_MESSAGE, 100),
});

export const WECHAT_PURPOSE_MESSAGE = "用途只能是 login、bind 或 reauth";

/** Without a purpose: `bind` with a token, `login` without. `bind` and `reauth` need a token. */
export const wechatQrConfigQuerySchema = z.object({
  purpose: z.enum(["login", "bind", "reauth"], { errorMap: () => ({ message: WECHAT_PURPOSE_MESSAGE }) }).optional(),
});

/**
 * A login (`register` when the WeChat user was new) opens a session; a bind keeps the current one;
 * `reauth` opens the current session's re-authentication window (REAUTH_WINDOW_S).
 */
export const wechatCallbackResultSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.enum(["login", "register"]),
    token: z.string().min(1),
    expired: z.number().int().positive(),
    user: userSchema,
  }),
  z.object({ action: z.enum(["bind", "reauth"]), token: z.null(), expired: z.null(), user: userSchema }),
]);
export type WechatCallbackResult = z.infer<typeof wechatCallbackResultSchema>;

/**
 * Without WeChat settings on the backend: code W00001 未配置微信登录. A bind state outside the
 * re-authentication window: 403 (REAUTH_REQUIRED_CODE).
 */
export const getWechatQrConfig = defineEndpoint({
  method: "GET",
  path: "/web/api/wechat/qr-config",
  query: wechatQrConfigQuerySchema,
  data: wechatQrConfigSchema,
  auth: "optional",
});

/**
 * A bind or reauth state is completed only with the token of the user it was issued to; a reauth
 * scan must come from the WeChat bound to that user.
 */
export const wechatCallback = defineEndpoint({
  method: "GET",
  path: "/web/api/wechat/callback",
  query: wechatCallbackQuerySchema,
  data: wechatCallbackResultSchema,
  auth: "optional",
});

export const wechatEndpoints = { getWechatQrConfig, wechatCallback };
