import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { acceptedEncodings } from "../app/utils/page-encoding.server.js";

/** The encodings a build file may have been compressed to ahead of time, preferred first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Answers a GET or HEAD for a file of `dir` with its compressed copy (`file.br`, `file.gz`, made by
 * the build) when the client accepts that encoding, by handing the copy's path to the static
 * handler mounted after it with the original's type and `Content-Encoding` already set, so
 * compression() leaves it alone. `dir` holds a finished build: its copies are listed once.
 * A range request gets the file itself.
 */
export function precompressedAssets(dir: string): RequestHandler {
  let listed: string[] = [];
  try {
    listed = readdirSync(dir, { recursive: true, encoding: "utf8" });
  } catch {
    // No build yet: nothing to send precompressed.
  }
  const files = new Set(listed.map((file) => file.split(path.sep).join("/")));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    const copies = ENCODINGS.filter(({ suffix }) => files.has(`${file}${suffix}`));
    if (copies.length === 0) return next();
    res.vary("Accept-Encoding");
    const accepted = [...acceptedEncodings(req.headers["accept-encoding"])];
    const encoding = accepted.map((name) => copies.find((copy) => copy.name === name)).find(Boolean);
    if (!encoding) return next();
    res.type(path.posix.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    const query = req.url.indexOf("?");
    req.url = `${req.path}${encoding.suffix}${query === -1 ? "" : req.url.slice(query)}`;
    next();
  };
}

/**
 * Mounted after the static handler of the same directory: nothing else answers for a build file, so
 * one that is not there (asked for by a page of an earlier build, or a copy removed while the server
 * runs) is a plain 404, without the type and encoding set above for the copy expected.
 */
export const missingBuildFile: RequestHandler = (_req, res) => {
  res.removeHeader("Content-Encoding");
  res.status(404).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send("找不到这个文件。");
};
