import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../contract/endpoint.js";
import { pageQuerySchema } from "../../contract/envelope.js";
import { oneOf, optionalQueryInt, queryIntWithDefault, queryValue } from "../../contract/query.js";
import { notFound } from "./envelope.js";
import { apiErrorHandler, apiNotFound } from "./errors.js";
import { parseRequestPart, route } from "./route.js";
import { serveRouter, type TestServer } from "./testing/test-server.js";

const getThing = defineEndpoint({
  method: "GET",
  path: "/web/api/thing/:id",
  params: z.object({ id: queryValue().regex(/^\d+$/, "必须是数字编号") }),
  query: z.object({ size: optionalQueryInt(1, 10) }),
  data: z.object({ id: z.string(), size: z.number().nullable() }),
  auth: "none",
});

const deleteThing = defineEndpoint({
  method: "DELETE",
  path: "/web/api/thing/:id",
  params: z.object({ id: z.string() }),
  data: z.null(),
  auth: "none",
});

const createThing = defineEndpoint({
  method: "POST",
  path: "/web/api/thing",
  body: z.object({ name: z.string({ required_error: "名称不能为空" }).min(1, "名称不能为空") }),
  data: z.object({ name: z.string() }),
  auth: "none",
});

const callback = defineEndpoint({
  method: "GET",
  path: "/web/api/callback",
  query: z.object({ code: z.string({ required_error: "缺少授权码" }) }),
  data: z.string(),
  auth: "none",
});

const thingFile = defineEndpoint({
  method: "GET",
  path: "/web/api/thing/:id/file",
  params: z.object({ id: z.string() }),
  kind: "file",
  auth: "none",
});

