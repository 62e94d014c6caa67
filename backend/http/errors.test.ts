import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { badRequest, notFound } from "./envelope.js";
import { apiErrorHandler, apiNotFound } from "./errors.js";
import { serveRouter, type TestServer } from "./testing/test-server.js";

describe("API error handling", () => {
  let server: TestServer;
  let fileRequestArrived: () => void = () => {};
  let fileRequestHandled: () => void = () => {};

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
    router.get("/web/api/file", (req, res, next) => {
      fileRequestArrived();
      // The file is sent only once the client has gone, as when a page is left before its fonts arrive.
      req.socket.once("close", () =>
        res.sendFile(import.meta.filename, (error) => {
          next(error);
          fileRequestHandled();
        }),
      );
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

  it("logs nothing when the client went away before its file was sent", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const arrived = new Promise<void>((resolve) => (fileRequestArrived = resolve));
    const handled = new Promise<void>((resolve) => (fileRequestHandled = resolve));
    const leaving = new AbortController();
    const request = fetch(`${server.origin}/web/api/file`, { signal: leaving.signal }).catch(() => null);
    await arrived;
    leaving.abort();
    await request;
    await handled;
    expect(log).not.toHaveBeenCalled();
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
