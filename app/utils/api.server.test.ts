import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiDelete, apiGet, apiPost, apiPostForm, apiPut, buildApiUrl, orNotFound } from "./api.server";
import { HTTP_STATUS_MESSAGES } from "./api-errors";
import { getToast } from "./toast.server";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

let server: Server;
let base: string;
let lastSeen: Seen | null = null;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json;charset=UTF-8" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      lastSeen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      const status = url.pathname.match(/^\/status\/(\d+)$/);
      if (status) {
        const n = Number(status[1]);
        const withMessage = url.searchParams.get("message");
        return reply(res, n, { code: String(n), message: withMessage ?? "", data: null });
      }
      switch (url.pathname) {
        case "/ok":
          return reply(res, 200, { code: "200", message: "success", data: { hello: "世界", query: Object.fromEntries(url.searchParams) } });
        case "/numeric-code":
          return reply(res, 200, { code: 200, message: "success", data: 1 });
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
          return reply(res, 200, { code: "200", message: "success", data: { method: req.method, body: Buffer.concat(chunks).toString("utf8") } });
        case "/slow":
          setTimeout(() => reply(res, 200, { code: "200", message: "success", data: "late" }), 500);
          return;
        default:
          return reply(res, 404, { code: "404", message: "字体不存在", data: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function page(cookie?: string) {
  return new Request("http://site.test/font", cookie ? { headers: { Cookie: cookie } } : undefined);
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("apiGet", () => {
  it("returns data for code '200' and sends the XHR marker, no token headers when anonymous", async () => {
    const data = await apiGet<{ hello: string; query: Record<string, string> }>(page(), "/ok", { a: 1, b: "", c: undefined, d: ["x", "y"] }, { base });
    expect(data.hello).toBe("世界");
    expect(data.query).toEqual({ a: "1", d: "y" });
    expect(lastSeen?.url).toBe("/ok?a=1&d=x&d=y");
    expect(lastSeen?.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(lastSeen?.headers.authorization).toBeUndefined();
    expect(lastSeen?.headers.token).toBeUndefined();
  });

  it("sends both token headers when the request has a token cookie", async () => {
    await apiGet(page("a=1; token=abc123"), "/ok", undefined, { base });
    expect(lastSeen?.headers.authorization).toBe("Bearer abc123");
    expect(lastSeen?.headers.token).toBe("abc123");
  });

  it("passes the visitor's address on to the backend", async () => {
    const request = new Request("http://localhost/font", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    await apiGet(request, "/ok", undefined, { base });
    expect(lastSeen?.headers["x-forwarded-for"]).toBe("203.0.113.9");
    await apiGet(page(), "/ok", undefined, { base });
    expect(lastSeen?.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("treats a numeric 200 code as failure (only the string '200' is success)", async () => {
    const error = await caught(apiGet(page(), "/numeric-code", undefined, { base }));
    expect(error).toBeInstanceOf(ApiError);
  });

  it("throws ApiError with the server message for a non-200 code on HTTP 200", async () => {
    const error = (await caught(apiGet(page(), "/business", undefined, { base }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
    expect(error.code).toBe("A0001");
    expect(error.message).toBe("验证码错误");
    expect(error.isBusinessError).toBe(true);
  });

  it.each([
    [403, HTTP_STATUS_MESSAGES[403]],
    [404, "网络请求错误，未找到该资源"],
    [405, "网络请求错误，请求方法未允许"],
    [408, "网络请求超时"],
    [500, "服务器错误，请联系管理员"],
    [501, "网络未实现"],
    [502, "网络错误"],
    [503, "服务不可用，服务器暂时过载或维护"],
    [504, "网络超时"],
    [505, "http版本不支持该请求"],
  ])("HTTP %i → %s", async (status, message) => {
    const error = (await caught(apiGet(page(), `/status/${status}`, { message: "服务端原文" }, { base }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.isBusinessError).toBe(false);
  });

  it("HTTP 400 uses the server message", async () => {
    const error = (await caught(apiGet(page(), "/status/400", { message: "参数 current 必须是正整数" }, { base }))) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toBe("参数 current 必须是正整数");
  });

  it("a non-JSON error body still maps by status", async () => {
    const error = (await caught(apiGet(page(), "/not-json", undefined, { base }))) as ApiError;
    expect(error.status).toBe(500);
    expect(error.message).toBe("服务器错误，请联系管理员");
  });

  it.each(["/status/401", "/expired", "/expired-401"])("%s redirects home and clears the token cookie", async (path) => {
    const thrown = await caught(apiGet(page("token=abc"), path, undefined, { base }));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    const token = cookies.find((value) => value.startsWith("token=")) ?? "";
    expect(token).toMatch(/^token=;/);
    expect(token).toMatch(/Max-Age=0/);
    expect(token).toMatch(/Path=\//);
    // …and a flash toast saying why (SPEC 8)
    const flash = cookies.find((value) => value.startsWith("toast=")) ?? "";
    const { toast } = getToast(new Request("http://x/", { headers: { Cookie: flash.split(";")[0] } }));
    expect(toast?.type).toBe("error");
    expect(toast?.message).toBe(path === "/status/401" ? "用户没有权限（令牌、用户名、密码错误）" : "登录已过期，请重新登录");
  });

  it("uses SITE_DOMAIN for the cleared cookie when configured", async () => {
    const previous = process.env.SITE_DOMAIN;
    process.env.SITE_DOMAIN = "example.com";
    try {
      const response = (await caught(apiGet(page("token=abc"), "/expired", undefined, { base }))) as Response;
      expect(response.headers.get("Set-Cookie")).toMatch(/Domain=example\.com/);
    } finally {
      if (previous === undefined) delete process.env.SITE_DOMAIN;
      else process.env.SITE_DOMAIN = previous;
    }
  });

  it("times out with 504 网络超时", async () => {
    const error = (await caught(apiGet(page(), "/slow", undefined, { base, timeoutMs: 100 }))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(504);
    expect(error.message).toBe("网络超时");
  });

  it("a refused connection is 502 网络错误", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (await caught(apiGet(page(), "/ok", undefined, { base: `http://127.0.0.1:${port}` }))) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe("网络错误");
  });
});

describe("apiPost / apiPut / apiDelete / apiPostForm", () => {
  it("POST sends JSON with the UTF-8 content type", async () => {
    const data = await apiPost<{ method: string; body: string }>(page("token=t1"), "/echo", { text: "你好" }, { base });
    expect(data).toEqual({ method: "POST", body: JSON.stringify({ text: "你好" }) });
    expect(lastSeen?.headers["content-type"]).toBe("application/json;charset=UTF-8");
    expect(lastSeen?.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(lastSeen?.headers.token).toBe("t1");
  });

  it("PUT and DELETE", async () => {
    expect((await apiPut<{ method: string }>(page(), "/echo", { a: 1 }, { base })).method).toBe("PUT");
    expect((await apiDelete<{ method: string }>(page(), "/echo", { id: 3 }, { base })).method).toBe("DELETE");
    expect(lastSeen?.url).toBe("/echo?id=3");
  });

  it("multipart form post with files and arrays as name[]", async () => {
    const data = await apiPostForm<{ body: string }>(
      page(),
      "/echo",
      { nickname: "小明", tags: ["a", "b"], file: new File(["abc"], "a.txt", { type: "text/plain" }) },
      { base },
    );
    expect(lastSeen?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(data.body).toContain('name="nickname"');
    expect(data.body).toContain('name="tags[]"');
    expect(data.body).toContain('filename="a.txt"');
  });
});

describe("orNotFound and buildApiUrl", () => {
  it("turns an API 404 into a 404 Response", async () => {
    const thrown = await caught(orNotFound(apiGet(page(), "/missing", undefined, { base })));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("passes other errors through", async () => {
    const thrown = await caught(orNotFound(apiGet(page(), "/status/500", undefined, { base })));
    expect(thrown).toBeInstanceOf(ApiError);
  });

  it("keeps a base path", () => {
    expect(buildApiUrl("https://api.example.com/prefix/", "/web/api/x", { q: "字" })).toBe(
      "https://api.example.com/prefix/web/api/x?q=%E5%AD%97",
    );
    expect(buildApiUrl("http://127.0.0.1:3000", "web/api/x")).toBe("http://127.0.0.1:3000/web/api/x");
  });
});
