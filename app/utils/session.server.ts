import type { LoginData as ContractLoginData } from "@contract/account";
import { parse, serialize } from "cookie";
import { websiteConfig } from "~/config.server";
import { serializeTokenCookies } from "./auth.server";
import { serializeToastCookie } from "./toast.server";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "./redirect";

/** What a login answers that the website keeps: the token, for `expired` seconds. */
export type LoginData = Pick<ContractLoginData, "token" | "expired">;

/** Every `redirect` value is read through this one check (re-exported for the account routes). */
export { safeRedirect };

/** Sets the token cookie and redirects with a success toast. */
export function redirectLoggedIn(login: LoginData, redirectTo: string, message = "登录成功"): Response {
  const headers = new Headers();
  for (const cookie of serializeTokenCookies(login.token, login.expired)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", serializeToastCookie({ type: "success", message }));
  return redirect(safeRedirect(redirectTo), { headers });
}

/* ---------- short-lived HttpOnly cookies (the WeChat state here, the reset ticket beside the forget page) ---------- */

/** The value of cookie `name` on the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value = parse(header)[name];
  return value ? value : null;
}

/** An HttpOnly cookie for `maxAge` seconds under `path` (0 deletes it). */
export function shortCookie(name: string, value: string, path: string, maxAge: number): string {
  return serialize(name, value, { path, httpOnly: true, sameSite: "lax", secure: websiteConfig.cookieSecure, maxAge });
}

export const WECHAT_COOKIE = "wx_login";
export type WechatCookie = { state: string; redirect: string };

export function serializeWechatCookie(value: WechatCookie, maxAge = 600): string {
  return shortCookie(
    WECHAT_COOKIE,
    Buffer.from(JSON.stringify(value), "utf8").toString("base64url"),
    "/account",
    maxAge,
  );
}

export function clearWechatCookie(): string {
  return shortCookie(WECHAT_COOKIE, "", "/account", 0);
}

export function readWechatCookie(request: Request): WechatCookie | null {
  const raw = readCookie(request, WECHAT_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<WechatCookie>;
    if (typeof parsed.state !== "string" || !parsed.state) return null;
    return { state: parsed.state, redirect: safeRedirect(parsed.redirect) };
  } catch {
    return null;
  }
}
