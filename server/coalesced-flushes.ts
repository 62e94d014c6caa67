import type { RequestHandler } from "express";

/**
 * Remix flushes the compressor after every chunk the renderer hands over (about 2 KB each), and
 * each flush ends a deflate block: a rendered page then reaches a gzip client at twice the bytes of
 * the page compressed whole. Flushes asked for within one turn of the event loop become one, made
 * once the chunks of that turn are written; what arrives later (deferred data) still goes out as
 * soon as it is written. Must come after compression(), which adds `res.flush`.
 */
export const coalesceFlushes: RequestHandler = (_req, res, next) => {
  const flushable = res as typeof res & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush !== "function") return next();
  let pending: NodeJS.Immediate | null = null;
  flushable.flush = () => {
    pending ??= setImmediate(() => {
      pending = null;
      if (!res.writableEnded) flush.call(res);
    });
  };
  res.on("close", () => {
    if (pending) clearImmediate(pending);
  });
  next();
};
