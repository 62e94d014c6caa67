import { getWechatQrConfig, wechatCallback, type WechatQrConfig } from "@contract/wechat";
import { callApi, type ApiCaller } from "./api-client.server";

export type { WechatQrConfig };

/**
 * A one-time state and the QR frame's settings. The login page asks anonymously so that it is
 * always a login state; `bind` (only after a recent proof of identity) and `reauth` (scan with the
 * bound WeChat to prove who the user is) go with the visitor's token.
 */
export function getQrConfig(caller: ApiCaller, { purpose }: { purpose: "login" | "bind" | "reauth" }) {
  if (purpose === "login") return callApi(caller, getWechatQrConfig, { anonymous: true });
  return callApi(caller, getWechatQrConfig, { query: { purpose } });
}

/** Completes the login, registration or binding WeChat redirected back with. */
export function completeWechatLogin(caller: ApiCaller, query: { code: string; state: string }) {
  return callApi(caller, wechatCallback, { query });
}

/** The embedded WeChat QR frame's address, as wxLogin.js builds it. */
export function wechatFrameUrl(
  config: Pick<WechatQrConfig, "appid" | "scope" | "redirect_uri" | "state" | "style">,
): string {
  const params = new URLSearchParams({
    appid: config.appid,
    scope: config.scope || "snsapi_login",
    redirect_uri: config.redirect_uri,
    state: config.state,
    login_type: "jssdk",
    self_redirect: "default",
    style: config.style || "black",
  });
  return `https://open.weixin.qq.com/connect/qrconnect?${params}`;
}
