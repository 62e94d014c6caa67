import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Response } from "express";
import { ERROR_CODES, SUCCESS_CODE, SUCCESS_MESSAGE, type Envelope } from "../../contract/envelope.js";

export function sendOk<T>(res: Response, data: T): void {
  sendJson(res, 200, okEnvelope(data));
}

export function okEnvelope<T>(data: T): Envelope<T> {
  return { code: SUCCESS_CODE, message: SUCCESS_MESSAGE, data };
}

export function sendError(res: Response, status: number, code: string, message: string): void {
  const body: Envelope<null> = { code, message, data: null };
  sendJson(res, status, body);
}

/**
 * Only answers to GET and HEAD can be revalidated with their ETag (Express's freshness check looks at no
 * other method), yet Express hashes every JSON answer for one: answers to the others (a subset request,
 * a login) are written without it.
 */
function sendJson(res: Response, status: number, body: unknown): void {
  if (res.req.method === "GET" || res.req.method === "HEAD") {
    res.status(status).json(body);
    return;
  }
  writeJson(res, status, body, {});
}

/** Writes `body` as JSON with `headers`, added to those the response has: an Express one or Node's own. */
export function writeJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(json),
  });
  res.end(json);
}

/** An error a handler throws on purpose; the error middleware turns it into its envelope (and headers). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, e.g. Retry-After or Allow. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, ERROR_CODES.badRequest, message);
}

export function notFound(message: string): ApiError {
  return new ApiError(404, ERROR_CODES.notFound, message);
}

/** Too many attempts: HTTP 429, code "429", with Retry-After in whole seconds (at least one) when the wait is known. */
export function tooMany(message: string, retryAfterMs?: number): ApiError {
  const headers: Record<string, string> =
    retryAfterMs === undefined ? {} : { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
  return new ApiError(429, "429", message, headers);
}

export const TOO_MANY_REQUESTS_MESSAGE = "请求过于频繁，请稍后再试";

/** The 429 answer to a request over a per-client limit, telling the client when to try again. */
export function tooManyRequests(retryAfterMs: number): ApiError {
  return tooMany(TOO_MANY_REQUESTS_MESSAGE, retryAfterMs);
}
