import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { refuse } from "./refusal.js";

export const UPLOADS_BUSY_MESSAGE = "正在上传的人太多，请稍等片刻再提交";
/** What a refused upload is told to wait, in seconds. */
const BUSY_RETRY_AFTER_S = 10;

/**
 * At most `max` multipart bodies (the website's uploads: 投稿, the avatar) are read at once by this
 * process; one more is answered at once with 503 and Retry-After, its body thrown away unread. A
 * slot is held until the answer has gone. Signed upload PUTs are not counted: the backend writes
 * them straight to disk within the pending-upload bounds, and the website's own PUTs of a 投稿 it
 * is already counting would otherwise wait on themselves.
 */
export function limitUploadsInFlight(max: number): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    if (!req.is("multipart/form-data")) return next();
    if (inFlight >= max) {
      refuse(req, res, 503, UPLOADS_BUSY_MESSAGE, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
      return;
    }
    inFlight += 1;
    res.once("close", () => (inFlight -= 1));
    next();
  };
}

/**
 * A request body that stops arriving for `idleMs` is dropped (the connection closed), however long
 * it has been arriving before: an upload may take as long as it keeps moving, within the server's
 * whole-request bound. Node's socket timeout measures the silence; it is set while the body
 * arrives and cleared once it is in, and the answer's own time is not bounded by it.
 */
export function dropStalledBodies(idleMs: number): RequestHandler {
  return (req, res, next) => {
    dropStalledBody(req, res, idleMs);
    next();
  };
}

/** `dropStalledBodies` for one request, answered with or without Express. */
export function dropStalledBody(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  if (req.complete || idleMs <= 0) return;
  const socket = req.socket;
  // Heard by Node's socket timeout while this answer is under way: without a listener it would
  // close the connection whatever was silent.
  res.on("timeout", () => {
    if (req.complete) socket.setTimeout(0);
    else socket.destroy();
  });
  req.once("end", () => {
    // Once the answer has gone Node uses the socket's timeout for keep-alive: left alone then.
    if (!res.writableFinished) socket.setTimeout(0);
  });
  socket.setTimeout(idleMs);
}
