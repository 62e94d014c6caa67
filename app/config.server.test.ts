import { describe, expect, it } from "vitest";
import { publicConfig, readWebsiteConfig } from "./config.server";

describe("readWebsiteConfig", () => {
  it("defaults to the embedded backend, same-origin files and production cookies", () => {
    expect(readWebsiteConfig({})).toEqual({
      appTitle: "短视频字体",
      apiBase: "",
      subsetBase: "",
      staticBase: "",
      siteDomain: "",
      siteUrl: "",
      isProduction: true,
      cookieSecure: true,
      cookieSecureIsExplicit: false,
      tokenCookieName: "__Host-token",
      allowedOrigins: [],
      pageCacheBytes: 32 * 1024 * 1024,
      isTest: false,
      analytics: null,
    });
  });

  it("reads the analytics settings with the others", () => {
    expect(readWebsiteConfig({ ANALYTICS_PROVIDER: "umami", ANALYTICS_ID: "site-1" }).analytics).toEqual({
      provider: "umami",
      id: "site-1",
      src: "https://cloud.umami.is/script.js",
      origin: "https://cloud.umami.is",
    });
    expect(() => readWebsiteConfig({ ANALYTICS_PROVIDER: "umami" })).toThrow(/ANALYTICS_ID/);
  });

  it("uses the operator's addresses, trimmed of trailing slashes", () => {
    const config = readWebsiteConfig({
      APP_TITLE: "字体站",
      API_BASE: "https://api.example.com/",
      SUBSET_BASE: "https://subset.example.com",
      STATIC_BASE: "https://cdn.example.com/",
      SITE_DOMAIN: "example.com",
      SITE_URL: "https://www.example.com/",
      PAGE_CACHE_MB: "0",
      NODE_ENV: "test",
    });
    expect(config).toEqual({
      appTitle: "字体站",
      apiBase: "https://api.example.com",
      subsetBase: "https://subset.example.com",
      staticBase: "https://cdn.example.com",
      siteDomain: "example.com",
      siteUrl: "https://www.example.com",
      isProduction: false,
      cookieSecure: false,
      cookieSecureIsExplicit: false,
      tokenCookieName: "token",
      allowedOrigins: [],
      pageCacheBytes: 0,
      isTest: true,
      analytics: null,
    });
    expect(publicConfig(config)).toEqual({
      appTitle: "字体站",
      apiBase: "https://api.example.com",
      subsetBase: "https://subset.example.com",
      staticBase: "https://cdn.example.com",
    });
  });

  it("refuses an address that is not http(s), naming the variable", () => {
    expect(() => readWebsiteConfig({ PAGE_CACHE_MB: "lots" })).toThrow(/PAGE_CACHE_MB: 必须是数字/);
    expect(() => readWebsiteConfig({ API_BASE: "api.example.com" })).toThrow(
      /API_BASE: 必须是以 http:\/\/ 或 https:\/\/ 开头的地址/,
    );
  });

  it("makes cookies Secure in production unless COOKIE_SECURE says otherwise", () => {
    expect(readWebsiteConfig({ NODE_ENV: "production", COOKIE_SECURE: "false" })).toMatchObject({
      cookieSecure: false,
      cookieSecureIsExplicit: true,
      tokenCookieName: "token",
    });
    expect(readWebsiteConfig({ NODE_ENV: "development", COOKIE_SECURE: "true" })).toMatchObject({
      cookieSecure: true,
      tokenCookieName: "__Host-token",
    });
    expect(() => readWebsiteConfig({ COOKIE_SECURE: "yes please" })).toThrow(/COOKIE_SECURE: 必须是 true 或 false/);
  });

  it("reads ALLOWED_ORIGINS as origins and refuses anything else", () => {
    expect(
      readWebsiteConfig({ ALLOWED_ORIGINS: " https://Admin.Example.com/ , http://localhost:5173,," }).allowedOrigins,
    ).toEqual(["https://admin.example.com", "http://localhost:5173"]);
    expect(() => readWebsiteConfig({ ALLOWED_ORIGINS: "https://example.com/path" })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => readWebsiteConfig({ ALLOWED_ORIGINS: "example.com" })).toThrow(/ALLOWED_ORIGINS/);
  });
});
