import { describe, expect, it } from "vitest";
import { readWebsiteConfig } from "~/config.server";
import { clearTokenCookies, serializeTokenCookies, tokenCookieOptions } from "./auth.server";
import { readWechatCookie, redirectLoggedIn, serializeWechatCookie } from "./session.server";

describe("token cookie", () => {
  it("is HttpOnly, Lax, path /, max-age from expired, no Secure outside production", () => {
    // Vitest runs with NODE_ENV=test and no SITE_DOMAIN.
    const [cookie, ...others] = serializeTokenCookies("abc", 604800);
    expect(others).toEqual([]);
    expect(cookie).toMatch(/^token=abc;/);
    expect(cookie).toContain("Max-Age=604800");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(cookie).not.toContain("Domain");
  });

  it("is __Host-token, Secure, without Domain on an HTTPS deployment with host-only cookies", () => {
    const https = readWebsiteConfig({ NODE_ENV: "production" });
    expect(https.tokenCookieName).toBe("__Host-token");
    const [cookie, legacy] = serializeTokenCookies("abc", 100.7, https);
    expect(cookie).toBe("__Host-token=abc; Max-Age=100; Path=/; HttpOnly; Secure; SameSite=Lax");
    // A `token` cookie from before the switch is deleted, so it cannot outlive a logout.
    expect(legacy).toBe("token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
    expect(clearTokenCookies(https)).toEqual([
      "__Host-token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
      "token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });

  it("stays `token` with the configured domain when subdomains share the session", () => {
    const shared = readWebsiteConfig({ NODE_ENV: "production", SITE_DOMAIN: "example.com" });
    expect(shared.tokenCookieName).toBe("token");
    expect(tokenCookieOptions(100.7, shared)).toMatchObject({
      secure: true,
      domain: "example.com",
      maxAge: 100,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    });
    expect(serializeTokenCookies("abc", 60, shared)).toEqual([
      "token=abc; Max-Age=60; Domain=example.com; Path=/; HttpOnly; Secure; SameSite=Lax",
      // A `__Host-token` from before SITE_DOMAIN was set would otherwise survive a logout.
      "__Host-token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });

  it("stays `token` without Secure when COOKIE_SECURE=false (production behind plain HTTP)", () => {
    const plain = readWebsiteConfig({ NODE_ENV: "production", COOKIE_SECURE: "false" });
    expect(plain.tokenCookieName).toBe("token");
    expect(serializeTokenCookies("abc", 60, plain)).toEqual(["token=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax"]);
  });

  it("redirects after login with the cookie, a toast and a safe target", () => {
    const response = redirectLoggedIn({ token: "tok", expired: 60 }, "//evil.com");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith("token=tok;") && cookie.includes("HttpOnly"))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
  });
});

describe("WeChat state cookie", () => {
  it("round-trips the state and a sanitised redirect", () => {
    const setCookie = serializeWechatCookie({ state: "s1", redirect: "//evil.com" });
    expect(setCookie).toContain("HttpOnly");
    const value = setCookie.split(";")[0];
    const request = new Request("http://x/account/wechat", { headers: { Cookie: value } });
    expect(readWechatCookie(request)).toEqual({ state: "s1", redirect: "/" });
    expect(readWechatCookie(new Request("http://x/", { headers: { Cookie: "wx_login=garbage" } }))).toBeNull();
  });
});
