import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { websiteConfig, type WebsiteConfig } from "~/config.server";
import { isGuardedPath } from "./misc";
import { redirectWithToast } from "./toast.server";

type TokenCookieName = WebsiteConfig["tokenCookieName"];
type TokenCookieConfig = Pick<WebsiteConfig, "siteDomain" | "cookieSecure" | "tokenCookieName">;

const OTHER_NAME: Record<TokenCookieName, TokenCookieName> = { "__Host-token": "token", token: "__Host-token" };

/**
 * The token from the request's token cookie, or null. The configured name is read first, then the
 * other one, so a session saved before the deployment switched names survives the switch.
 */
export function getToken(request: Request, config: TokenCookieConfig = websiteConfig): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const cookies = parse(header);
  return cookies[config.tokenCookieName] || cookies[OTHER_NAME[config.tokenCookieName]] || null;
}

/**
 * Options of the token cookie: path /, max-age from `expired`, HttpOnly, Lax; Secure when
 * COOKIE_SECURE; SITE_DOMAIN as its Domain, except under the `__Host-` name, which forbids one.
 */
export function tokenCookieOptions(maxAgeSeconds?: number, config: TokenCookieConfig = websiteConfig) {
  return {
    path: "/",
    domain: config.tokenCookieName === "token" ? config.siteDomain || undefined : undefined,
    maxAge: maxAgeSeconds !== undefined && maxAgeSeconds >= 0 ? Math.floor(maxAgeSeconds) : undefined,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.cookieSecure,
  };
}

/**
 * Set-Cookie values saving the token, for `maxAgeSeconds` (the server's `expired`), and deleting a
 * cookie under the other name left from before a switch (it would otherwise outlive a logout).
 */
export function serializeTokenCookies(
  token: string,
  maxAgeSeconds?: number,
  config: TokenCookieConfig = websiteConfig,
): string[] {
  const maxAge = maxAgeSeconds && maxAgeSeconds > 0 ? maxAgeSeconds : undefined;
  return [serialize(config.tokenCookieName, token, tokenCookieOptions(maxAge, config)), ...deleteOtherName(config)];
}

/** Set-Cookie values that delete the token cookie (same attributes, Max-Age=0), under either name. */
export function clearTokenCookies(config: TokenCookieConfig = websiteConfig): string[] {
  return [serialize(config.tokenCookieName, "", tokenCookieOptions(0, config)), ...deleteOtherName(config)];
}

/**
 * Both names can only exist where cookies are Secure: over plain HTTP a browser neither stores nor
 * sends a `__Host-` cookie. The other name was always host-only.
 */
function deleteOtherName(config: TokenCookieConfig): string[] {
  if (!config.cookieSecure) return [];
  const options = { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax" as const, secure: true };
  return [serialize(OTHER_NAME[config.tokenCookieName], "", options)];
}

/**
 * 401 / S00106 — clear the token and go home, with a toast saying why
 * (the flash cookie also makes the root loader reload, so the header forgets the user).
 */
export function redirectHomeClearingToken(message = "登录已过期，请重新登录"): Response {
  const headers = new Headers();
  for (const cookie of clearTokenCookies()) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/", { type: "error", message }, { headers });
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
