import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3310);
/** A second server with the captcha on and no SMTP, for tests/e2e/captcha.spec.ts only. */
const captchaPort = Number(process.env.E2E_CAPTCHA_PORT ?? port + 20);
// One seed per run, shared with the test workers (they inherit this process's environment).
process.env.E2E_CAPTCHA_SEED ??= randomBytes(16).toString("hex");
const CAPTCHA_SPEC = /captcha\.spec\.ts$/;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, never a downloaded browser build. */
const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "zh-CN",
    launchOptions,
    trace: "off",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: CAPTCHA_SPEC },
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: CAPTCHA_SPEC },
    {
      name: "captcha-js-on",
      use: { javaScriptEnabled: true, baseURL: `http://127.0.0.1:${captchaPort}` },
      testMatch: CAPTCHA_SPEC,
    },
    {
      name: "captcha-js-off",
      use: { javaScriptEnabled: false, baseURL: `http://127.0.0.1:${captchaPort}` },
      testMatch: CAPTCHA_SPEC,
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { PORT: String(port), HOST: "127.0.0.1" },
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://127.0.0.1:${captchaPort}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(captchaPort),
        HOST: "127.0.0.1",
        E2E_CAPTCHA: "on",
        CAPTCHA_TEST_SEED: process.env.E2E_CAPTCHA_SEED,
        // E-mail codes then go to the local outbox (/outbox), which captcha.spec.ts also covers.
        E2E_WITHOUT_SMTP: "1",
      },
    },
  ],
});
