import { describe, expect, it } from "vitest";
import { serializeTokenCookie, tokenCookieOptions } from "./auth.server";
import { readWechatCookie, redirectLoggedIn, safeRedirect, serializeWechatCookie } from "./session.server";

describe("safeRedirect (SPEC 2 redirect after login)", () => {
  it("keeps same-site relative paths with their query and hash", () => {
    expect(safeRedirect("/user/profile")).toBe("/user/profile");
    expect(safeRedirect("/user/favorite?tab=font&page=2#top")).toBe("/user/favorite?tab=font&page=2#top");
    expect(safeRedirect("/")).toBe("/");
  });

  it("rejects protocol-relative, absolute, backslash and scheme tricks", () => {
    for (const bad of [
      "//evil.com",
      "//evil.com/x",
      "/\\evil.com",
      "https://evil.com",
      "http:/evil",
      "javascript:alert(1)",
      "evil.com",
      " //evil.com",
      "/\t/evil.com",
      "\\\\evil.com",
    ]) {
      expect(safeRedirect(bad), bad).toBe("/");
    }
  });

  it("falls back for empty or non-string values and for the account pages themselves", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/font")).toBe("/font");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect("/account/login?mode=code")).toBe("/");
    expect(safeRedirect("/account/logout")).toBe("/");
    expect(safeRedirect("/account/wechat.html")).toBe("/");
  });
});

describe("token cookie (SPEC 4)", () => {
  it("is HttpOnly, Lax, path /, max-age from expired, no Secure outside production", () => {
    // Vitest runs with NODE_ENV=test and no SITE_DOMAIN.
    const cookie = serializeTokenCookie("abc", 604800);
    expect(cookie).toMatch(/^token=abc;/);
    expect(cookie).toContain("Max-Age=604800");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
    expect(cookie).not.toContain("Domain");
  });

  it("adds Secure in production and the configured domain", () => {
    const options = tokenCookieOptions(100.7, { siteDomain: "example.com", isProduction: true });
    expect(options).toMatchObject({
      secure: true,
      domain: "example.com",
      maxAge: 100,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
    });
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
