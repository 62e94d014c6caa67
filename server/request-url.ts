import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import { refuse } from "./refusal.js";

/**
 * The URL `@remix-run/express` builds for `req`: the scheme (`X-Forwarded-Proto` through a trusted
 * proxy), Express's host name, and the port from `X-Forwarded-Host` or `Host` as that adapter reads
 * them. Null when no URL can be made of them (`Host: example.com:99999`) or the scheme is not http(s).
 */
export function requestUrl(req: Request): URL | null {
  const port = [req.get("X-Forwarded-Host"), req.get("Host")]
    .map((header) => Number.parseInt(header?.split(":")[1] ?? "", 10))
    .find(Number.isSafeInteger);
  try {
    const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** A Host, forwarded host, port or scheme no URL can be made of answers 400 instead of failing deeper down. */
export const refuseUnusableRequestUrl: RequestHandler = (req, res, next) => {
  if (requestUrl(req)) return next();
  refuse(req, res, 400, "请求的主机名或协议无效");
};

/**
 * The last resort for an error no router answered: a 4xx it carries (a malformed body Express's
 * parsers refused) keeps its status, anything else is logged and answers 500. Never Express's
 * default page, which shows the stack outside production.
 */
export const answerUnhandledErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const status =
    (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    refuse(req, res, status, "请求格式错误");
    return;
  }
  console.error(`${req.method} ${req.originalUrl} 处理失败`, error);
  refuse(req, res, 500, "服务器错误，请联系管理员");
};
