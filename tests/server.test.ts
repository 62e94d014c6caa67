import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readServerConfig } from "../backend/config.js";
import { readWebsiteConfig } from "../app/config.server.js";
import { stripHtmlSuffix } from "../app/utils/html-suffix.js";
import { DEFAULT_CONNECTION_TIMEOUTS, startServer, type RunningServer } from "../server.js";
import { seededDigits } from "../backend/captcha/test-answers.js";

describe("stripHtmlSuffix", () => {
  it.each([
    ["/font/12.html", "/font/12"],
    ["/font.html?layout=card", "/font?layout=card"],
    ["/index.html", "/"],
    ["/.html", "/"],
    ["/font/12", "/font/12"],
    ["/build/assets/x.html", "/build/assets/x.html"],
    ["/font?next=/a.html", "/font?next=/a.html"],
    ["/font/12.html#editor", "/font/12#editor"],
  ])("%s → %s", (input, expected) => {
    expect(stripHtmlSuffix(input)).toBe(expected);
  });
});

const ALLOWED_ORIGIN = "https://admin.example.com";
const EVIL_ORIGIN = "https://evil.example";
const LOGIN_FORM = "account=someone%40example.com&password=wrong-password";
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" };

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with any method, including those fetch() refuses to send (TRACE, CONNECT). */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on("connect", (response, socket, head) => {
      socket.destroy();
      resolve({ status: response.statusCode!, headers: response.headers, body: head.toString("utf8") });
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Opens a connection, writes `start`, then `drip` one byte every `everyMs` until the server closes
 * the connection (or 10 s have passed). Answers what the server sent and how long the connection lasted.
 */
function slowClient(url: string, start: string, drip: string, everyMs: number) {
  const { hostname, port } = new URL(url);
  return new Promise<{ received: string; openMs: number }>((resolve) => {
    const openedAt = Date.now();
    let received = "";
    let sent = 0;
    const socket = net.connect(Number(port), hostname, () => socket.write(start));
    const timer = setInterval(() => {
      if (drip && socket.writable) socket.write(drip[sent++ % drip.length]!);
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), 10_000);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, openMs: Date.now() - openedAt });
    });
  });
}

/** Makes the no-JavaScript captcha pictures of the servers started here answerable (NODE_ENV=test only). */
const CAPTCHA_SEED = "server-test-seed";

const TTF = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(4096, 3)]);
const BOUNDARY = "----uploadtest";

/** A 投稿 form as a browser posts it without JavaScript. */
function submissionForm(file: { name: string; bytes: Buffer }, title = "秋日手写体"): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field("title", title) +
        field("kind", "字体") +
        field("description", "一套圆润的手写体，SIL OFL 授权。") +
        field("contact", "author@example.com") +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: font/ttf\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/**
 * Posts `body` to `target` in `pieces` pieces, `everyMs` apart, or only its first piece when
 * `stallAfterFirst`. Answers the status and page, or how long the connection stayed open when the
 * server closed it without an answer.
 */
function postInPieces(
  url: string,
  body: Buffer,
  options: { pieces: number; everyMs: number; stallAfterFirst?: boolean; path?: string; contentType?: string },
): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders } | { droppedAfterMs: number }> {
  return new Promise((resolve) => {
    const openedAt = Date.now();
    const request = http.request(`${url}${options.path ?? "/submit"}`, {
      method: "POST",
      headers: {
        "Content-Type": options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(body.length),
        Origin: url,
        Accept: "text/html",
      },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, text, headers: response.headers }));
    });
    request.on("error", () => resolve({ droppedAfterMs: Date.now() - openedAt }));
    const size = Math.ceil(body.length / options.pieces);
    let sent = 0;
    const sendNext = () => {
      if (request.destroyed) return;
      const piece = body.subarray(sent, sent + size);
      sent += piece.length;
      if (sent >= body.length) request.end(piece);
      else {
        request.write(piece);
        if (!options.stallAfterFirst) setTimeout(sendNext, options.everyMs);
      }
    };
    sendNext();
  });
}

