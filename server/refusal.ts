import type { Request, Response } from "express";
import { statusPage } from "../app/utils/status-page.js";

/** Paths whose callers read JSON: the API, the subset service, Remix data requests and resource routes. */
const JSON_PATH = /^\/(?:web\/api|api\/v1|captcha|webfont|resources)(?:\/|$)|\.data$/;

/** Whether the caller of `req` expects a JSON answer rather than a page. */
export function wantsJson(req: Request): boolean {
  return JSON_PATH.test(req.path) || "_data" in req.query || req.accepts(["html", "json"]) === "json";
}

/** One line in the log for a request refused as expected: no stack trace, since nothing failed. */
export function logRefusal(status: number, method: string, path: string, message: string): void {
  console.warn(`${status} ${method} ${path}: ${message}`);
}

/**
 * Refuses `req` before it reaches the site or the API: the `{code, message, data}` envelope for a
 * JSON caller, a small Chinese page for a browser. Never cached. A 4xx is logged in one line.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (status < 500) logRefusal(status, req.method, req.path, message);
  res.status(status).set({ ...headers, "Cache-Control": "no-store" });
  if (wantsJson(req)) {
    res.json({ code: String(status), message, data: null });
    return;
  }
  const nonce = (res.locals as { cspNonce?: string }).cspNonce;
  res.type("html").send(statusPage({ status, message, nonce }));
}
