import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { websiteConfig, type WebsiteConfig } from "~/config.server";
import { isGuardedPath } from "./misc";
import { redirectWithToast } from "./toast.server";

/** The session token lives in the cookie named `token`. */
export const TOKEN_COOKIE = "token";

/** The token from the request's `token` cookie, or null. */
export function getToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const token = parse(header)[TOKEN_COOKIE];
  return token ? token : null;
}

/** Options of the `token` cookie: path /, SITE_DOMAIN, max-age from `expired`, HttpOnly, Lax, Secure in production. */
export function tokenCookieOptions(
  maxAgeSeconds?: number,
  config: Pick<WebsiteConfig, "siteDomain" | "isProduction"> = websiteConfig,
) {
  return {
    path: "/",
    domain: config.siteDomain || undefined,
    maxAge: maxAgeSeconds !== undefined && maxAgeSeconds >= 0 ? Math.floor(maxAgeSeconds) : undefined,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.isProduction,
  };
}

/** Set-Cookie value saving the token, for `maxAgeSeconds` (the server's `expired`). */
export function serializeTokenCookie(token: string, maxAgeSeconds?: number): string {
  return serialize(
    TOKEN_COOKIE,
    token,
    tokenCookieOptions(maxAgeSeconds && maxAgeSeconds > 0 ? maxAgeSeconds : undefined),
  );
}

/** Set-Cookie value that deletes the token cookie (same attributes, Max-Age=0). */
export function clearTokenCookie(): string {
  return serialize(TOKEN_COOKIE, "", tokenCookieOptions(0));
}

/**
 * 401 / S00106 — clear the token and go home, with a toast saying why
 * (the flash cookie also makes the root loader reload, so the header forgets the user).
 */
export function redirectHomeClearingToken(message = "登录已过期，请重新登录"): Response {
  return redirectWithToast("/", { type: "error", message }, { headers: { "Set-Cookie": clearTokenCookie() } });
}

export { isGuardedPath };

/**
 * The `auth` guard: without a token cookie, a path containing /user
 * redirects to `/?redirect=<original path + search>`. Returns the redirect Response, or null.
 */
export function authGuard(request: Request): Response | null {
  const url = new URL(request.url);
  if (!isGuardedPath(url.pathname) || getToken(request)) return null;
  const original = `${url.pathname}${url.search}`;
  return redirect(`/?${new URLSearchParams({ redirect: original })}`);
}

/** Throws the guard's redirect when it applies. */
export function requireAuthGuard(request: Request): void {
  const response = authGuard(request);
  if (response) throw response;
}
