import type { Request, RequestHandler, Response } from "express";

/** Express 4 does not pass rejected promises to the error middleware by itself; this does. */
export function asyncHandler(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    handler(req, res).catch(next);
  };
}
