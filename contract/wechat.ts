import { z } from "zod";
import { userSchema } from "./account";
import { defineEndpoint } from "./endpoint";
import { requiredText } from "./fields";

/**
 * WeChat QR login. `getWechatQrConfig` issues a one-time `state` (a *bind* state when asked with a
 * token); the website keeps it to compare on the way back, embeds WeChat's QR frame built from the
 * answer, and hands the `code` and `state` WeChat redirects with to `wechatCallback`.
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
  /** `bind` when asked with a token. */
  purpose: z.enum(["login", "bind"]),
  /** Seconds the state stays valid. */
  expiresIn: z.number().int().positive(),
});
export type WechatQrConfig = z.infer<typeof wechatQrConfigSchema>;

export const wechatCallbackQuerySchema = z.object({
  code: requiredText("缺少微信授权码", 256).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, "微信授权码格式不正确")),
  state: requiredText(WECHAT_STATE_EXPIRED_MESSAGE, 100),
});

/** A login (`register` when the WeChat user was new) opens a session; a bind keeps the current one. */
export const wechatCallbackResultSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.enum(["login", "register"]),
    token: z.string().min(1),
    expired: z.number().int().positive(),
    user: userSchema,
  }),
  z.object({ action: z.literal("bind"), token: z.null(), expired: z.null(), user: userSchema }),
]);
export type WechatCallbackResult = z.infer<typeof wechatCallbackResultSchema>;

/** Without WeChat settings on the backend: code W00001 未配置微信登录. */
export const getWechatQrConfig = defineEndpoint({
  method: "GET",
  path: "/web/api/wechat/qr-config",
  data: wechatQrConfigSchema,
  auth: "optional",
});

/** A bind state is completed only with the token of the user it was issued to. */
export const wechatCallback = defineEndpoint({
  method: "GET",
  path: "/web/api/wechat/callback",
  query: wechatCallbackQuerySchema,
  data: wechatCallbackResultSchema,
  auth: "optional",
});

export const wechatEndpoints = { getWechatQrConfig, wechatCallback };
