import { describe, expect, it } from "vitest";
import { readWebsiteConfig } from "~/config.server";
import { authGuard, clearTokenCookies, getToken, isGuardedPath, serializeTokenCookies } from "./auth.server";

describe("auth guard: visitors under /user go home with ?redirect=", () => {
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
    // Vitest runs with NODE_ENV=test: plain HTTP, so the cookie keeps the name `token`.
    expect(serializeTokenCookies("xyz", 3600)).toEqual([expect.stringMatching(/^token=xyz; Max-Age=3600; Path=\//)]);
    expect(clearTokenCookies()).toEqual([expect.stringMatching(/^token=; Max-Age=0; Path=\//)]);
  });

  it("reads the configured name first, and the other name a session saved before a switch", () => {
    const https = readWebsiteConfig({ NODE_ENV: "production" });
    const plain = readWebsiteConfig({ NODE_ENV: "development" });
    const request = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    expect(getToken(request("token=old; __Host-token=new"), https)).toBe("new");
    expect(getToken(request("token=old; __Host-token=new"), plain)).toBe("old");
    expect(getToken(request("token=old"), https)).toBe("old");
    expect(getToken(request("__Host-token=new"), plain)).toBe("new");
    expect(getToken(request("__Host-token=; token="), https)).toBeNull();
  });
});
