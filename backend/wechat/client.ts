/** WeChat Open Platform website login (snsapi_login): code → access_token → userinfo. */
export type WechatProfile = { openid: string; unionid: string | null; nickname: string | null };

export class WechatError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WechatError";
  }
}

type Json = Record<string, unknown>;

async function getJson(url: string): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new WechatError("无法连接微信服务器", { cause: error });
  }
  const text = await response.text();
  if (!response.ok) throw new WechatError(`微信服务器返回 HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WechatError("微信服务器返回了无法解析的内容");
  }
  if (!body || typeof body !== "object") throw new WechatError("微信服务器返回了无法解析的内容");
  const json = body as Json;
  if (typeof json.errcode === "number" && json.errcode !== 0) {
    throw new WechatError(`微信接口错误 ${json.errcode}：${String(json.errmsg ?? "")}`);
  }
  return json;
}

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null;
}

export async function exchangeCode(
  config: { apiBase: string; appId: string; secret: string },
  code: string,
): Promise<WechatProfile> {
  const tokenUrl = new URL(`${config.apiBase}/sns/oauth2/access_token`);
  tokenUrl.search = new URLSearchParams({
    appid: config.appId,
    secret: config.secret,
    code,
    grant_type: "authorization_code",
  }).toString();
  const token = await getJson(tokenUrl.toString());
  const accessToken = text(token.access_token, 512);
  const openid = text(token.openid, 128);
  if (!accessToken || !openid) throw new WechatError("微信未返回 access_token 或 openid");

  const infoUrl = new URL(`${config.apiBase}/sns/userinfo`);
  infoUrl.search = new URLSearchParams({ access_token: accessToken, openid, lang: "zh_CN" }).toString();
  let info: Json = {};
  try {
    info = await getJson(infoUrl.toString());
  } catch (error) {
    // The login itself does not need the profile; the nickname is a courtesy.
    console.warn("获取微信用户信息失败", error);
  }
  if (text(info.openid, 128) && text(info.openid, 128) !== openid) throw new WechatError("微信返回的用户信息不一致");
  return {
    openid,
    unionid: text(info.unionid, 128) ?? text(token.unionid, 128),
    nickname: text(info.nickname, 100),
  };
}
