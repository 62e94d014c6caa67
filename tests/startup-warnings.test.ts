import { describe, expect, it } from "vitest";
import { readWebsiteConfig } from "../app/config.server.js";
import { plainHttpCookieWarning } from "../server/startup-warnings.js";

describe("plainHttpCookieWarning", () => {
  it("explains the Secure cookie once in production while COOKIE_SECURE is unset", () => {
    const warning = plainHttpCookieWarning(readWebsiteConfig({ NODE_ENV: "production" }));
    expect(warning).toContain("COOKIE_SECURE=false");
    expect(warning).toContain("HTTPS");
    expect(warning).not.toContain("\n");
  });

  it.each([
    ["production with COOKIE_SECURE=true", { NODE_ENV: "production", COOKIE_SECURE: "true" }],
    ["production with COOKIE_SECURE=false", { NODE_ENV: "production", COOKIE_SECURE: "false" }],
    ["development", { NODE_ENV: "development" }],
    ["tests", { NODE_ENV: "test" }],
  ])("stays silent in %s", (_label, env) => {
    expect(plainHttpCookieWarning(readWebsiteConfig(env))).toBeNull();
  });
});
