import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/user/profile", "/user/profile"],
    ["/user/favorite?tab=font&page=2#top", "/user/favorite?tab=font&page=2#top"],
    ["/", "/"],
    ["/font?keyword=%E6%A5%B7%E4%B9%A6", "/font?keyword=%E6%A5%B7%E4%B9%A6"],
    ["/font?keyword=楷书", "/font?keyword=%E6%A5%B7%E4%B9%A6"],
    ["/font?next=//elsewhere", "/font?next=//elsewhere"],
    ["/font/./12", "/font/12"],
    ["/user/../font", "/font"],
    ["  /font  ", "/font"],
  ])("keeps the same-site path %j as %j", (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/x",
    "///evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "/.//evil.com",
    "/./\\evil.com",
    "/..//evil.com",
    "/x/..//evil.com",
    "/%2e%2e//evil.com",
    "/%2E//evil.com",
    "/%2F%2Fevil.com",
    "/%2f/evil.com",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "/%5C%5Cevil.com",
    "/.%2F/evil.com",
    "/%252F%252Fevil.com",
    "/%25252F%25252Fevil.com",
    "/%2525252525252F%2525252525252Fevil.com",
    "/a\\..\\..\\evil.com",
    "https://evil.com",
    "http:/evil.com",
    "HTTPS://evil.com",
    "javascript:alert(1)",
    "/javascript:alert(1)%0A",
    "data:text/html,<script>alert(1)</script>",
    "evil.com",
    " //evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/%09/evil.com",
    "/%0D%0ALocation:%20https://evil.com",
    "/font\u0000",
    "/%E0%A4%A",
    "",
    "   ",
  ])("refuses %j", (value) => {
    expect(safeRedirect(value)).toBe("/");
    expect(safeRedirect(value, "/font")).toBe("/font");
  });

  it("falls back for values that are not strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/font")).toBe("/font");
    expect(safeRedirect(new File(["/user"], "a.txt"))).toBe("/");
  });

  it.each([
    "/account/login?mode=code",
    "/account/logout",
    "/account/register",
    "/account/wechat.html",
    "/account/forget",
    "/account/%6Cogin",
    "/user/../account/login",
  ])("never returns to the account page %j (it would loop)", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("every path it returns resolves on this site", () => {
    const values = ["/a", "/.//b", "/%2F%2Fc", "/\\d", "/e?f=//g", "/h#//i"];
    for (const value of values) {
      const target = new URL(safeRedirect(value), "https://www.example.com");
      expect(target.origin, value).toBe("https://www.example.com");
      expect(target.pathname.startsWith("//"), value).toBe(false);
    }
  });
});
