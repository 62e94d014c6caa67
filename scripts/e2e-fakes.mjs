// Real peers for the browser tests, on loopback: an SMTP server, an SMS gateway and WeChat's OAuth
// endpoints, plus an inbox the tests read the delivered codes from (GET /inbox/latest?to=…).
import http from "node:http";
import { SMTPServer } from "smtp-server";

/** @typedef {{ to: string; channel: "email" | "sms"; code: string | null; purpose?: string; body: string; at: number }} Message */

export async function startE2eFakes({ smtpPort, smsPort, wechatPort, inboxPort }) {
  /** @type {Message[]} */
  const messages = [];
  const codeIn = (text) => /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1] ?? null;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const body = readableBody(raw);
        for (const recipient of session.envelope.rcptTo) {
          messages.push({
            to: recipient.address.toLowerCase(),
            channel: "email",
            code: codeIn(body),
            body,
            at: Date.now(),
          });
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  const sms = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      try {
        const { phone, code, purpose } = JSON.parse(body);
        // A notice (e.g. "someone tried to register with your number") carries no code.
        const sent = code === undefined || code === null ? null : String(code);
        messages.push({ to: String(phone), channel: "sms", code: sent, purpose, body, at: Date.now() });
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((resolve) => sms.listen(smsPort, "127.0.0.1", resolve));

  // WeChat open platform: any code "wx-<name>" is a user called <name> with a stable unionid.
  const wechat = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (value) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (url.pathname === "/sns/oauth2/access_token") {
      const code = url.searchParams.get("code") ?? "";
      if (!code.startsWith("wx-")) return json({ errcode: 40029, errmsg: "invalid code" });
      const name = code.slice(3);
      return json({
        access_token: `at-${name}`,
        expires_in: 7200,
        refresh_token: `rt-${name}`,
        openid: `openid-${name}`,
        scope: "snsapi_login",
        unionid: `unionid-${name}`,
      });
    }
    if (url.pathname === "/sns/userinfo") {
      const name = (url.searchParams.get("access_token") ?? "").replace(/^at-/, "");
      return json({
        openid: `openid-${name}`,
        nickname: `微信用户${name}`,
        sex: 0,
        headimgurl: "",
        unionid: `unionid-${name}`,
      });
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => wechat.listen(wechatPort, "127.0.0.1", resolve));

  const inbox = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    const mine = messages.filter((message) => message.to === to);
    const answer = url.pathname === "/inbox/latest" ? (mine.at(-1) ?? null) : mine;
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(answer));
  });
  await new Promise((resolve) => inbox.listen(inboxPort, "127.0.0.1", resolve));

  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMS_GATEWAY_URL: `http://127.0.0.1:${smsPort}/send`,
      WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
      WECHAT_APPID: "wx-e2e-appid",
      WECHAT_SECRET: "wx-e2e-secret",
    },
    close: () =>
      Promise.all([smtp, sms, wechat, inbox].map((server) => new Promise((resolve) => server.close(resolve)))),
  };
}

/** The message text after the headers, with quoted-printable and base64 parts decoded. */
function readableBody(raw) {
  // MIME boundaries and part headers carry random digits too: keep only the parts' content.
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n")
    .split(/\r?\n/)
    .filter((line) => !line.startsWith("--") && !/^[A-Za-z-]+: /.test(line))
    .join("\n");
  const base64Blocks = body.match(/^[A-Za-z0-9+/]{16,}={0,2}(?:\r?\n[A-Za-z0-9+/]+={0,2})*$/gm) ?? [];
  const decoded = base64Blocks.map((block) => Buffer.from(block.replace(/\s+/g, ""), "base64").toString("utf8"));
  return [decodeQuotedPrintable(body), ...decoded].join("\n");
}

function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}
