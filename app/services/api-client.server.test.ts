import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { defineEndpoint } from "@contract/endpoint";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getToast } from "~/utils/toast.server";
import { HTTP_STATUS_MESSAGES } from "~/utils/api-errors";
import { inProcessFetch } from "../../server/in-process-fetch";
import {
  ApiError,
  CONTRACT_BREACH_MESSAGE,
  buildApiUrl,
  callApi,
  forgetPublicAnswers,
  publicLifetime,
} from "./api-client.server";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

let server: Server;
let origin: string;
let lastSeen: Seen | null = null;
let answersCounted = 0;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json;charset=UTF-8" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** The test backend: reached over HTTP, or in process as server.ts does with the embedded one. */
function testBackend(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = Buffer.concat(chunks).toString("utf8");
    lastSeen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
    const status = url.pathname.match(/^\/status\/(\d+)$/);
    if (status) {
      const n = Number(status[1]);
      return reply(res, n, { code: String(n), message: url.searchParams.get("message") ?? "", data: null });
    }
    switch (url.pathname) {
      case "/greeting":
        return reply(res, 200, {
          code: "200",
          message: "success",
          data: { hello: "世界", query: Object.fromEntries(url.searchParams) },
        });
      case "/greeting/broken":
        return reply(res, 200, { code: "200", message: "success", data: { hello: 42 } });
      case "/numeric-code":
        return reply(res, 200, { code: 200, message: "success", data: { hello: "世界" } });
      case "/business":
        return reply(res, 200, { code: "A0001", message: "验证码错误", data: null });
      case "/expired":
        return reply(res, 200, { code: "S00106", message: "登录已过期，请重新登录", data: null });
      case "/expired-401":
        return reply(res, 401, { code: "S00106", message: "登录已过期，请重新登录", data: null });
      case "/not-json":
        res.writeHead(500, { "Content-Type": "text/html" });
        return res.end("<h1>boom</h1>");
      case "/echo":
        return reply(res, 200, { code: "200", message: "success", data: { method: req.method, body } });
      case "/counted": {
        // Each answer is numbered, so a caller can tell a kept answer from a new one.
        const cacheControl = url.searchParams.get("cacheControl");
        res.setHeader("Cache-Control", cacheControl ?? "no-store");
        answersCounted += 1;
        return reply(res, 200, { code: "200", message: "success", data: { hello: `第 ${answersCounted} 次` } });
      }
      case "/silent":
        return;
      case "/slow":
        setTimeout(() => reply(res, 200, { code: "200", message: "success", data: { hello: "late" } }), 500);
        return;
      default:
        return reply(res, 404, { code: "404", message: "字体不存在", data: null });
    }
  });
}

/** How the calls of a suite reach the test backend. */
type Transport = "over HTTP" | "in process";
let transport: Transport = "over HTTP";
const inProcessBackend = inProcessFetch(testBackend);

