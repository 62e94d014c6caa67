import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { badRequest, notFound } from "./envelope.js";
import { apiErrorHandler, apiNotFound } from "./errors.js";
import { serveRouter, type TestServer } from "./test-server.js";
import { intWithDefault, oneOf, pagingSchema, parseOrThrow } from "./validation.js";
import { z } from "zod";

describe("API error handling", () => {
  let server: TestServer;

  beforeAll(async () => {
    const router = express.Router();
    router.get("/web/api/boom", () => {
      throw new Error("unexpected");
    });
    router.get("/web/api/bad", () => {
      throw badRequest("参数 x 不合法");
    });
    router.get("/web/api/missing", (_req, _res, next) => next(notFound("字体不存在")));
    router.post("/web/api/json", express.json(), (_req, res) => {
      res.json({ ok: true });
    });
    router.use(["/web/api", "/api/v1"], apiNotFound);
    router.use(["/web/api", "/api/v1"], apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(() => server.close());

  const get = async (url: string, init?: RequestInit) => {
    const response = await fetch(server.origin + url, init);
    return { status: response.status, body: await response.json() };
  };

  it("maps an unexpected error to the 500 envelope and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await get("/web/api/boom")).toEqual({
      status: 500,
      body: { code: "500", message: "服务器错误，请联系管理员", data: null },
    });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("answers thrown API errors with their status and message", async () => {
    expect(await get("/web/api/bad")).toEqual({
      status: 400,
      body: { code: "400", message: "参数 x 不合法", data: null },
    });
    expect(await get("/web/api/missing")).toEqual({
      status: 404,
      body: { code: "404", message: "字体不存在", data: null },
    });
  });

  it("answers a malformed JSON body with a 400 envelope", async () => {
    const response = await get("/web/api/json", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(response).toEqual({ status: 400, body: { code: "400", message: "请求格式不正确", data: null } });
  });

  it("answers unknown API paths with the 404 envelope", async () => {
    expect(await get("/api/v1/whatever")).toEqual({
      status: 404,
      body: { code: "404", message: "接口不存在", data: null },
    });
  });
});

describe("query validation", () => {
  it("applies paging defaults and names the field of a failure", () => {
    expect(parseOrThrow(pagingSchema, {})).toEqual({ current: 1, size: 20 });
    expect(parseOrThrow(pagingSchema, { current: "3", size: "" })).toEqual({ current: 3, size: 20 });
    expect(() => parseOrThrow(pagingSchema, { current: "abc" })).toThrow("参数 current 必须是正整数");
    expect(() => parseOrThrow(pagingSchema, { size: "101" })).toThrow("参数 size 必须是 1 到 100 之间的整数");
    expect(() => parseOrThrow(pagingSchema, { size: ["1", "2"] })).toThrow("参数 size 只能出现一次");
  });

  it("lists the allowed values of an enumeration", () => {
    const schema = z.object({ type: oneOf(["header", "footer"]), limit: intWithDefault(1, 20, 10) });
    expect(() => parseOrThrow(schema, { type: "side" })).toThrow("参数 type 必须是 header、footer 之一");
    expect(parseOrThrow(schema, { type: "footer" })).toEqual({ type: "footer", limit: 10 });
    expect(() => parseOrThrow(schema, {})).toThrow("参数 type 不能为空");
  });
});
