import type { Outbox } from "../../mail/outbox.js";
import type { AnyDatabase } from "../../db/schema.js";
/**
 * Test-only helpers for the account suites: a real SMTP server, a real HTTP SMS gateway and a
 * fake WeChat OAuth server in the test process, a movable clock, and an HTTP client.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { SMTPServer } from "smtp-server";
import { accountNotices } from "../../notices/index.js";
import { createAccountRouter, readAccountConfig, type AccountConfig } from "../index.js";
import type { CodeDelivery } from "../../mail/index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely; the conformance test checks their shapes
export type Envelope<T = any> = { code: string; message: string; data: T };

export type ReceivedMail = { to: string; text: string; code: string | null };

function decodeQuotedPrintable(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unfolded[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A real SMTP server (smtp-server) that requires the credentials of SMTP_URL. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret") callback(null, { user: "mailer" });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const text = decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8"));
        const match = /验证码是\s*(?:<[^>]+>)?\s*(\d{6})/.exec(text);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(",");
        mails.push({ to, text, code: match ? match[1] : null });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = (server as unknown as { server: http.Server }).server.address() as AddressInfo;
  return {
    url: `smtp://mailer:s3cret@127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A code (`code`), or a notice to the owner (`notice` and the whole `text`, no code). */
export type SmsMessage = { phone: string; code?: string; purpose: string; notice?: string; text?: string };

/** A real HTTP listener playing the SMS gateway. */
export async function startSmsGateway(): Promise<{
  url: string;
  messages: SmsMessage[];
  failNext: { value: boolean };
  close(): Promise<void>;
}> {
  const messages: SmsMessage[] = [];
  const failNext = { value: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !String(req.headers["content-type"]).startsWith("application/json")) {
        res.writeHead(400).end();
        return;
      }
      if (failNext.value) {
        failNext.value = false;
        res.writeHead(500).end("gateway down");
        return;
      }
      messages.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as SmsMessage);
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/send`, messages, failNext, close: () => closeServer(server) };
}

export type WechatUser = { openid: string; unionid?: string; nickname: string };

/** Speaks WeChat's /sns/oauth2/access_token and /sns/userinfo for the codes it is told about. */
export async function startWechatServer(appid: string, secret: string) {
  const codes = new Map<string, WechatUser>();
  const tokens = new Map<string, WechatUser>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname + url.search);
    const reply = (body: unknown) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/sns/oauth2/access_token") {
      const user = codes.get(url.searchParams.get("code") ?? "");
      if (url.searchParams.get("appid") !== appid || url.searchParams.get("secret") !== secret) {
        return reply({ errcode: 40125, errmsg: "invalid appsecret" });
      }
      if (url.searchParams.get("grant_type") !== "authorization_code" || !user) {
        return reply({ errcode: 40029, errmsg: "invalid code" });
      }
      codes.delete(url.searchParams.get("code")!);
      const accessToken = `AT_${Math.random().toString(36).slice(2)}`;
      tokens.set(accessToken, user);
      return reply({
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: "RT",
        openid: user.openid,
        scope: "snsapi_login",
        unionid: user.unionid,
      });
    }
    if (url.pathname === "/sns/userinfo") {
      const user = tokens.get(url.searchParams.get("access_token") ?? "");
      if (!user || user.openid !== url.searchParams.get("openid"))
        return reply({ errcode: 40001, errmsg: "invalid credential" });
      return reply({
        openid: user.openid,
        nickname: user.nickname,
        sex: 1,
        province: "",
        city: "",
        country: "CN",
        headimgurl: "",
        privilege: [],
        unionid: user.unionid,
      });
    }
    res.writeHead(404).end();
  });
  const port = await listen(server);
  return {
    base: `http://127.0.0.1:${port}`,
    /** Registers a one-time authorization code for a WeChat user. */
    issueCode(user: WechatUser): string {
      const code = `wx${Math.random().toString(36).slice(2)}`;
      codes.set(code, user);
      return code;
    },
    requests,
    close: () => closeServer(server),
  };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Wall-clock time shifted by `advance`. */
export function movableClock() {
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  return {
    clock,
    advance(ms: number) {
      offset += ms;
    },
  };
}

export type TestApi = {
  origin: string;
  statuses: number[];
  close(): Promise<void>;
};

/** Serves the account router behind `trust proxy` so tests can speak from many client IPs. */
export async function serveAccounts(options: {
  db: AnyDatabase;
  config: AccountConfig;
  clock: () => Date;
  delivery?: CodeDelivery;
  outbox?: Outbox;
}): Promise<TestApi> {
  const app = express();
  app.set("trust proxy", true);
  const statuses: number[] = [];
  app.use((_req, res, next) => {
    res.on("finish", () => statuses.push(res.statusCode));
    next();
  });
  app.use(createAccountRouter({ ...options, events: accountNotices(options.db) }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, statuses, close: () => closeServer(server) };
}

export function testConfig(env: Record<string, string | undefined>): AccountConfig {
  return readAccountConfig({ NODE_ENV: "test", ...env });
}

/**
 * A fake mail server, SMS gateway and WeChat API (app `appid`) for one suite, and `config(env)`: the
 * account settings that send through all three, with `env` (the captcha, DATA_DIR) on top.
 */
export async function startAccountChannels(appid: string, secret: string) {
  const [smtp, sms, wechat] = await Promise.all([
    startSmtpServer(),
    startSmsGateway(),
    startWechatServer(appid, secret),
  ]);
  const config = (env: Record<string, string | undefined>) =>
    testConfig({
      SMTP_URL: smtp.url,
      SMTP_FROM: "短视频字体 <no-reply@example.com>",
      SMS_GATEWAY_URL: sms.url,
      WECHAT_APPID: appid,
      WECHAT_SECRET: secret,
      WECHAT_API_BASE: wechat.base,
      WECHAT_REDIRECT_URI: "https://fonts.example.com/account/wechat",
      ...env,
    });
  return { smtp, sms, wechat, config };
}

export type CallOptions = {
  token?: string;
  tokenHeader?: "authorization" | "token";
  ip?: string;
  headers?: Record<string, string>;
};

export function client(origin: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Envelope above
  return async function call<T = any>(method: string, path: string, body?: unknown, options: CallOptions = {}) {
    const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest", ...options.headers };
    if (options.ip) headers["X-Forwarded-For"] = options.ip;
    if (options.token) {
      if (options.tokenHeader === "token") headers.token = options.token;
      else headers.Authorization = `Bearer ${options.token}`;
    }
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers["Content-Type"] = "application/json; charset=utf-8";
      payload = JSON.stringify(body);
    }
    const response = await fetch(origin + path, { method, headers, body: payload });
    const type = response.headers.get("content-type") ?? "";
    const json = type.startsWith("application/json") ? ((await response.json()) as Envelope<T>) : null;
    return { status: response.status, body: json as Envelope<T>, headers: response.headers, response };
  };
}