describe("server.ts on the embedded defaults", () => {
  let server: RunningServer;
  let dataDir: string;
  const previousSeed = process.env.CAPTCHA_TEST_SEED;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-server-"));
    process.env.CAPTCHA_TEST_SEED = CAPTCHA_SEED;
    server = await startServer(
      // One upload at a time, so the test of the cap needs only two.
      readServerConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", UPLOADS_IN_FLIGHT: "1" }),
      {
        website: readWebsiteConfig({ NODE_ENV: "test", ALLOWED_ORIGINS: ALLOWED_ORIGIN }),
        // Short, so the slow-client tests take seconds; the defaults are checked on their own.
        connectionTimeouts: { headersMs: 1_000, bodyIdleMs: 300, requestMs: 2_000, keepAliveMs: 5_000 },
      },
    );
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (previousSeed === undefined) delete process.env.CAPTCHA_TEST_SEED;
    else process.env.CAPTCHA_TEST_SEED = previousSeed;
  });

  it("answers the health check", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves a page route with and without the .html suffix", async () => {
    const plain = await fetch(`${server.url}/font/10001`);
    const suffixed = await fetch(`${server.url}/font/10001.html`);
    expect(plain.status).toBe(200);
    expect(suffixed.status).toBe(200);
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title(await suffixed.text())).toBe(title(await plain.text()));
  });

  it("keeps the font page for visitors without cookies and still counts every visit as a view", async () => {
    const views = async () => {
      const answer = await fetch(`${server.url}/api/v1/web/search/fontInformation/10002`);
      return ((await answer.json()) as { data: { views: number } }).data.views;
    };
    const before = await views();
    const answers = [];
    for (let visit = 0; visit < 4; visit++) {
      const answer = await fetch(`${server.url}/font/10002`);
      expect(await answer.text()).toContain("</html>");
      answers.push(answer);
    }
    // Kept the second time it is asked for.
    expect(answers.map((answer) => answer.headers.get("x-page-cache"))).toEqual([null, null, "hit", "hit"]);
    for (const answer of answers) {
      expect(answer.headers.has("x-anonymous-page-cache-font-visit")).toBe(false);
      expect(answer.headers.has("x-anonymous-page-cache-seconds")).toBe(false);
    }
    // The views of kept answers are reported in process about a second later.
    await expect.poll(views, { timeout: 5_000 }).toBe(before + 4);

    // A visitor with a cookie gets the page put together for them from its template, and it counts too.
    const withCookie = await fetch(`${server.url}/font/10002`, { headers: { cookie: "compare-fonts=10001" } });
    expect(withCookie.headers.get("x-page-cache")).toBe("template");
    expect(withCookie.headers.has("x-anonymous-page-cache-font-visit")).toBe(false);
    await expect.poll(views, { timeout: 5_000 }).toBe(before + 5);
  });

  it("adds a font's views only when its page is opened", async () => {
    const views = async () =>
      (
        (await (await fetch(`${server.url}/api/v1/web/search/fontInformation/10003`)).json()) as {
          data: { views: number };
        }
      ).data.views;
    const before = await views();
    for (const target of ["/font/10003", "/font/10003/view"]) {
      const posted = await fetch(`${server.url}${target}`, { method: "POST", headers: { origin: server.url } });
      expect(posted.status, target).toBe(405);
    }
    expect((await fetch(`${server.url}/font/10003/view`)).status).toBe(404);
    expect(await views()).toBe(before);
  });

  it("sends security headers and compresses", async () => {
    const response = await fetch(`${server.url}/font`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Not no-referrer: with it Chromium posts forms with Origin: null and Remix refuses every no-JS action.
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers the previews' subsets and files with headers of their own, ahead of the pages' middleware", async () => {
    const made = await fetch(`${server.url}/webfont/http`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "gzip" },
      body: JSON.stringify([{ gno: "10001", text: "标题".repeat(200) }]),
    });
    const { data } = (await made.json()) as { data: Array<{ woffPath: string }> };
    const file = await fetch(`${server.url}${data[0]!.woffPath}`);
    expect(file.headers.get("content-type")).toBe("font/woff");
    expect(file.headers.get("cache-control")).toContain("immutable");
    for (const answer of [made, file]) {
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    }
    // Those two were answered before Express; the same requests in forms only its routes take (a
    // streamed body, a conditional GET) are answered with the same headers.
    const byRoute = await fetch(`${server.url}/webfont/http`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([JSON.stringify([{ gno: "10001", text: "标题".repeat(200) }])]).stream(),
      duplex: "half",
    } as RequestInit);
    const fileByRoute = await fetch(`${server.url}${data[0]!.woffPath}`, { headers: { "if-none-match": '"other"' } });
    const perAnswer = new Set(["date", "content-length", "transfer-encoding", "keep-alive", "connection"]);
    const headersOf = (answer: Response) => [...answer.headers].filter(([name]) => !perAnswer.has(name));
    expect(headersOf(made)).toEqual(headersOf(byRoute));
    expect(headersOf(file)).toEqual(headersOf(fileByRoute));
    expect(await byRoute.json()).toEqual({ code: "200", message: "success", data });
  });

  it("drops a subset request whose body stops arriving", async () => {
    const body = Buffer.from(JSON.stringify([{ gno: "10001", text: "停住" }]));
    const stalled = await postInPieces(server.url, body, {
      pieces: 2,
      everyMs: 0,
      stallAfterFirst: true,
      path: "/webfont/http",
      contentType: "application/json",
    });
    // Dropped once the body has been silent for bodyIdleMs (300 ms), well before the request's whole bound (2 s).
    expect(stalled).toEqual({ droppedAfterMs: expect.any(Number) });
    expect((stalled as { droppedAfterMs: number }).droppedAfterMs).toBeLessThan(1_500);
  });

  it("compresses rendered pages with Brotli in a 256 KB window", async () => {
    const answer = await new Promise<{ encoding?: string; firstByte: number }>((resolve, reject) => {
      http
        .get(`${server.url}/agreement/font`, { headers: { "accept-encoding": "br" } }, (res) => {
          res.once("data", (chunk: Buffer) => {
            resolve({ encoding: res.headers["content-encoding"], firstByte: chunk[0]! });
            res.destroy();
          });
        })
        .on("error", reject);
    });
    expect(answer.encoding).toBe("br");
    // The stream header's first bits give the window a decoder must hold: 1 then 001 is 2^18 bytes.
    expect(answer.firstByte & 0x0f).toBe(0b0011);
  });

  it("caches fingerprinted assets for a year", async () => {
    const asset = readdirSync(path.resolve("build/client/assets")).find((file) => file.endsWith(".css"));
    const response = await fetch(`${server.url}/build/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("answers Remix's .data request for a download with 404 before making it, and fetchers' routes as data", async () => {
    // Served as files at their own addresses...
    const zip = await fetch(`${server.url}/resources/album-zip/1`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    await zip.body?.cancel();
    // ...but as .data Remix would read the whole file into a string and encode it again.
    for (const target of ["/resources/album-zip/1.data", "/font/10001/download.data", "/pdf/compare.data?gno=10001"]) {
      const answer = await fetch(`${server.url}${target}`);
      expect(answer.status, target).toBe(404);
      const body = await answer.text();
      expect(body, target).toContain("这个地址没有数据");
      expect(body.length, target).toBeLessThan(10_000);
    }
    const suggestions = await fetch(`${server.url}/resources/search-suggest.data?keyword=${encodeURIComponent("黑")}`);
    expect(suggestions.status).toBe(200);
    expect(suggestions.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(await suggestions.text()).toContain("黑");
    const challenge = await fetch(`${server.url}/resources/captcha.data`);
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain("data:image/");
  });

  it("answers unknown API paths with the JSON not-found envelope and unknown pages with 404", async () => {
    const api = await fetch(`${server.url}/web/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe("404");
    for (const path of ["/no/such/page", "/font/%E0%A4%A"]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("This page could not be found");
    }
  });

  describe("the local outbox, with neither SMTP_URL nor SMS_GATEWAY_URL", () => {
    /** A visitor elsewhere, as a proxy on this machine (trusted by the default TRUST_PROXY) reports them. */
    const REMOTE = { "X-Forwarded-For": "203.0.113.5" };
    const email = "outbox-newcomer@example.com";
    const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { ...FORM_TYPE, ...headers },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });

    it("is where a visitor on this machine finds the code, with the captcha on and no JavaScript, and registers with it", async () => {
      expect(server.outboxUrl).toBe(`${server.url}/outbox`);
      const page = "/account/register?by=email";
      const asked = await (await postForm(page, { email, intent: "send-code" })).text();
      const token = /name="captchaToken" value="([^"]+)"/.exec(asked)?.[1];
      expect(token, "the digits picture is shown first").toBeTruthy();
      const answer = seededDigits(CAPTCHA_SEED, token!, 4);
      const sent = await (await postForm(page, { email, captchaToken: token!, answer })).text();
      expect(sent).toContain(`发给 ${email} 的验证码已放入本机收件箱`);
      expect(sent).toMatch(/<a href="\/outbox" target="_blank" rel="noopener">打开收件箱<\/a>/);

      for (const path of ["/outbox", "/outbox.html"]) {
        const outbox = await fetch(`${server.url}${path}`);
        expect(outbox.status).toBe(200);
        expect(outbox.headers.get("cache-control")).toBe("no-store");
        expect(await outbox.text()).toContain(email);
      }
      const html = await (await fetch(`${server.url}/outbox`)).text();
      const row = html.slice(html.indexOf('data-testid="outbox-entry"'));
      expect(row).toContain("邮件");
      expect(row).toContain("注册账号");
      const code = /outbox-page__code">(\d{6})</.exec(row)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const password = "Outbox-newcomer-1";
      const registered = await postForm(page, {
        email,
        code: code!,
        password,
        confirmPassword: password,
        agree: "on",
        redirect: "/",
      });
      expect(registered.status).toBe(302);
      expect(registered.headers.getSetCookie().some((cookie) => /^token=[^;]+/.test(cookie))).toBe(true);
    });

    it("is a 404 for anyone else, who is told instead which service is missing", async () => {
      for (const path of ["/outbox", "/outbox.html", "/outbox.data", "/web/api/account/outbox"]) {
        const outbox = await fetch(`${server.url}${path}`, { headers: REMOTE });
        expect(outbox.status, path).toBe(404);
        expect(await outbox.text()).not.toContain("outbox-newcomer");
      }
      // Nor to this machine under another site's name (DNS rebinding to 127.0.0.1).
      for (const path of ["/outbox", "/web/api/account/outbox"]) {
        const rebound = await rawRequest(`${server.url}${path}`, "GET", { Host: "evil.example" });
        expect(rebound.status, path).toBe(404);
        expect(rebound.body).not.toContain("outbox-newcomer");
      }

      for (const [account, message] of [
        ["outbox-remote@example.com", "邮件服务未配置，暂时无法发送邮箱验证码"],
        ["13912345678", "短信服务未配置，暂时无法发送手机验证码"],
      ]) {
        const answer = await postForm("/resources/send-code", { account, purpose: "register" }, REMOTE);
        expect(await answer.json()).toEqual({ status: "error", account, message });
      }
      const page = await postForm("/account/register?by=phone", { phone: "13912345678", intent: "send-code" }, REMOTE);
      expect(await page.text()).toContain("短信服务未配置，暂时无法发送手机验证码");
    });
  });

  describe("where state-changing requests come from", () => {
    const loginData = "/account/login?_data=routes%2F_default%2B%2Faccount%2B%2Flogin";

    it.each([
      ["a ?_data= request", loginData],
      ["a single-fetch .data request", "/account/login.data"],
      ["a no-JS form post", "/account/login"],
      ["a resource route", "/resources/send-code"],
      ["logout", "/account/logout"],
      ["a signed-in visitor's profile change", "/user/profile"],
      ["a compare-list change", "/resources/compare"],
    ])("refuses %s from another site or Origin: null with 403", async (_label, target) => {
      const crossSite: Array<Record<string, string>> = [
        { Origin: EVIL_ORIGIN },
        { Origin: "null" },
        { Origin: EVIL_ORIGIN, "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "cross-site" },
        { Referer: `${EVIL_ORIGIN}/csrf.html` },
      ];
      for (const headers of crossSite) {
        const response = await fetch(`${server.url}${target}`, {
          method: "POST",
          headers: { ...FORM_TYPE, ...headers, Cookie: "token=victim" },
          body: LOGIN_FORM,
          redirect: "manual",
        });
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.headers.get("set-cookie"), "nothing happened").toBeNull();
        expect(await response.text()).toContain("跨站请求已被拒绝");
      }
    });

    it("answers a refused page with a Chinese page and a refused data request with JSON", async () => {
      const page = await fetch(`${server.url}/account/login`, {
        method: "POST",
        headers: { ...FORM_TYPE, Origin: EVIL_ORIGIN, Accept: "text/html" },
        body: LOGIN_FORM,
      });
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("<h1>跨站请求已被拒绝</h1>");
      const data = await fetch(`${server.url}/account/login.data`, {
        method: "POST",
        headers: { ...FORM_TYPE, Origin: EVIL_ORIGIN },
        body: LOGIN_FORM,
      });
      expect(await data.json()).toEqual({ code: "403", message: "跨站请求已被拒绝", data: null });
    });

    it.each([
      ["this server's own origin", () => ({ Origin: new URL(server.url).origin })],
      [
        "this server's own origin, by Sec-Fetch-Site",
        () => ({ Origin: new URL(server.url).origin, "Sec-Fetch-Site": "same-origin" }),
      ],
      ["a sibling subdomain", () => ({ Origin: "https://m.example.com", "Sec-Fetch-Site": "same-site" })],
      ["an ALLOWED_ORIGINS page", () => ({ Origin: ALLOWED_ORIGIN, "Sec-Fetch-Site": "cross-site" })],
      [
        "the public origin a trusted proxy forwards",
        () => ({
          Origin: "https://www.example.com",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "www.example.com",
        }),
      ],
      ["a page of this site, by its Referer alone", () => ({ Referer: `${server.url}/account/login` })],
      [
        "a client that sends none of Origin, Sec-Fetch-Site and Referer (curl, scripts)",
        () => ({ Cookie: "token=own" }),
      ],
    ])("lets %s post, to the action itself", async (_label, headers) => {
      const post = (target: string) =>
        fetch(`${server.url}${target}`, {
          method: "POST",
          headers: { ...FORM_TYPE, ...headers() },
          body: "account=&password=",
        });
      const data = await post("/account/login.data");
      expect(data.status).toBe(200);
      // The action ran: it checked the (empty) form and answered its field errors.
      expect(await data.text()).toContain("fieldErrors");
      // Remix answers an action's data() with an empty body on this deprecated path.
      expect((await post(loginData)).status).toBe(200);
    });

    it("leaves the API to its own checks: it reads the token from a header a cross-site form cannot set", async () => {
      const response = await fetch(`${server.url}/web/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: EVIL_ORIGIN, "Sec-Fetch-Site": "cross-site" },
        body: JSON.stringify({ account: "nobody@example.com", password: "wrong-password" }),
      });
      expect(response.status).not.toBe(403);
      expect((await response.json()).code).not.toBe("403");
    });
  });

  describe("request targets no URL can be made of", () => {
    it.each([
      ["a Host port out of range", { Host: "evil.example:99999" }],
      ["a forwarded host port out of range", { "X-Forwarded-Host": "evil.example:99999" }],
      ["a forwarded scheme that is not http(s)", { "X-Forwarded-Proto": "gopher" }],
    ])("answer %s with 400, never a 500", async (_label, headers) => {
      for (const target of ["/font", "/account/login"]) {
        const answer = await rawRequest(`${server.url}${target}`, target === "/font" ? "GET" : "POST", headers);
        expect(answer.status, target).toBe(400);
        expect(answer.body).toContain("请求的主机名或协议无效");
      }
    });
  });

  describe("methods", () => {
    it.each(["TRACE", "PROPFIND", "PURGE"])(
      "answers %s with 405, Allow and a Chinese page, never a 500",
      async (method) => {
        const page = await rawRequest(`${server.url}/`, method);
        expect(page.status).toBe(405);
        expect(page.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        expect(page.body).toContain(`不支持 ${method} 请求`);
        const api = await rawRequest(`${server.url}/web/api/font/getFontList`, method);
        expect(api.status).toBe(405);
        expect(JSON.parse(api.body)).toEqual({ code: "405", message: `不支持 ${method} 请求`, data: null });
        // The preview endpoints, mounted ahead of the rest, refuse other methods in the same envelope.
        const subset = await rawRequest(`${server.url}/webfont/http`, method);
        expect(subset.status).toBe(405);
        expect(JSON.parse(subset.body)).toEqual({
          code: "405",
          message: `该接口不支持 ${method} 请求（可用：POST、OPTIONS）`,
          data: null,
        });
      },
    );

    it("answers CONNECT, which never reaches Express, with 405 too", async () => {
      const answer = await rawRequest(`${server.url}/`, "CONNECT");
      expect(answer.status).toBe(405);
      expect(answer.body).toContain("不支持 CONNECT 请求");
    });

    it("answers a method the HTTP parser does not know (TRACK) with 405", async () => {
      const { received } = await slowClient(server.url, "TRACK / HTTP/1.1\r\nHost: x\r\n\r\n", "", 1_000);
      expect(received).toMatch(/^HTTP\/1\.1 405 /);
      expect(received).toContain("不支持该请求方法");
    });

    it("answers a post to a page without an action with 405 in Chinese, one log line and no framework text", async () => {
      const errors = vi.spyOn(console, "error");
      const warnings = vi.spyOn(console, "warn");
      try {
        const post = (target: string, headers: Record<string, string> = {}) =>
          fetch(`${server.url}${target}`, { method: "POST", headers: { ...FORM_TYPE, ...headers }, body: "a=b" });
        // The news list has no action (the font list's takes a subtitle file).
        const page = await post("/news", { Accept: "text/html" });
        const data = await post("/news.data");
        const legacyData = await post("/news?_data=routes%2F_default%2B%2Fnews%2B%2F_index");
        for (const answer of [page, data, legacyData]) {
          expect(answer.status).toBe(405);
          const body = await answer.text();
          expect(body).toContain("不支持 POST 请求");
          expect(body).not.toMatch(/You made|did not provide|Unexpected Server Error/);
        }
        expect(errors).not.toHaveBeenCalled();
        const logged = warnings.mock.calls.map((call) => call.map(String).join(" "));
        expect(logged).toHaveLength(3);
        for (const line of logged) expect(line).toMatch(/^405 POST \/news: 不支持 POST 请求$/);
      } finally {
        errors.mockRestore();
        warnings.mockRestore();
      }
    });

    it("answers a subtitle file posted to the font list with a redirect to the list's address; anything else with a Chinese 400", async () => {
      const form = new FormData();
      form.set("subtitle", new File(["1\n00:00:01,000 --> 00:00:02,000\n生僻字龘\n"], "片头.srt"));
      const posted = await fetch(`${server.url}/font?index&text=%E9%BE%98&sort=new`, {
        method: "POST",
        body: form,
        redirect: "manual",
      });
      expect(posted.status).toBe(303);
      const location = new URL(posted.headers.get("location")!, server.url);
      expect(location.pathname).toBe("/font");
      expect(location.searchParams.get("fonts")).toMatch(/^\d+(\.\d+)*$/);
      expect(location.searchParams.get("subtitle")).toBe("片头.srt");
      expect([location.searchParams.get("text"), location.searchParams.get("sort")]).toEqual(["龘", "new"]);

      for (const [body, type] of [
        ["a=b", FORM_TYPE["Content-Type"]],
        ["{}", "application/json"],
      ] as const) {
        const refused = await fetch(`${server.url}/font?index`, {
          method: "POST",
          headers: { "Content-Type": type },
          body,
        });
        expect(refused.status, type).toBe(400);
        expect(await refused.text()).toMatch(/请选择一个字幕文件|表单数据无效/);
        // An old client's data request to the same action: never a 5xx either.
        const legacy = await fetch(`${server.url}/font?_data=routes%2F_font%2B%2Ffont%2B%2F_index`, {
          method: "POST",
          headers: { "Content-Type": type },
          body,
        });
        expect(legacy.status, type).toBeLessThan(500);
      }
    });

    it("answers an old client's data request for a route the address does not match in Chinese", async () => {
      const answer = await fetch(`${server.url}/font?_data=routes%2Fno-such-route`);
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual({ code: "403", message: "用户得到授权，但是访问是被禁止的", data: null });
    });

    it("answers OPTIONS on a page with 204 and the methods pages take", async () => {
      const response = await fetch(`${server.url}/font`, { method: "OPTIONS" });
      expect(response.status).toBe(204);
      expect(response.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    });
  });

  describe("Content-Security-Policy", () => {
    const directivesOf = (header: string | null) =>
      Object.fromEntries(
        (header ?? "").split(";").map((part) => {
          const [name, ...values] = part.trim().split(/\s+/);
          return [name, values];
        }),
      );

    it("is enforced on pages with a fresh nonce that every inline script and style carries", async () => {
      const [first, second] = await Promise.all([fetch(`${server.url}/font`), fetch(`${server.url}/font`)]);
      const policy = directivesOf(first.headers.get("content-security-policy"));
      const nonce = /'nonce-([^']+)'/.exec(policy["script-src"]?.join(" ") ?? "")?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(second.headers.get("content-security-policy")).not.toContain(nonce);
      expect(first.headers.get("content-security-policy-report-only")).toBeNull();

      expect(policy["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy["style-src-elem"]).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy["default-src"]).toEqual(["'self'"]);
      expect(policy["object-src"]).toEqual(["'none'"]);
      expect(policy["base-uri"]).toEqual(["'none'"]);
      expect(policy["frame-ancestors"]).toEqual(["'self'"]);
      expect(policy["form-action"]).toEqual(["'self'"]);
      // WeChat login is not configured here: no frame may load.
      expect(policy["frame-src"]).toEqual(["'none'"]);
      // Plain HTTP (COOKIE_SECURE off): nothing to upgrade to.
      expect(policy).not.toHaveProperty("upgrade-insecure-requests");

      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      const styles = html.match(/<style\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      expect(styles.length, "the font previews' @font-face rules").toBeGreaterThan(0);
      for (const tag of [...scripts, ...styles]) expect(tag).toContain(`nonce="${nonce}"`);
      await second.text();
    });

    it.each(["/", "/font", "/account/login", "/account/register", "/no/such/page"])(
      "%s has no inline event handler or javascript: URL",
      async (page) => {
        const html = await (await fetch(`${server.url}${page}`)).text();
        expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
        expect(html).not.toMatch(/(?:href|src|action)\s*=\s*["']?\s*javascript:/i);
      },
    );
  });

  describe("slow clients", () => {
    it("drops connections within 10–20 s by default, and uploads that stop moving for 20 s", () => {
      expect(DEFAULT_CONNECTION_TIMEOUTS.headersMs).toBeGreaterThanOrEqual(10_000);
      expect(DEFAULT_CONNECTION_TIMEOUTS.headersMs).toBeLessThanOrEqual(20_000);
      expect(DEFAULT_CONNECTION_TIMEOUTS.bodyIdleMs).toBeLessThanOrEqual(20_000);
      // Three 20 MB files at 100 KB/s, the slowest line an upload is meant for.
      expect(DEFAULT_CONNECTION_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(((60 * 1024) / 100) * 1000);
    });

    it("closes a connection whose headers arrive a byte at a time once the header timeout passes", async () => {
      const { received, openMs } = await slowClient(
        server.url,
        "GET / HTTP/1.1\r\nHost: x\r\n",
        "X-Slow: aaaaaaaa\r\n",
        100,
      );
      expect(openMs).toBeLessThan(1_000 + 1_500);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toContain("请求超时");
    });

    it("closes a connection whose body keeps trickling once the whole-request bound passes", async () => {
      const head = [
        "POST /account/login HTTP/1.1",
        "Host: x",
        "Content-Type: application/x-www-form-urlencoded",
        "Content-Length: 100000",
        "",
        "",
      ].join("\r\n");
      const { openMs } = await slowClient(server.url, head, "a", 100);
      expect(openMs).toBeLessThan(2_000 + 1_500);
    });

    it("keeps a keep-alive connection usable after an answer that did not read a large body", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const send = (method: string, target: string, body?: Buffer) =>
        new Promise<{ status: number }>((resolve, reject) => {
          let status = 0;
          const request = http.request(
            `${server.url}${target}`,
            { method, agent, headers: body ? { ...FORM_TYPE, "Content-Length": String(body.length) } : {} },
            (response) => {
              status = response.statusCode!;
              response.resume();
            },
          );
          // Settled once the exchange is over and the connection is back with the agent.
          request.on("close", () => resolve({ status }));
          request.on("error", reject);
          request.end(body);
        });
      try {
        const huge = Buffer.from(`password=${"a".repeat(2 * 1024 * 1024)}`);
        // Logout answers without reading its body; a refused method answers before anything reads it.
        for (const [method, target] of [
          ["POST", "/account/logout"],
          ["PROPFIND", "/font"],
        ] as const) {
          const first = await send(method, target, huge);
          expect(first.status, `${method} ${target}`).toBeLessThan(500);
          const startedAt = Date.now();
          const next = await send("GET", "/healthz");
          expect(next.status, `the request after ${method} ${target}`).toBe(200);
          // Answered at once on the same connection, which was not left stuck behind the unread body.
          expect(Date.now() - startedAt).toBeLessThan(1_000);
        }
      } finally {
        agent.destroy();
      }
    });

    it("still serves an ordinary request after the slow ones", async () => {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });

  describe("uploads", () => {
    it("refuses a file over the limit as it arrives, beside its field with the form kept, and stays up", async () => {
      const tooLarge = Buffer.concat([TTF, Buffer.alloc(24 * 1024 * 1024)]);
      const answer = await postInPieces(server.url, submissionForm({ name: "太大了.ttf", bytes: tooLarge }), {
        pieces: 1,
        everyMs: 0,
      });
      expect(answer).toMatchObject({ status: 400 });
      const { text } = answer as { text: string };
      expect(text).toContain("「太大了.ttf」太大：单个文件不能超过 20MB（请重新选择文件）");
      expect(text).toContain('value="秋日手写体"');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });

    it("takes an upload that keeps moving for longer than the idle limit", async () => {
      // Ten pieces 120 ms apart: 1.1 s in all, each gap well within the 300 ms idle limit.
      const answer = await postInPieces(server.url, submissionForm({ name: "手写体.ttf", bytes: TTF }), {
        pieces: 10,
        everyMs: 120,
      });
      expect(answer).toMatchObject({ status: 200 });
      expect((answer as { text: string }).text).toContain("投稿已收到，谢谢你！");
    });

    it("answers an upload beyond the cap at once with 503, and drops one that stalls", async () => {
      const startedAt = Date.now();
      const stalled = postInPieces(server.url, submissionForm({ name: "停住了.ttf", bytes: TTF }), {
        pieces: 4,
        everyMs: 0,
        stallAfterFirst: true,
      });
      // The stalled upload holds the only slot until it is dropped.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = await fetch(`${server.url}/submit`, {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Origin: server.url },
        body: new Uint8Array(submissionForm({ name: "第二个.ttf", bytes: TTF })),
      });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("正在上传的人太多，请稍等片刻再提交");
      expect(Date.now() - startedAt).toBeLessThan(300);

      const dropped = await stalled;
      expect(dropped).toHaveProperty("droppedAfterMs");
      expect((dropped as { droppedAfterMs: number }).droppedAfterMs).toBeLessThan(300 + 1_000);
      // The slot is free again.
      const next = await postInPieces(server.url, submissionForm({ name: "a.ttf", bytes: TTF }, ""), {
        pieces: 1,
        everyMs: 0,
      });
      expect(next).toMatchObject({ status: 400 });
      expect((next as { text: string }).text).toContain("请填写投稿标题");
    });
  });
});