describe("route", () => {
  let server: TestServer;

  beforeAll(async () => {
    const router = express.Router();
    route(router, getThing, async ({ params, query }) => {
      if (params.id === "404") throw notFound("东西不存在");
      return { id: params.id, size: query.size ?? null };
    });
    route(router, deleteThing, async () => null);
    route(router, createThing, async ({ body }) => ({ name: body.name }), { before: [express.json()] });
    route(router, callback, async ({ query }) => query.code, { nameParameters: false });
    route(router, thingFile, async ({ params }, { res }) => {
      res.type("text/plain").send(`file ${params.id}`);
    });
    router.use("/web/api", apiNotFound);
    router.use("/web/api", apiErrorHandler);
    server = await serveRouter(router);
  });
  afterAll(() => server.close());

  async function send(path: string, init?: RequestInit) {
    const response = await fetch(server.origin + path, init);
    const text = await response.text();
    return { status: response.status, allow: response.headers.get("allow"), body: text && JSON.parse(text) };
  }

  it("answers the handler's data in the envelope, parsed params and query in hand", async () => {
    expect(await send("/web/api/thing/7?size=3")).toMatchObject({
      status: 200,
      body: { code: "200", message: "success", data: { id: "7", size: 3 } },
    });
    expect((await send("/web/api/thing/7")).body.data).toEqual({ id: "7", size: null });
  });

  it("refuses bad params and query with the schema's message, naming the parameter", async () => {
    expect(await send("/web/api/thing/abc")).toMatchObject({
      status: 400,
      body: { code: "400", message: "参数 id 必须是数字编号", data: null },
    });
    expect((await send("/web/api/thing/7?size=11")).body.message).toBe("参数 size 必须是 1 到 10 之间的整数");
    expect((await send("/web/api/thing/7?size=1&size=2")).body.message).toBe("参数 size 只能出现一次");
    expect((await send("/web/api/thing/7?size=%E0")).body.message).toMatch(/^参数 size 的编码不正确/);
  });

  it("answers body and whole-sentence query messages as they are", async () => {
    const post = (body: string) =>
      send("/web/api/thing", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(await post('{"name":"灯"}')).toMatchObject({ status: 200, body: { data: { name: "灯" } } });
    expect(await post("{}")).toMatchObject({ status: 400, body: { message: "名称不能为空" } });
    expect(await send("/web/api/callback")).toMatchObject({ status: 400, body: { message: "缺少授权码" } });
  });

  it("answers in Chinese where the schema gives no message of its own", async () => {
    const post = (body: string) =>
      send("/web/api/thing", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(await post("[1]")).toMatchObject({ status: 400, body: { message: "请求体应为 JSON 对象" } });
    expect(await post('{"name":[1]}')).toMatchObject({ status: 400, body: { message: "字段 name 应为文本" } });
  });

  it("answers JSON with its type and length, with an ETag for GET only (no other method revalidates)", async () => {
    const headersOf = async (path: string, init?: RequestInit) => {
      const response = await fetch(server.origin + path, init);
      const bytes = Buffer.byteLength(await response.text());
      return {
        type: response.headers.get("content-type"),
        length: Number(response.headers.get("content-length")) === bytes,
        etag: response.headers.has("etag"),
      };
    };
    const post = (body: string) =>
      headersOf("/web/api/thing", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    const json = "application/json; charset=utf-8";
    expect(await headersOf("/web/api/thing/7")).toEqual({ type: json, length: true, etag: true });
    expect(await post('{"name":"灯"}')).toEqual({ type: json, length: true, etag: false });
    expect(await post("{}")).toEqual({ type: json, length: true, etag: false }); // a refusal too
  });

  it("passes errors the handler throws to the error handler", async () => {
    expect(await send("/web/api/thing/404")).toMatchObject({ status: 404, body: { message: "东西不存在" } });
  });

  it("lets a file endpoint's handler send the answer", async () => {
    const response = await fetch(`${server.origin}/web/api/thing/5/file`);
    expect(await response.text()).toBe("file 5");
  });

  it("takes every method registered on a path and answers others 405 with Allow", async () => {
    expect(await send("/web/api/thing/7", { method: "DELETE" })).toMatchObject({ status: 200, body: { data: null } });
    expect(await send("/web/api/thing/7", { method: "PUT" })).toEqual({
      status: 405,
      allow: "GET, DELETE, HEAD, OPTIONS",
      body: { code: "405", message: "该接口不支持 PUT 请求（可用：GET、DELETE、HEAD、OPTIONS）", data: null },
    });
    expect(await send("/web/api/thing/7", { method: "OPTIONS" })).toMatchObject({
      status: 204,
      allow: "GET, DELETE, HEAD, OPTIONS",
    });
    expect((await send("/web/api/thing/7", { method: "HEAD" })).status).toBe(200);
    expect((await send("/web/api/thing", { method: "GET" })).status).toBe(405);
  });

  it("refuses to mount one method on one path twice", () => {
    const router = express.Router();
    route(router, deleteThing, async () => null);
    expect(() => route(router, deleteThing, async () => null)).toThrow("DELETE /web/api/thing/:id");
  });

  it("never answered 500", () => {
    expect(server.statuses.filter((status) => status >= 500)).toEqual([]);
  });
});

describe("parseRequestPart", () => {
  const parameters = <S extends z.ZodTypeAny>(schema: S, input: unknown) => parseRequestPart(schema, input, true);

  it("applies paging defaults and names the parameter of a failure", () => {
    expect(parameters(pageQuerySchema, {})).toEqual({ current: 1, size: 20 });
    expect(parameters(pageQuerySchema, { current: "3", size: "" })).toEqual({ current: 3, size: 20 });
    expect(() => parameters(pageQuerySchema, { current: "abc" })).toThrow("参数 current 必须是正整数");
    expect(() => parameters(pageQuerySchema, { size: "101" })).toThrow("参数 size 必须是 1 到 100 之间的整数");
    expect(() => parameters(pageQuerySchema, { size: ["1", "2"] })).toThrow("参数 size 只能出现一次");
  });

  it("lists the allowed values of an enumeration", () => {
    const schema = z.object({ type: oneOf(["header", "footer"]), limit: queryIntWithDefault(1, 20, 10) });
    expect(() => parameters(schema, { type: "side" })).toThrow("参数 type 必须是 header、footer 之一");
    expect(parameters(schema, { type: "footer" })).toEqual({ type: "footer", limit: 10 });
    expect(() => parameters(schema, {})).toThrow("参数 type 不能为空");
  });

  it("refuses a NUL character, wherever the value came from", () => {
    const schema = z.object({ id: queryValue() });
    expect(() => parameters(schema, { id: "10\u000027" })).toThrow("参数 id 不能包含空字符");
    expect(parameters(schema, { id: "10027" })).toEqual({ id: "10027" });
  });

  it("answers in Chinese where the schema gives no message of its own", () => {
    const schema = z.object({ page: z.number(), tags: z.array(z.string()).optional() });
    expect(() => parameters(schema, { page: "x" })).toThrow(/^参数 page 应为数字$/);
    expect(() => parameters(schema, {})).toThrow(/^参数 page 不能为空$/);
    expect(() => parseRequestPart(schema, { page: 1, tags: [3] }, false)).toThrow(/^字段 tags\.0 应为文本$/);
    expect(() => parseRequestPart(z.object({ a: z.string().email() }), { a: "x" }, false)).toThrow(
      /^字段 a 格式不正确$/,
    );
  });

  it("answers a message as it is when asked not to name the parameter", () => {
    const schema = z.object({ code: z.string({ required_error: "缺少授权码" }) });
    expect(() => parseRequestPart(schema, {}, false)).toThrow(/^缺少授权码$/);
  });
});
