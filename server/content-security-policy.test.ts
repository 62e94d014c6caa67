import { describe, expect, it } from "vitest";
import { contentSecurityPolicyDirectives, WECHAT_QR_ORIGIN } from "./content-security-policy.js";

const embedded = { apiBase: "", subsetBase: "", staticBase: "", wechatFrame: false, secure: false };

describe("contentSecurityPolicyDirectives", () => {
  it("allows only this server when every service is embedded", () => {
    const directives = contentSecurityPolicyDirectives(embedded);
    expect(directives["connect-src"]).toEqual(["'self'"]);
    expect(directives["font-src"]).toEqual(["'self'", "data:"]);
    expect(directives["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(directives["frame-src"]).toEqual(["'none'"]);
    expect(directives).not.toHaveProperty("upgrade-insecure-requests");
  });

  it("adds the configured hosts by origin, each where the browser uses it", () => {
    const directives = contentSecurityPolicyDirectives({
      ...embedded,
      apiBase: "https://api.example.com/v2",
      subsetBase: "https://subset.example.com",
      staticBase: "https://cdn.example.com/static",
    });
    expect(directives["connect-src"]).toEqual([
      "'self'",
      "https://api.example.com",
      "https://subset.example.com",
      "https://cdn.example.com",
    ]);
    expect(directives["media-src"]).toEqual(["'self'", "blob:", "https://cdn.example.com"]);
    expect(directives["font-src"]).toEqual([
      "'self'",
      "data:",
      "https://subset.example.com",
      "https://cdn.example.com",
      "https://api.example.com",
    ]);
    expect(directives["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://cdn.example.com",
      "https://api.example.com",
    ]);
    expect(directives["script-src"]).not.toContain("https://cdn.example.com");
  });

  it("lets the HLS player attach a MediaSource and start its segment worker, both blob: URLs", () => {
    const directives = contentSecurityPolicyDirectives(embedded);
    expect(directives["media-src"]).toEqual(["'self'", "blob:"]);
    expect(directives["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(directives["script-src"]).not.toContain("blob:");
  });

  it("frames WeChat's QR page only when WeChat login is configured", () => {
    expect(contentSecurityPolicyDirectives({ ...embedded, wechatFrame: true })["frame-src"]).toEqual([
      WECHAT_QR_ORIGIN,
    ]);
  });

  it("upgrades every address to HTTPS when the site is served over HTTPS", () => {
    expect(contentSecurityPolicyDirectives({ ...embedded, secure: true })).toHaveProperty(
      "upgrade-insecure-requests",
      [],
    );
  });

  it("allows the analytics origin for scripts, beacons and pixels only when analytics is on", () => {
    const off = contentSecurityPolicyDirectives(embedded);
    expect(off["script-src"]).toHaveLength(2);
    const on = contentSecurityPolicyDirectives({ ...embedded, analyticsOrigin: "https://hm.baidu.com" });
    expect(on["script-src"]).toContain("https://hm.baidu.com");
    expect(on["connect-src"]).toEqual(["'self'", "https://hm.baidu.com"]);
    expect(on["img-src"]).toEqual(["'self'", "data:", "blob:", "https://hm.baidu.com"]);
  });
});
