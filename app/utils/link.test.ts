import { describe, expect, it } from "vitest";
import { isExternalHref, linkHref, looksLikeDomain, schemeFor } from "./link";

describe("linkHref: a scheme for bare domains, a no-op for empty links", () => {
  it("adds http:// for choice 1 and https:// for choice 2", () => {
    expect(linkHref("www.example.com", 1)).toBe("http://www.example.com");
    expect(linkHref("www.example.com", 2)).toBe("https://www.example.com");
    expect(linkHref("example.com.cn/path?q=1", "1")).toBe("http://example.com.cn/path?q=1");
    expect(linkHref("zcool.com.cn:8080", 2)).toBe("https://zcool.com.cn:8080");
  });

  it("defaults to https:// for a missing or unknown choice", () => {
    expect(schemeFor(undefined)).toBe("https://");
    expect(linkHref("example.com")).toBe("https://example.com");
    expect(linkHref("example.com", 7)).toBe("https://example.com");
  });

  it("keeps an existing scheme whatever the choice", () => {
    expect(linkHref("http://a.com", 2)).toBe("http://a.com");
    expect(linkHref("https://a.com/x", 1)).toBe("https://a.com/x");
    expect(linkHref("HTTPS://A.COM", 1)).toBe("HTTPS://A.COM");
    expect(linkHref("mailto:hi@a.com", 1)).toBe("mailto:hi@a.com");
    expect(linkHref("//cdn.a.com/x", 1)).toBe("//cdn.a.com/x");
  });

  it("turns an empty link into a no-op (null)", () => {
    expect(linkHref("", 1)).toBeNull();
    expect(linkHref("   ", 2)).toBeNull();
    expect(linkHref(null)).toBeNull();
    expect(linkHref(undefined)).toBeNull();
  });

  it("never produces a dangerous link", () => {
    expect(linkHref("javascript:alert(1)", 1)).toBeNull();
    expect(linkHref("data:text/html,hi", 2)).toBeNull();
    expect(linkHref("not a link")).toBeNull();
  });

  it("keeps site paths", () => {
    expect(linkHref("/font?style=cute", 1)).toBe("/font?style=cute");
    expect(linkHref("#top")).toBe("#top");
  });

  it("recognises domains", () => {
    expect(looksLikeDomain("a.cn")).toBe(true);
    expect(looksLikeDomain("中文.中国")).toBe(true);
    expect(looksLikeDomain("192.168.1.2:8080/x")).toBe(true);
    expect(looksLikeDomain("hello")).toBe(false);
    expect(looksLikeDomain("a b.com")).toBe(false);
  });

  it("knows external links", () => {
    expect(isExternalHref("https://a.com")).toBe(true);
    expect(isExternalHref("//a.com")).toBe(true);
    expect(isExternalHref("/font")).toBe(false);
  });
});
