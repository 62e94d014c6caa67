import type { AnyDatabase } from "../../db/schema.js";
/**
 * Test-only: the account API on one test database, with a real SMTP server, SMS gateway and fake
 * WeChat OAuth server, a movable clock, and the steps most tests start with (solve the captcha,
 * send a code, read it from the mailbox, register).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import CryptoJS from "crypto-js";
import { expect } from "vitest";
import { openDatabase } from "../../db/database.js";
import { migrateToLatest } from "../../db/migrate.js";
import type { TestDatabase } from "../../db/testing/test-databases.js";
import { createCodeDelivery } from "../../mail/index.js";
import {
  client,
  movableClock,
  serveAccounts,
  startAccountChannels,
  testConfig,
  type CallOptions,
  type TestApi,
} from "./test-harness.js";

export const MINUTE = 60_000;

export function aesEcb(text: string, key: string): string {
  return CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(text), CryptoJS.enc.Utf8.parse(key), {
    mode: CryptoJS.mode.ECB,
    padding: CryptoJS.pad.Pkcs7,
  }).toString();
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = read();
    if (value !== undefined) return value;
    await wait(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type AccountTestBed = Awaited<ReturnType<typeof openAccountTestBed>>;

/**
 * Opens the bed: `api` has the captcha on and every channel configured; `plain` has the captcha
 * off and no channel (nor outbox). `prefix` keeps phone numbers and addresses apart
 * between test files sharing a database server.
 */
export async function openAccountTestBed(database: TestDatabase, prefix: string) {
  const { dispose, databaseUrl } = await database.open();
  const handle = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "memory" });
  const db: AnyDatabase = handle.db;
  await migrateToLatest(db);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "accounts-test-"));
  const channels = await startAccountChannels("wxTESTAPP", "wxSECRET");
  const { smtp, sms, wechat } = channels;
  const time = movableClock();
  const config = channels.config({ CAPTCHA: "on", DATA_DIR: dataDir });
  const api: TestApi = await serveAccounts({ db, config, clock: time.clock });
  const plain: TestApi = await serveAccounts({
    db,
    config: testConfig({ CAPTCHA: "off", DATA_DIR: dataDir }),
    clock: time.clock,
    delivery: createCodeDelivery({ smtpFrom: "x@example.com" }),
  });
  const call = client(api.origin);
  const callPlain = client(plain.origin);

  let ipCounter = 0;
  const newIp = () => `10.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}.7`;
  let phoneCounter = 0;
  const newPhone = () => `1${prefix}${String(100000 + ++phoneCounter).slice(-6)}`;
  let mailCounter = 0;
  const newEmail = () => `user_${++mailCounter}-${prefix}-${database.name.toLowerCase()}@example.com`;

  /** Gets a challenge, reads its gap from the server-side store (test hook), solves it like the AJ client. */
  async function solveCaptcha(ip: string): Promise<string> {
    const challenge = await call("POST", "/captcha/get", { captchaType: "blockPuzzle" }, { ip });
    expect(challenge.status).toBe(200);
    const { token, secretKey } = challenge.body.data;
    const row = await db
      .selectFrom("captcha_challenge")
      .select(["gap_x"])
      .where("token", "=", token)
      .executeTakeFirstOrThrow();
    const point = JSON.stringify({ x: row.gap_x + 2.5, y: 5 });
    const checked = await call(
      "POST",
      "/captcha/check",
      { captchaType: "blockPuzzle", token, pointJson: aesEcb(point, secretKey) },
      { ip },
    );
    expect(checked.body.code).toBe("200");
    return checked.body.data.captchaVerification;
  }

  async function sendCode(account: string, purpose: string, options: CallOptions = {}) {
    const ip = options.ip ?? newIp();
    const captchaVerification = purpose === "reauth" ? undefined : await solveCaptcha(ip);
    return call("POST", "/web/api/account/sendCode", { account, purpose, captchaVerification }, { ...options, ip });
  }

  async function mailCode(to: string, after: number): Promise<string> {
    const mail = await until(() => smtp.mails.slice(after).find((m) => m.to === to), `mail to ${to}`);
    expect(mail.code).toMatch(/^\d{6}$/);
    return mail.code!;
  }

  async function smsCode(phone: string, after: number, purpose?: string): Promise<string> {
    const message = await until(
      () => sms.messages.slice(after).find((m) => m.phone === phone && (!purpose || m.purpose === purpose)),
      `SMS to ${phone}`,
    );
    expect(message.code).toMatch(/^\d{6}$/);
    return message.code!;
  }

  async function registerByEmail(email = newEmail(), password = "correct horse", nickname?: string) {
    const before = smtp.mails.length;
    const sent = await sendCode(email, "register");
    expect(sent.body).toMatchObject({ code: "200", data: { sent: true } });
    const code = await mailCode(email, before);
    const registered = await call(
      "POST",
      "/web/api/account/register/email",
      { email, code, password, nickname },
      { ip: newIp() },
    );
    expect(registered.body.code, registered.body.message).toBe("200");
    return { email, password, token: registered.body.data.token as string, user: registered.body.data.user };
  }

  async function registerByPhone(phone = newPhone(), password = "battery staple") {
    const before = sms.messages.length;
    const sent = await sendCode(phone, "register");
    expect(sent.body.code, sent.body.message).toBe("200");
    const code = await smsCode(phone, before);
    const registered = await call(
      "POST",
      "/web/api/account/register/phone",
      { phone, code, password },
      { ip: newIp() },
    );
    expect(registered.body.code, registered.body.message).toBe("200");
    return { phone, password, token: registered.body.data.token as string, user: registered.body.data.user };
  }

  async function close() {
    expect(api.statuses.filter((status) => status >= 500 && status !== 502)).toEqual([]);
    await api.close();
    await plain.close();
    await Promise.all([smtp.close(), sms.close(), wechat.close()]);
    await handle.close();
    await dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  return {
    db,
    dataDir,
    smtp,
    sms,
    wechat,
    time,
    api,
    plain,
    call,
    callPlain,
    newIp,
    newPhone,
    newEmail,
    solveCaptcha,
    sendCode,
    mailCode,
    smsCode,
    registerByEmail,
    registerByPhone,
    close,
  };
}
