import type { WebsiteConfig } from "../app/config.server.js";

/**
 * In production cookies are Secure unless COOKIE_SECURE says otherwise, and a browser drops a
 * Secure cookie sent over plain HTTP: login then fails without an error. The server cannot see
 * whether a TLS proxy is in front, so while COOKIE_SECURE is unset it says so once at start.
 */
export function plainHttpCookieWarning(
  website: Pick<WebsiteConfig, "isProduction" | "cookieSecureIsExplicit">,
): string | null {
  if (!website.isProduction || website.cookieSecureIsExplicit) return null;
  return "注意：NODE_ENV=production 时登录 Cookie 带 Secure，只能经 HTTPS 保存；若网站以纯 HTTP 访问将无法登录，请在 HTTPS 反向代理之后运行，或设置 COOKIE_SECURE=false（已使用 HTTPS 时设置 COOKIE_SECURE=true 可去掉本提示）";
}
