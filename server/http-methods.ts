import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { refuse } from "./refusal.js";

/** Every method some page, action or API endpoint of this server takes. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
const ALLOW = SERVED_METHODS.join(", ");

/** The methods a page of the website takes: reading, and posting its forms. */
const PAGE_ALLOW = "GET, HEAD, POST, OPTIONS";

export function methodNotAllowedMessage(method: string): string {
  return `不支持 ${method.slice(0, 20)} 请求`;
}

/**
 * TRACE (which would echo cookies back), PROPFIND, PURGE and every other method nothing here takes:
 * 405 with `Allow`, before any router sees them.
 */
export const refuseUnservedMethods: RequestHandler = (req, res, next) => {
  if (SERVED.has(req.method)) return next();
  refuse(req, res, 405, methodNotAllowedMessage(req.method), { Allow: ALLOW });
};

/** OPTIONS on a page: 204 with the methods pages take (the API answers its own, per endpoint). */
export const answerPageOptions: RequestHandler = (req, res, next) => {
  if (req.method !== "OPTIONS") return next();
  res.status(204).set({ Allow: PAGE_ALLOW, "Cache-Control": "no-store" }).end();
};

/**
 * Requests Node refuses before Express sees them get a Chinese answer too: CONNECT and methods
 * the HTTP parser does not know (TRACK) a 405, headers or bodies that arrive too slowly a 408,
 * oversized headers a 431, anything unreadable a 400. The connection is closed after it.
 */
export function answerRefusedConnections(server: Server): void {
  server.on("connect", (_req, socket: Duplex) => endWith(socket, 405, methodNotAllowedMessage("CONNECT")));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const [status, message] = clientErrorAnswer(error.code);
    endWith(socket, status, message);
  });
}

function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_INVALID_METHOD":
      return [405, "不支持该请求方法"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "请求超时，请重试"];
    case "HPE_HEADER_OVERFLOW":
      return [431, "请求头过大"];
    default:
      return [400, "请求格式错误"];
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

function endWith(socket: Duplex, status: number, message: string) {
  // A response already under way on this connection cannot take another: just close it.
  const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || busy) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(`${message}\n`, "utf8");
  const head = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}`,
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${body.length}`,
    ...(status === 405 ? [`Allow: ${ALLOW}`] : []),
    "Cache-Control: no-store",
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  // Destroyed once written: a client that never closes its side must not keep the connection.
  socket.end(Buffer.concat([Buffer.from(head, "latin1"), body]), () => socket.destroy());
}
