import type { RequestHandler } from "express";

/**
 * A request body nothing read to its end (an action that answered without reading it, a refusal)
 * is read and thrown away once the answer has gone, as Node does for a body no one started to
 * read. Otherwise the rest stays on the connection, behind the next request a keep-alive client
 * sends, and that client sees its connection reset. The request timeout still bounds how long.
 */
export const discardUnreadBodies: RequestHandler = (req, res, next) => {
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};
