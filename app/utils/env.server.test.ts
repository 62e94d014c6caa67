import { describe, expect, it } from "vitest";
import { readEnv } from "./env.server";

describe("readEnv", () => {
  it("defaults to this server for server-side calls and same origin for the browser", () => {
    const env = readEnv({ PORT: "4000" });
    expect(env.appTitle).toBe("短视频字体");
    expect(env.apiBase).toBe("http://127.0.0.1:4000");
    expect(env.subsetBase).toBe("http://127.0.0.1:4000");
    expect(env.browserApiBase).toBe("");
    expect(env.browserSubsetBase).toBe("");
    expect(env.staticBase).toBe("");
    expect(env.siteDomain).toBe("");
    expect(env.isProduction).toBe(true);
  });

  it("prefers INTERNAL_ORIGIN over the port", () => {
    const env = readEnv({ PORT: "4000", INTERNAL_ORIGIN: "http://127.0.0.1:5555/" });
    expect(env.apiBase).toBe("http://127.0.0.1:5555");
  });

  it("uses the operator's bases, trimmed of trailing slashes", () => {
    const env = readEnv({
      APP_TITLE: "字体站",
      API_BASE: "https://api.example.com/",
      SUBSET_BASE: "https://subset.example.com",
      STATIC_BASE: "https://cdn.example.com/",
      SITE_DOMAIN: "example.com",
      INTERNAL_ORIGIN: "http://127.0.0.1:3000",
      NODE_ENV: "development",
    });
    expect(env).toEqual({
      appTitle: "字体站",
      apiBase: "https://api.example.com",
      subsetBase: "https://subset.example.com",
      browserApiBase: "https://api.example.com",
      browserSubsetBase: "https://subset.example.com",
      staticBase: "https://cdn.example.com",
      siteDomain: "example.com",
      isProduction: false,
    });
  });
});
