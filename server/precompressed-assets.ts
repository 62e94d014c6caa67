import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The encodings a build file may have been compressed to ahead of time, preferred first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * The encodings an `Accept-Encoding` header accepts with a weight above zero (`*` accepts any not
 * named). Brotli is preferred whenever accepted: browsers list it after gzip with equal weight.
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=(.*)$/.exec(param)?.[1]).find((value) => value !== undefined);
    // A weight that is not a number refuses the encoding rather than guessing.
    const weight = q === undefined ? 1 : /^\s*[0-9.]+\s*$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const accepted = new Set<string>();
  for (const { name } of ENCODINGS) {
    const weight = weights.get(name) ?? weights.get("*") ?? 0;
    if (weight > 0) accepted.add(name);
  }
  return accepted;
}

function relativeFilesUnder(dir: string, prefix = ""): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    return entry.isDirectory() ? relativeFilesUnder(dir, relative) : [relative];
  });
}

/**
 * Answers a GET or HEAD for a file of `dir` with its compressed copy (`file.br`, `file.gz`, made by
 * the build) when the client accepts that encoding, by handing the copy's path to the static
 * handler mounted after it with the original's type and `Content-Encoding` already set, so
 * compression() leaves it alone. `dir` holds a finished build: its copies are listed once.
 * A range request gets the file itself.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(relativeFilesUnder(dir));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path).replace(/^\/+/, "");
    } catch {
      return next();
    }
    const hasCopy = ENCODINGS.some(({ suffix }) => files.has(`${file}${suffix}`));
    if (!hasCopy) return next();
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = ENCODINGS.find(({ name, suffix }) => accepted.has(name) && files.has(`${file}${suffix}`));
    if (!encoding) return next();
    res.type(path.posix.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    const query = req.url.indexOf("?");
    req.url = `${req.path}${encoding.suffix}${query === -1 ? "" : req.url.slice(query)}`;
    next();
  };
}
