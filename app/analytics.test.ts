import { describe, expect, it } from "vitest";
import { analyticsScriptAttributes, readAnalyticsConfig } from "./analytics";

describe("readAnalyticsConfig", () => {
  it("is off by default", () => {
    expect(readAnalyticsConfig({})).toBeNull();
    expect(readAnalyticsConfig({ ANALYTICS_ID: "abc" })).toBeNull();
    expect(readAnalyticsConfig({ ANALYTICS_PROVIDER: "off", ANALYTICS_ID: "abc" })).toBeNull();
  });

  it("loads Baidu Tongji's script with the site key", () => {
    const config = readAnalyticsConfig({ ANALYTICS_PROVIDER: "Baidu", ANALYTICS_ID: "0123abcd" })!;
    expect(config).toMatchObject({ provider: "baidu", origin: "https://hm.baidu.com" });
    expect(analyticsScriptAttributes(config)).toEqual({ src: "https://hm.baidu.com/hm.js?0123abcd" });
  });

  it("gives Umami its website id and Plausible its domain, from a self-hosted address when set", () => {
    const umami = readAnalyticsConfig({
      ANALYTICS_PROVIDER: "umami",
      ANALYTICS_ID: "94db1cb1-74f4-4a40-ad6c-962362670409",
      ANALYTICS_SRC: "https://stats.example.com/script.js",
    })!;
    expect(umami.origin).toBe("https://stats.example.com");
    expect(analyticsScriptAttributes(umami)).toEqual({
      src: "https://stats.example.com/script.js",
      "data-website-id": "94db1cb1-74f4-4a40-ad6c-962362670409",
    });
    const plausible = readAnalyticsConfig({ ANALYTICS_PROVIDER: "plausible", ANALYTICS_ID: "fonts.example.com" })!;
    expect(analyticsScriptAttributes(plausible)).toEqual({
      src: "https://plausible.io/js/script.js",
      "data-domain": "fonts.example.com",
    });
  });

  it("refuses an unknown provider, a missing id and a script address that is not http(s)", () => {
    expect(() => readAnalyticsConfig({ ANALYTICS_PROVIDER: "matomo", ANALYTICS_ID: "1" })).toThrow(
      /ANALYTICS_PROVIDER/,
    );
    expect(() => readAnalyticsConfig({ ANALYTICS_PROVIDER: "umami" })).toThrow(/ANALYTICS_ID/);
    expect(() =>
      readAnalyticsConfig({ ANALYTICS_PROVIDER: "umami", ANALYTICS_ID: "1", ANALYTICS_SRC: "javascript:alert(1)" }),
    ).toThrow(/ANALYTICS_SRC/);
  });
});
