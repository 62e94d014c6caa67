// Serves the built site on a fresh embedded database for the browser tests, with real SMTP, SMS
// gateway and WeChat OAuth peers on loopback (scripts/e2e-fakes.mjs). The captcha is off unless
// E2E_CAPTCHA=on; then CAPTCHA_TEST_SEED (from the test run) lets the tests answer the no-JS picture.
// E2E_WITHOUT_SMTP=1 leaves the mail server out.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { startE2eFakes } from "./e2e-fakes.mjs";

const port = Number(process.env.PORT ?? 3310);
const fakes = await startE2eFakes({
  smtpPort: port + 15,
  smsPort: port + 16,
  wechatPort: port + 17,
  inboxPort: port + 18,
});

const dataDir = mkdtempSync(path.join(tmpdir(), "ziti-e2e-"));
const child = spawn(process.execPath, ["build/server/server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...fakes.env,
    // No e-mail channel: e-mail codes go to the local outbox.
    ...(process.env.E2E_WITHOUT_SMTP === "1" ? { SMTP_URL: "" } : {}),
    WECHAT_REDIRECT_URI: `http://127.0.0.1:${port}/account/wechat`,
    CAPTCHA: process.env.E2E_CAPTCHA === "on" ? "on" : "off",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", async (code) => {
  await fakes.close();
  process.exit(code ?? 0);
});
