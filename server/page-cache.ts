import type { Request, RequestHandler, Response } from "express";
import { PAGE_CACHE_SIGNAL_HEADERS, pageCacheSignals } from "../app/utils/page-cache.js";
import { FontVisitCounter } from "../app/services/catalogue/font-visits.js";
import { KeptPages } from "../app/utils/kept-pages.js";
import { cspNonce } from "./content-security-policy.js";
import { filledGzip, filledText, gzipTemplate, type GzipTemplate } from "./gzip-template.js";
import { acceptedEncodings } from "../app/utils/page-encoding.server.js";

export type PageCacheOptions = {
  /** Bound on the bytes of all kept pages together; 0 turns the cache off. */
  maxBytes: number;
  /** A page larger than this is never kept. */
  maxPageBytes?: number;
  now?: () => number;
  /**
   * Counts the views that answers given from a kept font page stand for: the font its route named
   * in KEPT_PAGE_FONT_VISIT_HEADER and how many answers there were, at most once per
   * `reportEveryMs` for each font. Without it, such pages are never kept.
   */
  onFontVisits?: (fontGNo: string, visits: number) => void;
  reportEveryMs?: number;
};

type KeptPage = {
  /** The page split where its nonce stood: each answer puts its own there. */
  body: GzipTemplate;
  headers: Array<[string, string | string[]]>;
  expiresAt: number;
  bytes: number;
  /** KEPT_PAGE_FONT_VISIT_HEADER of the page, if its route named a font. */
  fontVisit: string | null;
};

/** Headers never replayed from a kept page: the answer writes its own. */
const OWN_HEADERS = new Set([
  "set-cookie",
  "date",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "content-security-policy",
  // Each answer is encoded for its own Accept-Encoding.
  "content-encoding",
  "vary",
]);

/** Where a page is kept: one per host asked for, as pages name their own address (canonical links). */
export function keptPageKey(req: Request): string {
  return `${req.headers.host ?? ""}${req.originalUrl}`;
}

/**
 * Pages for visitors who carry no cookie at all (no login, no flash message, no compare list):
 * a page whose route says it may be kept (the ANONYMOUS_PAGE_CACHE_HEADER, in seconds) is kept
 * in memory, least recently used out past `maxBytes`, and answered again until it expires, each
 * time with the answer's own Content-Security-Policy nonce in place of the one it was rendered
 * with. Only GET, only 200 HTML without Set-Cookie; the signal headers never leave the server.
 * A page is kept the second time its address is asked for (or once it was kept before): most
 * addresses of new words (`/font?text=…`) are asked for once, and keeping them cost each such answer
 * a compression on the main thread while the visitor's previews waited behind it.
 * A client that accepts gzip gets it even when it also accepts Brotli: the page is kept compressed
 * around its nonces, so such an answer compresses nothing (Brotli would cost each answer several
 * times what serving it does). Any other client gets the page as it reads, for compression() to
 * encode.
 */
export function anonymousPageCache({
  maxBytes,
  maxPageBytes = 1024 * 1024,
  now = Date.now,
  onFontVisits,
  reportEveryMs = 1000,
}: PageCacheOptions): RequestHandler {
  const fontVisits = onFontVisits && new FontVisitCounter(onFontVisits, reportEveryMs);

  const pages = new KeptPages<KeptPage>(maxBytes, now);

  return (req, res, next) => {
    if (maxBytes <= 0 || req.method !== "GET" || req.headers.cookie || req.headers.authorization || req.headers.token) {
      withoutSignalHeaders(res);
      return next();
    }
    const key = keptPageKey(req);
    const kept = pages.fresh(key);
    if (kept) {
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.vary("Accept-Encoding");
      const nonce = Buffer.from(cspNonce(res));
      const gzip = acceptedEncodings(req.headers["accept-encoding"]).has("gzip");
      const body = gzip ? filledGzip(kept.body, nonce) : filledText(kept.body, nonce);
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      // compression() takes it off again when it encodes the page itself.
      res.setHeader("Content-Length", body.byteLength);
      res.status(200).end(body);
      if (kept.fontVisit) fontVisits?.count(kept.fontVisit);
      return;
    }
    if (!pages.worthKeeping(key)) {
      withoutSignalHeaders(res);
      return next();
    }
    capturePage(res, maxPageBytes, (captured) => {
      if (captured.fontVisit && !onFontVisits) return;
      const nonce = cspNonce(res);
      // Every answer's nonce has the length of this one (16 random bytes in base64).
      const body = gzipTemplate(
        captured.body
          .toString("utf8")
          .split(nonce)
          .map((part) => Buffer.from(part)),
        Buffer.byteLength(nonce),
      );
      pages.keep(key, {
        body,
        headers: captured.headers,
        fontVisit: captured.fontVisit,
        expiresAt: now() + captured.seconds * 1000,
        bytes: body.bytes + 512,
      });
    });
    next();
  };
}

/**
 * Watches what is written to `res` and, once it has finished, hands over a page its route let be
 * kept: 200, HTML not compressed yet, no Set-Cookie, at most `maxPageBytes`. The route's signal headers are taken off
 * before the headers go out.
 */
function capturePage(
  res: Response,
  maxPageBytes: number,
  onPage: (page: { body: Buffer; headers: KeptPage["headers"]; seconds: number; fontVisit: string | null }) => void,
) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let decided = false;
  let seconds = 0;
  let fontVisit: string | null = null;
  let size = 0;
  let chunks: Buffer[] | null = [];

  const decide = () => {
    if (decided) return;
    decided = true;
    ({ seconds, fontVisit } = pageCacheSignals((name) => res.getHeader(name)));
    for (const name of PAGE_CACHE_SIGNAL_HEADERS) res.removeHeader(name);
    const html = /^text\/html/i.test(String(res.getHeader("content-type") ?? ""));
    // A page already compressed (a page of new words, made from a template) is not kept: it is made at once again.
    const encoded = res.getHeader("content-encoding") !== undefined;
    if (!(seconds > 0) || res.statusCode !== 200 || !html || encoded || res.getHeader("set-cookie")) chunks = null;
  };
  const collect = (chunk: unknown, encoding: unknown) => {
    decide();
    if (!chunks || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.byteLength;
    if (size > maxPageBytes) chunks = null;
    else chunks.push(buffer);
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response["end"];

  res.on("finish", () => {
    if (!chunks) return;
    const headers = Object.entries(res.getHeaders())
      .filter(([name, value]) => value !== undefined && !OWN_HEADERS.has(name.toLowerCase()))
      .map(([name, value]) => [name, typeof value === "number" ? String(value) : value] as [string, string | string[]]);
    onPage({ body: Buffer.concat(chunks), headers, seconds, fontVisit });
  });
}

/** Takes the routes' signal headers off an answer this cache does not look at. */
function withoutSignalHeaders(res: Response) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((...args: unknown[]) => {
    for (const name of PAGE_CACHE_SIGNAL_HEADERS) res.removeHeader(name);
    return writeHead(...args);
  }) as Response["writeHead"];
}
