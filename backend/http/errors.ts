import type { ErrorRequestHandler, RequestHandler } from "express";
import { SERVER_ERROR_MESSAGE } from "../../contract/envelope.js";
import { ApiError, sendError } from "./envelope.js";

/** Answers any request under the API prefixes that no route handled. */
export const apiNotFound: RequestHandler = (_req, res) => {
  sendError(res, 404, "404", "接口不存在");
};

/** Maps thrown errors to envelopes; anything unexpected is logged and answered as the 500 envelope. */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  // Express's sendFile once the client has gone (a page left before its fonts arrived): nothing failed, nobody to answer.
  if ((error as { code?: unknown } | null)?.code === "ECONNABORTED") return;
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, code, message, headers } = errorAnswer(error, req.method, req.originalUrl);
  res.set(headers);
  sendError(res, status, code, message);
};

/** What a thrown error is answered with: its own envelope, 4xx for a malformed request, else a logged 500. */
export function errorAnswer(error: unknown, method: string | undefined, url: string | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (isClientError(error)) return new ApiError(error.status, String(error.status), "请求格式不正确");
  console.error(`${method} ${url} 处理失败`, error);
  return new ApiError(500, "500", SERVER_ERROR_MESSAGE);
}

/** Errors raised by express/body-parser for malformed requests carry a 4xx status. */
function isClientError(error: unknown): error is { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}
