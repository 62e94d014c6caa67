import type { LoginData as ContractLoginData } from "@contract/account";
import { parse, serialize } from "cookie";
import { websiteConfig } from "~/config.server";
import { serializeTokenCookie } from "./auth.server";
import { serializeToastCookie } from "./toast.server";
import { redirect } from "@remix-run/node";

/** What a login answers that the website keeps: the token, for `expired` seconds. */
export type LoginData = Pick<ContractLoginData, "token" | "expired">;

/**
 * After login the visitor returns to the path the guard recorded. Only same-site relative
 * paths are honoured: one leading `/`, no `//` or `/\` (protocol-relative), no scheme, no control
 * characters. Anything else falls back to `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const value = to.trim();
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  // Never bounce back into the account pages themselves (or log out again).
  if (/^\/account\/(?:login|register|forget|wechat|logout)(?:[/?#.]|$)/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** Sets the token cookie and redirects with a success toast. */
export function redirectLoggedIn(login: LoginData, redirectTo: string, message = "登录成功"): Response {
  const headers = new Headers();
  headers.append("Set-Cookie", serializeTokenCookie(login.token, login.expired));
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
  return serialize(name, value, { path, httpOnly: true, sameSite: "lax", secure: websiteConfig.isProduction, maxAge });
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
