import { describe, expect, it } from "vitest";
import { authGuard, clearTokenCookie, getToken, isGuardedPath, serializeTokenCookie } from "./auth.server";

describe("auth guard (SPEC 2)", () => {
  it("redirects a visitor without token from a /user path to / with redirect", () => {
    const response = authGuard(new Request("http://x/user/favorite?tab=font&page=2"));
    expect(response?.status).toBe(302);
    const location = response?.headers.get("Location") ?? "";
    expect(location.startsWith("/?redirect=")).toBe(true);
    expect(new URL(location, "http://x").searchParams.get("redirect")).toBe("/user/favorite?tab=font&page=2");
  });

  it("guards any path that contains /user", () => {
    expect(isGuardedPath("/user")).toBe(true);
    expect(isGuardedPath("/account/user-info")).toBe(true);
    expect(isGuardedPath("/font/1")).toBe(false);
  });

  it("lets a token holder through, and leaves other paths alone", () => {
    expect(authGuard(new Request("http://x/user", { headers: { Cookie: "token=abc" } }))).toBeNull();
    expect(authGuard(new Request("http://x/font"))).toBeNull();
    expect(authGuard(new Request("http://x/user", { headers: { Cookie: "token=" } }))).not.toBeNull();
  });

  it("reads and writes the token cookie", () => {
    expect(getToken(new Request("http://x/", { headers: { Cookie: "a=b; token=xyz" } }))).toBe("xyz");
    expect(getToken(new Request("http://x/"))).toBeNull();
    expect(serializeTokenCookie("xyz", 3600)).toMatch(/^token=xyz; Max-Age=3600; Path=\//);
    expect(clearTokenCookie()).toMatch(/^token=; Max-Age=0; Path=\//);
  });
});
