import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import inject from "light-my-request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import type { AnyDatabase } from "../db/schema.js";
import { createCodeDelivery } from "../mail/index.js";
import { Outbox } from "../mail/outbox.js";
import { CODE_TTL_MS } from "./codes.js";
import { createAccountRouter } from "./index.js";
import { client, movableClock, serveAccounts, testConfig, type TestApi } from "./testing/test-harness.js";

/**
 * The local outbox behind the account API (decision 022), with no channel configured:
 * a client on this machine (loopback after trust proxy) gets its codes there, anyone else is told
 * which channel is missing and gets a 404 for the outbox.
 */
describe("the local outbox", () => {
  let db: AnyDatabase;
  let closeDb: () => Promise<void>;
  let dataDir: string;
  let api: TestApi;
  let withoutOutbox: TestApi;
  let call: ReturnType<typeof client>;
  const outbox = new Outbox(CODE_TTL_MS);
  const time = movableClock();
  const config = () => testConfig({ CAPTCHA: "off", DATA_DIR: dataDir });
  const delivery = () => createCodeDelivery({ smtpFrom: "x@example.com", outbox });
  const LOCAL = { ip: "127.0.0.1" };
  const REMOTE = { ip: "203.0.113.7" };

  beforeAll(async () => {
    const handle = await openDatabase({ kind: "memory" });
    db = handle.db;
    closeDb = handle.close;
    await migrateToLatest(db);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-test-"));
    api = await serveAccounts({ db, config: config(), clock: time.clock, delivery: delivery(), outbox });
    withoutOutbox = await serveAccounts({
      db,
      config: config(),
      clock: time.clock,
      delivery: createCodeDelivery({ smtpFrom: "x@example.com" }),
    });
    call = client(api.origin);
  });

  afterAll(async () => {
    await api?.close();
    await withoutOutbox?.close();
    await closeDb?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("gives a visitor on this machine the code in the outbox, which registers the account", async () => {
    const email = "outbox-local@example.com";
    const sent = await call("POST", "/web/api/account/sendCode", { account: email, purpose: "register" }, LOCAL);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ sent: true, outbox: true, expiresIn: 600 });

    const read = await call("GET", "/web/api/account/outbox", undefined, LOCAL);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    const entry = read.body.data.entries[0];
    expect(entry).toMatchObject({ channel: "email", target: email, purpose: "register", notice: null });
    expect(entry.code).toMatch(/^\d{6}$/);
    expect(Date.parse(entry.expiresAt) - Date.parse(entry.sentAt)).toBe(CODE_TTL_MS);

    const registered = await call(
      "POST",
      "/web/api/account/register/email",
      { email, code: entry.code, password: "outbox pass 1" },
      LOCAL,
    );
    expect(registered.body.code, registered.body.message).toBe("200");
    expect(registered.body.data.token).toBeTruthy();

    // A second registration of the same address, after the cooldown: the owner's notice goes to
    // the outbox, and the answer is the same as for a free address.
    time.advance(61_000);
    const again = await call("POST", "/web/api/account/sendCode", { account: email, purpose: "register" }, LOCAL);
    expect(again.body.data).toMatchObject({ sent: true, outbox: true });
    const notices = (await call("GET", "/web/api/account/outbox", undefined, LOCAL)).body.data.entries;
    expect(notices[0]).toMatchObject({ target: email, code: null, notice: expect.stringMatching(/已经注册过了/) });
  });

  it("tells any other visitor which channel is missing, before any captcha, and hides the outbox", async () => {
    const before = outbox.list(time.clock()).length;
    const email = await call(
      "POST",
      "/web/api/account/sendCode",
      { account: "outbox-remote@example.com", purpose: "register" },
      REMOTE,
    );
    expect(email.status).toBe(502);
    expect(email.body.message).toBe("邮件服务未配置，暂时无法发送邮箱验证码");
    const phone = await call("POST", "/web/api/account/sendCode", { account: "13912345678", purpose: "login" }, REMOTE);
    expect(phone.status).toBe(502);
    expect(phone.body.message).toBe("短信服务未配置，暂时无法发送手机验证码");
    expect(outbox.list(time.clock())).toHaveLength(before);

    const read = await call("GET", "/web/api/account/outbox", undefined, REMOTE);
    expect(read.status).toBe(404);
    expect(JSON.stringify(read.body)).not.toMatch(/\d{6}/);
  });

  it("has no outbox where the server keeps none, even for this machine", async () => {
    const read = await client(withoutOutbox.origin)("GET", "/web/api/account/outbox", undefined, LOCAL);
    expect(read.status).toBe(404);
    const sent = await client(withoutOutbox.origin)(
      "POST",
      "/web/api/account/sendCode",
      { account: "no-outbox@example.com", purpose: "register" },
      LOCAL,
    );
    expect(sent.status).toBe(502);
    expect(sent.body.message).toBe("邮件服务未配置，暂时无法发送邮箱验证码");
  });

  it("reads the client's address as trust proxy does (a forwarded address from an untrusted peer does not count) and wants a loopback name", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(createAccountRouter({ db, config: config(), clock: time.clock, delivery: delivery(), outbox }));
    const read = (remoteAddress: string, forwardedFor?: string, host = "localhost:3000") =>
      inject(app, {
        method: "GET",
        url: "/web/api/account/outbox",
        remoteAddress,
        headers: { host, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      });
    expect((await read("203.0.113.9", "127.0.0.1")).statusCode).toBe(404);
    expect((await read("203.0.113.9")).statusCode).toBe(404);
    expect((await read("127.0.0.1", "203.0.113.9")).statusCode).toBe(404);
    expect((await read("127.0.0.1")).statusCode).toBe(200);
    expect((await read("::1", undefined, "[::1]:3000")).statusCode).toBe(200);
    // Another site's name resolving to this machine (DNS rebinding), or a proxy passing its public host on.
    expect((await read("127.0.0.1", undefined, "evil.example:3000")).statusCode).toBe(404);
    expect((await read("127.0.0.1", undefined, "fonts.example.com")).statusCode).toBe(404);
  });
});
