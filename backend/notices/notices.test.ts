/**
 * Every event that writes a message, through the backend's real HTTP API, on both databases: the
 * welcome on registration (by phone and by WeChat), the security notices of a new device, a
 * password change or reset, binding and unbinding an e-mail address or WeChat, and the operators'
 * reply to a contact message left while signed in.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notice } from "../../contract/notices.js";
import {
  startAccountChannels,
  type startSmsGateway,
  type startSmtpServer,
  type startWechatServer,
} from "../account/testing/test-harness.js";
import { openDatabase, pgliteDirectory } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { runNotifyCommand, UsageError } from "./command.js";
import { replyToMessage } from "./events.js";

const PASSWORD = "notice password 1";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const APPID = "wxNOTICES";
const SECRET = "wxNOTICESSECRET";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)("messages from real events on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sms: Awaited<ReturnType<typeof startSmsGateway>>;
  let wechat: Awaited<ReturnType<typeof startWechatServer>>;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let counter = 0;
  const skip = !database.available;

  beforeAll(async () => {
    if (skip) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "notices-test-"));
    const channels = await startAccountChannels(APPID, SECRET);
    ({ smtp, sms, wechat } = channels);
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({
      ...options,
      dataDir,
      account: channels.config({ CAPTCHA: "off", DATA_DIR: dataDir }),
    });
    server = await serveRouter(backend.router);
  });

  afterAll(async () => {
    if (skip) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await backend?.close();
    await Promise.all([smtp?.close(), sms?.close(), wechat?.close()]);
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  type Call = { token?: string; body?: unknown; userAgent?: string; query?: Record<string, string> };

  async function call<T = unknown>(method: string, path: string, options: Call = {}): Promise<T> {
    const url = new URL(path, server.origin);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { "User-Agent": options.userAgent ?? CHROME_WINDOWS };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as { code: string; message: string; data: T };
    expect(envelope.code, `${method} ${path}: ${envelope.message}`).toBe("200");
    return envelope.data;
  }

  async function until<T>(read: () => T | undefined): Promise<T> {
    for (let attempt = 0; attempt < 250; attempt++) {
      const value = read();
      if (value !== undefined) return value;
      await wait(20);
    }
    throw new Error("等待验证码超时");
  }

  async function smsCode(phone: string, purpose: string): Promise<string> {
    const before = sms.messages.length;
    await call("POST", "/web/api/account/sendCode", { body: { account: phone, purpose } });
    return until(() => sms.messages.slice(before).find((m) => m.phone === phone && m.purpose === purpose)?.code);
  }

  async function register(): Promise<{ phone: string; token: string }> {
    const phone = `1390002${String(1000 + ++counter).slice(-4)}`;
    const code = await smsCode(phone, "register");
    const login = await call<{ token: string }>("POST", "/web/api/account/register/phone", {
      body: { phone, code, password: PASSWORD, confirmPassword: PASSWORD },
    });
    return { phone, token: login.token };
  }

  const notices = async (token: string) =>
    (await call<{ records: Notice[] }>("GET", "/api/v1/web/notifyList", { token, query: { size: "50" } })).records;
  const titles = async (token: string) => (await notices(token)).map((notice) => `${notice.type}:${notice.title}`);

  it.skipIf(skip)(
    "registration brings a welcome; a login from a new kind of device a security notice, once",
    async () => {
      const { phone, token } = await register();
      expect(await titles(token)).toEqual(["system:欢迎加入短视频字体"]);

      await call("POST", "/web/api/login", { body: { account: phone, password: PASSWORD } });
      expect(await titles(token)).toEqual(["system:欢迎加入短视频字体"]);

      await call("POST", "/web/api/login", { body: { account: phone, password: PASSWORD }, userAgent: SAFARI_IPHONE });
      const [newest] = await notices(token);
      expect(newest).toMatchObject({ type: "security", title: "新设备登录提醒", read: false });
      expect(newest!.content).toContain("Safari · iOS");

      const code = await smsCode(phone, "login");
      await call("POST", "/web/api/sms-login", { body: { phone, code }, userAgent: SAFARI_IPHONE });
      expect((await titles(token)).filter((title) => title === "security:新设备登录提醒")).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "a password change, an e-mail bound and unbound, a password reset each bring a security notice",
    async () => {
      const { phone, token } = await register();
      const newPassword = `${PASSWORD}!`;
      await call("PUT", "/web/api/account/update-account-pwd", {
        token,
        body: { oldPassword: PASSWORD, newPassword, confirmPassword: newPassword },
      });
      expect((await notices(token))[0]).toMatchObject({ type: "security", title: "登录密码已修改" });

      const email = `notices_${database.name}_${++counter}@example.com`.toLowerCase();
      const mailsBefore = smtp.mails.length;
      await call("POST", "/web/api/account/sendCode", { token, body: { account: email, purpose: "bind" } });
      const code = await until(
        () => smtp.mails.slice(mailsBefore).find((mail) => mail.to === email)?.code ?? undefined,
      );
      await call("PUT", "/web/api/account/bind-account", {
        token,
        body: { type: "email", account: email, code, currentPassword: newPassword },
      });
      expect((await notices(token))[0]).toMatchObject({ type: "security", title: "邮箱已绑定" });
      await call("PUT", "/web/api/account/unbind-account", {
        token,
        body: { type: "email", currentPassword: newPassword },
      });
      expect((await notices(token))[0]).toMatchObject({ type: "security", title: "邮箱已解绑" });

      const resetCode = await smsCode(phone, "reset");
      const { ticket } = await call<{ ticket: string }>("POST", "/web/api/account/rest-code-verify", {
        body: { account: phone, code: resetCode },
      });
      await call("PUT", "/web/api/account/rest-pwd", {
        body: { ticket, password: PASSWORD, confirmPassword: PASSWORD },
      });
      const { token: again } = await call<{ token: string }>("POST", "/web/api/login", {
        body: { account: phone, password: PASSWORD },
      });
      expect((await titles(again)).slice(0, 1)).toEqual(["security:登录密码已重置"]);
    },
  );

  it.skipIf(skip)(
    "WeChat: registering by scan brings a welcome; binding and unbinding WeChat a security notice each",
    async () => {
      const scanner = { openid: `notice-${database.name}`, nickname: "扫码者" };
      const { state } = await call<{ state: string }>("GET", "/web/api/wechat/qr-config");
      const scanned = await call<{ token: string }>("GET", "/web/api/wechat/callback", {
        query: { code: wechat.issueCode(scanner), state },
      });
      expect(await titles(scanned.token)).toEqual(["system:欢迎加入短视频字体"]);

      const { token } = await register();
      await call("POST", "/web/api/account/reauth", { token, body: { currentPassword: PASSWORD } });
      const forBinding = await call<{ state: string }>("GET", "/web/api/wechat/qr-config", { token });
      await call("GET", "/web/api/wechat/callback", {
        token,
        query: {
          code: wechat.issueCode({ openid: `bind-notice-${database.name}`, nickname: "绑定" }),
          state: forBinding.state,
        },
      });
      expect((await notices(token))[0]).toMatchObject({ type: "security", title: "微信已绑定" });
      await call("PUT", "/web/api/account/unbind-account", {
        token,
        body: { type: "wechat", currentPassword: PASSWORD },
      });
      expect((await notices(token))[0]).toMatchObject({ type: "security", title: "微信已解绑" });
    },
  );

  it.skipIf(skip)("the reply to a contact message reaches the user who left it signed in, not a visitor", async () => {
    const { token } = await register();
    const { id } = await call<{ id: number }>("POST", "/web/api/messageBoard/save", {
      token,
      body: { name: "留言者", phone: "13800138000", content: "请问这款字体可以商用吗？" },
    });
    expect(await replyToMessage(backend.db, id, "可以商用，详见授权说明。")).toMatchObject({ outcome: "sent" });
    const [reply] = await notices(token);
    expect(reply).toMatchObject({ type: "reply", title: "你的留言有了回复" });
    expect(reply!.content).toContain("可以商用，详见授权说明。");
    expect(reply!.content).toContain("请问这款字体可以商用吗？");

    const visitor = await call<{ id: number }>("POST", "/web/api/messageBoard/save", {
      body: { name: "访客", email: "visitor@example.com", content: "你好" },
    });
    expect(await replyToMessage(backend.db, visitor.id, "你好！")).toEqual({ outcome: "stored" });
    expect(await replyToMessage(backend.db, 2_000_000_000, "无")).toEqual({ outcome: "not-found" });
  });

  it.skipIf(skip)("the operators' command sends to one user, to everyone, and refuses what it cannot do", async () => {
    const first = await register();
    const second = await register();
    expect(
      await runNotifyCommand(backend.db, ["--user", first.phone, "--title", "维护通知", "--content", "今晚维护"]),
    ).toMatch(/已向用户 \d+ 发送系统通知/);
    expect((await notices(first.token))[0]).toMatchObject({ type: "system", title: "维护通知", content: "今晚维护" });
    expect(await titles(second.token)).not.toContain("system:维护通知");

    expect(await runNotifyCommand(backend.db, ["--all", "--title", "新字体上线", "--content", "快来看看"])).toMatch(
      /已向 \d+ 位用户发送系统通知/,
    );
    for (const { token } of [first, second]) expect((await titles(token))[0]).toBe("system:新字体上线");

    await expect(
      runNotifyCommand(backend.db, ["--user", "13000000000", "--title", "x", "--content", "y"]),
    ).rejects.toThrow(UsageError);
    await expect(runNotifyCommand(backend.db, ["--all", "--content", "没有标题"])).rejects.toThrow("缺少 --title");
    await expect(
      runNotifyCommand(backend.db, ["--all", "--user", "1", "--title", "a", "--content", "b"]),
    ).rejects.toThrow(UsageError);
  });
});

describe("npm run notify", () => {
  it("runs against the embedded database under DATA_DIR, as the server would open it", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "notify-cli-"));
    try {
      const { db, close } = await openDatabase({ kind: "pglite", directory: pgliteDirectory(dataDir) });
      await migrateToLatest(db);
      const users = db.withTables<{
        app_user: { id: number; phone: string; nickname: string; created_at: Date; updated_at: Date };
      }>();
      const { id: userId } = await users
        .insertInto("app_user")
        .values({ phone: "13800000001", nickname: "命令行", created_at: new Date(), updated_at: new Date() } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      const board = db.withTables<{ message_board: { id: number; name: string; content: string; user_id: number } }>();
      const { id: messageId } = await board
        .insertInto("message_board")
        .values({ name: "命令行", content: "想要更多字体", user_id: userId } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      await close();

      const run = (...args: string[]) =>
        spawnSync(process.execPath, ["--import", "tsx", "backend/notices/cli.ts", ...args], {
          cwd: path.resolve(import.meta.dirname, "../.."),
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" },
          encoding: "utf8",
        });
      const toUser = run("--user", "13800000001", "--title", "你好", "--content", "来自命令行");
      expect(toUser.stdout, toUser.stderr).toContain(`已向用户 ${userId} 发送系统通知`);
      expect(toUser.status).toBe(0);
      const reply = run("--reply", String(messageId), "--content", "已经在加了");
      expect(reply.stdout, reply.stderr).toContain(`已回复留言 ${messageId}，并通知用户 ${userId}`);
      const wrong = run("--everyone");
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain("用法");

      const reopened = await openDatabase({ kind: "pglite", directory: pgliteDirectory(dataDir) });
      try {
        const rows = await reopened.db
          .withTables<{ notice: { id: number; user_id: number; type: string; title: string } }>()
          .selectFrom("notice")
          .select(["type", "title"])
          .where("user_id", "=", userId)
          .orderBy("id")
          .execute();
        expect(rows).toEqual([
          { type: "system", title: "你好" },
          { type: "reply", title: "你的留言有了回复" },
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