beforeAll(async () => {
  server = createServer(testBackend);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const greetingSchema = z.object({ hello: z.string(), query: z.record(z.string()).optional() });

/** Endpoints of the test server, described the way the contract describes the real ones. */
function getEndpoint(path: string, auth: "none" | "optional" | "required" = "optional") {
  return defineEndpoint({
    method: "GET",
    path,
    query: z.object({
      a: z.string().optional(),
      b: z.string().optional(),
      d: z.array(z.string()).optional(),
      message: z.string().optional(),
    }),
    data: greetingSchema,
    auth,
  });
}
const getGreeting = getEndpoint("/greeting");
const echo = (method: "POST" | "PUT" | "DELETE", bodyEncoding: "json" | "multipart" = "json") =>
  defineEndpoint({
    method,
    path: "/echo",
    body: z.object({ text: z.string().optional(), nickname: z.string().optional() }),
    bodyEncoding,
    data: z.object({ method: z.string(), body: z.string() }),
    auth: "required",
  });

/** A page request (with a cookie) on a server whose backend listens at `at`. */
function caller(cookie?: string, at = origin, headers: Record<string, string> = {}) {
  return {
    request: new Request("http://site.test/font", { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } }),
    context:
      transport === "in process" && at === origin
        ? { internalOrigin: "http://backend.invalid", backendFetch: inProcessBackend }
        : { internalOrigin: at },
  };
}

/** V8's full garbage collection, reachable without starting Node with --expose-gc. */
function exposedGc(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe.each<Transport>(["over HTTP", "in process"])("callApi %s", (suiteTransport) => {
  beforeAll(() => {
    transport = suiteTransport;
  });

  describe("callApi: success", () => {
    it("answers the envelope's data, checked, and sends the query and the XHR marker", async () => {
      const data = await callApi(caller(), getGreeting, { query: { a: "1", b: "", d: ["x", "y"] } });
      expect(data).toEqual({ hello: "世界", query: { a: "1", d: "y" } });
      expect(lastSeen?.url).toBe("/greeting?a=1&d=x&d=y");
      expect(lastSeen?.headers["x-requested-with"]).toBe("XMLHttpRequest");
      expect(lastSeen?.headers.authorization).toBeUndefined();
    });

    it("sends both token headers when the endpoint takes a token, and none when it does not or is asked not to", async () => {
      await callApi(caller("a=1; token=abc123"), getGreeting);
      expect(lastSeen?.headers.authorization).toBe("Bearer abc123");
      expect(lastSeen?.headers.token).toBe("abc123");
      await callApi(caller("token=abc123"), getEndpoint("/greeting", "none"));
      expect(lastSeen?.headers.token).toBeUndefined();
      await callApi(caller("token=abc123"), getGreeting, { anonymous: true });
      expect(lastSeen?.headers.token).toBeUndefined();
    });

    it("passes the visitor's address on to the backend", async () => {
      await callApi(caller(undefined, origin, { "X-Forwarded-For": "203.0.113.9" }), getGreeting);
      expect(lastSeen?.headers["x-forwarded-for"]).toBe("203.0.113.9");
      await callApi(caller(), getGreeting);
      expect(lastSeen?.headers["x-forwarded-for"]).toBeUndefined();
    });

    it("posts JSON with the UTF-8 content type, and multipart with files", async () => {
      const data = await callApi(caller("token=t1"), echo("POST"), { body: { text: "你好" } });
      expect(data).toEqual({ method: "POST", body: JSON.stringify({ text: "你好" }) });
      expect(lastSeen?.headers["content-type"]).toBe("application/json;charset=UTF-8");
      expect((await callApi(caller("token=t1"), echo("PUT"), { body: {} })).method).toBe("PUT");

      const form = await callApi(caller("token=t1"), echo("POST", "multipart"), {
        body: { nickname: "小明" },
        files: { avatar: new File(["abc"], "a.jpg", { type: "image/jpeg" }) },
      });
      expect(lastSeen?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(form.body).toContain('name="nickname"');
      expect(form.body).toContain('filename="a.jpg"');
    });
  });

  describe("callApi: refusals", () => {
    it("throws ApiError with the server's message for a code other than '200' on HTTP 200", async () => {
      const error = (await caught(callApi(caller(), getEndpoint("/business")))) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(200);
      expect(error.code).toBe("A0001");
      expect(error.message).toBe("验证码错误");
      expect(error.isBusinessError).toBe(true);
    });

    it.each([
      [403, "这个收藏夹不属于你"],
      [404, "字体不存在"],
      [409, "资料已被其他设备修改，请刷新后再试"],
      [429, "验证码发送过于频繁，请 42 秒后再试"],
      [500, "服务器开小差了"],
      [502, "短信服务未配置，暂时无法发送手机验证码"],
      [503, "服务正在关闭"],
    ])("HTTP %i with the backend's own message shows that message: %s", async (status, message) => {
      const error = (await caught(
        callApi(caller(), getEndpoint(`/status/${status}`), { query: { message } }),
      )) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      expect(error.serverMessage).toBe(message);
      expect(error.isBusinessError).toBe(false);
      expect(error.unreachable).toBe(false);
    });

    it.each([
      [403, HTTP_STATUS_MESSAGES[403]],
      [404, "网络请求错误，未找到该资源"],
      [405, "网络请求错误，请求方法未允许"],
      [408, "网络请求超时"],
      [429, "连接出错(429)!"],
      [500, "服务器错误，请联系管理员"],
      [502, "网络错误"],
      [503, "服务不可用，服务器暂时过载或维护"],
      [504, "网络超时"],
    ])("HTTP %i without a message of the backend's → the catalogue's %s", async (status, message) => {
      const error = (await caught(
        callApi(caller(), getEndpoint(`/status/${status}`), { query: { message: " " } }),
      )) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      expect(error.unreachable).toBe(false);
    });

    it("HTTP 400 shows the server's message; a non-JSON error body still maps by status", async () => {
      const refused = (await caught(
        callApi(caller(), getEndpoint("/status/400"), { query: { message: "参数 current 必须是正整数" } }),
      )) as ApiError;
      expect(refused.message).toBe("参数 current 必须是正整数");
      const broken = (await caught(callApi(caller(), getEndpoint("/not-json")))) as ApiError;
      expect(broken.status).toBe(500);
      expect(broken.message).toBe("服务器错误，请联系管理员");
    });

    it.each(["/status/401", "/expired", "/expired-401"])(
      "%s (401 or S00106) redirects home, clearing the token, with a toast",
      async (path) => {
        const thrown = await caught(callApi(caller("token=abc"), getEndpoint(path)));
        expect(thrown).toBeInstanceOf(Response);
        const response = thrown as Response;
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/");
        const cookies = response.headers.getSetCookie();
        expect(cookies.find((value) => value.startsWith("token=")) ?? "").toMatch(/^token=;.*Max-Age=0/);
        const flash = cookies.find((value) => value.startsWith("toast=")) ?? "";
        const { toast } = getToast(new Request("http://x/", { headers: { Cookie: flash.split(";")[0]! } }));
        expect(toast).toMatchObject({
          type: "error",
          message: path === "/status/401" ? "用户没有权限（令牌、用户名、密码错误）" : "登录已过期，请重新登录",
        });
      },
    );

    it("still times out when a garbage collection runs while the backend keeps silent", async () => {
      const collectGarbage = exposedGc();
      const silent = caught(callApi(caller(), getEndpoint("/silent"), { timeoutMs: 300 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      collectGarbage();
      const outcome = await Promise.race([
        silent,
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5_000)),
      ]);
      expect([(outcome as ApiError).status, (outcome as ApiError).message]).toEqual([504, "网络超时"]);
    });

    it("times out with 504 网络超时, and a refused connection is 502 网络错误", async () => {
      const late = (await caught(callApi(caller(), getEndpoint("/slow"), { timeoutMs: 100 }))) as ApiError;
      expect([late.status, late.message, late.unreachable]).toEqual([504, "网络超时", true]);

      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const refused = (await caught(callApi(caller(undefined, `http://127.0.0.1:${port}`), getGreeting))) as ApiError;
      expect([refused.status, refused.message, refused.unreachable]).toEqual([502, "网络错误", true]);
    });
  });

  describe("callApi: answers that break the contract", () => {
    it.each([
      ["/greeting/broken", "GET /greeting/broken", "data.hello"],
      ["/numeric-code", "GET /numeric-code", "code"],
    ])("%s answers 502 with a Chinese message and logs the call and the field", async (path, call, field) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const thrown = await caught(callApi(caller(), getEndpoint(path)));
        expect(thrown).toBeInstanceOf(Response);
        const response = thrown as Response;
        expect(response.status).toBe(502);
        expect(await response.json()).toEqual({ message: CONTRACT_BREACH_MESSAGE });
        expect(logged).toHaveBeenCalledTimes(1);
        const line = String(logged.mock.calls[0]?.[0]);
        expect(line).toContain(call);
        expect(line).toContain(`${field} `);
      } finally {
        logged.mockRestore();
      }
    });
  });
});

describe("callApi: public answers", () => {
  const publicRead = defineEndpoint({
    method: "GET",
    path: "/counted",
    query: z.object({ cacheControl: z.string().optional(), n: z.string().optional() }),
    data: greetingSchema,
    auth: "none",
    publicCache: { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 300 },
  });
  const call = (cacheControl: string, n = "1") => callApi(caller(), publicRead, { query: { cacheControl, n } });

  beforeAll(() => {
    transport = "over HTTP";
    forgetPublicAnswers();
  });

  it("keeps an answer the backend marks public for its max-age, per URL, and frozen", async () => {
    const first = await call("public, max-age=30");
    const again = await call("public, max-age=30");
    expect(again).toEqual(first);
    expect(Object.isFrozen(again)).toBe(true);
    const other = await call("public, max-age=30", "2");
    expect(other.hello).not.toBe(first.hello);
  });

  it("asks again for an answer the backend does not mark public, and for refusals", async () => {
    const first = await call("no-store");
    expect((await call("no-store")).hello).not.toBe(first.hello);
    const privateFirst = await call("private, max-age=30");
    expect((await call("private, max-age=30")).hello).not.toBe(privateFirst.hello);

    const failing = defineEndpoint({ ...publicRead, path: "/status/503" });
    await expect(callApi(caller(), failing)).rejects.toBeInstanceOf(ApiError);
    const seenBefore = lastSeen;
    await expect(callApi(caller(), failing)).rejects.toBeInstanceOf(ApiError);
    expect(lastSeen).not.toBe(seenBefore);
  });

  it("reads max-age, s-maxage and stale-while-revalidate, and keeps nothing without public", () => {
    expect(publicLifetime("public, max-age=30, stale-while-revalidate=300")).toEqual({
      freshMs: 30_000,
      staleMs: 300_000,
    });
    expect(publicLifetime("public, max-age=30, s-maxage=60")).toEqual({ freshMs: 60_000, staleMs: 0 });
    expect(publicLifetime("max-age=30")).toEqual({ freshMs: 0, staleMs: 0 });
    expect(publicLifetime("public, no-cache, max-age=30")).toEqual({ freshMs: 0, staleMs: 0 });
    expect(publicLifetime("public, max-age=oops")).toEqual({ freshMs: 0, staleMs: 0 });
    expect(publicLifetime(null)).toEqual({ freshMs: 0, staleMs: 0 });
  });
});

describe("buildApiUrl", () => {
  it("keeps a base path and encodes the query", () => {
    expect(buildApiUrl("https://api.example.com/prefix/", "/web/api/x", { q: "字" })).toBe(
      "https://api.example.com/prefix/web/api/x?q=%E5%AD%97",
    );
    expect(buildApiUrl("http://127.0.0.1:3000", "web/api/x")).toBe("http://127.0.0.1:3000/web/api/x");
  });
});
