import { existsSync, readdirSync } from "node:fs";
import express, { type RequestHandler } from "express";

type PublicFilesOptions = Parameters<typeof express.static>[1];

/**
 * `express.static` over `dir`, asked only for addresses under one of the entries `dir` holds when
 * the server starts (`/favicon.svg`, `/images/…`): every other request, each page among them, went
 * through a file-system lookup first (two for `/`, the folder and its index), on the way to the
 * page it always was. A file added to a new top-level entry is served after a restart.
 */
export function publicFiles(dir: string, options: PublicFilesOptions): RequestHandler {
  const entries = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, { ...options, index: false });
  return (req, res, next) => {
    const end = req.path.indexOf("/", 1);
    let entry = end === -1 ? req.path.slice(1) : req.path.slice(1, end);
    try {
      entry = decodeURIComponent(entry);
    } catch {
      return next();
    }
    if (!entries.has(entry)) return next();
    serve(req, res, next);
  };
}
