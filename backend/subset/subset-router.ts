import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import { endpointPath } from "../../contract/endpoint.js";
import {
  createSubsets,
  getSubsetFile,
  type ParsedSubsetRequestItem,
  type SubsetResponseItem,
} from "../../contract/subset.js";
import type { AddressedRequest } from "../http/client-address.js";
import { ApiError, badRequest, notFound } from "../http/envelope.js";
import { apiErrorHandler } from "../http/errors.js";
import type { RateLimiter } from "../http/rate-limits.js";
import { route } from "../http/route.js";
import { subsetFamilyName } from "./family-name.js";
import type { FontSource, FontSourceFile } from "./font-source.js";
import type { BundledFile } from "./subset-bundle.js";
import type { SubsetCache, SubsetEntry } from "./subset-cache.js";
import { UnusableFontError } from "./unusable-font.js";
import { rejectDeepBody, withCodepoints, type SubsetRequestItem } from "./subset-request.js";

const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Far above the largest request the site sends (50 items of 200 characters), far below what costs memory. */
export const MAX_BODY_BYTES = 256 * 1024;
/**
 * Where the subset endpoints live, without their `:name` parameters: middleware mounted on a path
 * with a parameter never runs for a name that is not valid percent-encoding (Express cannot decode
 * it), so that name's 400 would miss this router's envelope.
 */
export const SUBSET_PREVIEW_PATHS = [createSubsets.path, getSubsetFile.path].map((path) => path.split("/:")[0]!);
/** Where subset files are asked for, `<hash>.<format>` following. */
export const SUBSET_FILES_PREFIX = `${SUBSET_PREVIEW_PATHS[1]}/`;

export type SubsetRateLimiters = {
  /** Subset work per client: each item counts 1, plus its characters not already cached. */
  subset: RateLimiter;
  /** Subset files fetched per client, 1 each. */
  files: RateLimiter;
};

export type SubsetRouterOptions = { cache: SubsetCache; fontSource: FontSource; rateLimiters: SubsetRateLimiters };

/** The subset endpoints of the contract (contract/subset.ts): make subsets, and serve their files. */
export function createSubsetRouter(options: SubsetRouterOptions): express.Router {
  const { cache, rateLimiters } = options;
  const router = express.Router();
  router.use(SUBSET_PREVIEW_PATHS, allowCrossOrigin);

  route(router, createSubsets, ({ body }, { req }) => makeSubsets(options, body, req), {
    before: [requireJson, express.json({ limit: MAX_BODY_BYTES }), rejectDeepBody],
  });

  route(router, getSubsetFile, async ({ params: { name } }, { req, res }) => {
    await rateLimiters.files.consume(req);
    await sendSubsetFile(cache, res, name);
  });

  router.use(SUBSET_PREVIEW_PATHS, subsetErrorHandler);
  return router;
}

/** The answer's `data` to a subset request from `client`, its subsets handed out once the client's limit allows. */
export async function makeSubsets(
  { cache, fontSource, rateLimiters }: SubsetRouterOptions,
  body: ParsedSubsetRequestItem[],
  client: AddressedRequest,
): Promise<SubsetResponseItem[]> {
  const items = withCodepoints(body);
  const fonts = await resolveFonts(fontSource, items);
  // Making a subset costs CPU and disk; handing out a cached one hardly does.
  const cost = items.reduce(
    (sum, item) => sum + 1 + (cache.has(fonts.get(item.gno)!, item.codepoints) ? 0 : item.codepoints.length),
    0,
  );
  await rateLimiters.subset.consume(client, cost);
  const entries = await Promise.all(items.map((item) => prepareSubset(cache, fonts.get(item.gno)!, item.codepoints)));
  return items.map((item, index) => toResponseItem(cache, item, entries[index]!));
}

/**
 * The entry of the subset of `codepoints` of `font`, to hand out its files' addresses (`SubsetCache.handOut`:
 * a new one may still be being made, and its files wait for it); a font HarfBuzz cannot use answers 503.
 */
export async function prepareSubset(
  cache: SubsetCache,
  font: FontSourceFile,
  codepoints: readonly number[],
): Promise<SubsetEntry> {
  try {
    return await cache.handOut(font, codepoints);
  } catch (error) {
    if (!(error instanceof UnusableFontError)) throw error;
    console.error(`字体 ${font.gno} 无法子集化（${font.filePath}）：${error.message}`);
    throw new ApiError(503, "503", `字体 ${font.gno} 暂时无法使用：${error.message}`);
  }
}

/**
 * Answers the cached subset file `name` (`<hash>.<format>`), made here first from its recipe when
 * another instance handed it out or this one no longer has it, with the headers of an immutable, content-addressed file; 404 when there is none.
 */
export async function sendSubsetFile(cache: SubsetCache, res: Response, name: string): Promise<void> {
  const file = cache.resolveFile(name); // null for anything but `<hash>.<format>`: no traversal possible
  if (!file || !(await cache.makeMissing(file.hash, file.format))) throw notFound("文件不存在");
  const served = await cache.fileToServe(file.hash, file.format);
  if (!served) throw notFound("文件不存在");
  res.set(subsetFileHeaders(name, file.contentType));
  if ("bytes" in served) {
    const { bytes } = served;
    res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return;
  }
  // A file streamed from disk stays there until the answer is sent, failed or cut off.
  try {
    await sendFile(res, served.file);
  } finally {
    served.release();
  }
}

/** The headers of subset file `name`'s answer but its length. */
export function subsetFileHeaders(name: string, contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    ETag: `"${name}"`, // content-addressed and never rewritten: the name is a strong validator
  };
}

/** Sends `file`'s bytes; settles once they are sent, or with the error that stopped them. */
function sendFile(res: Response, { filePath, start, length }: BundledFile): Promise<void> {
  return new Promise((resolve, reject) => {
    res.sendFile(
      filePath,
      { etag: false, lastModified: false, cacheControl: false, start, end: start + length - 1 },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

async function resolveFonts(fontSource: FontSource, items: SubsetRequestItem[]): Promise<Map<string, FontSourceFile>> {
  const gnos = [...new Set(items.map((item) => item.gno))];
  const files = await Promise.all(gnos.map((gno) => fontSource(gno)));
  const unknown = gnos.filter((_gno, index) => !files[index]);
  if (unknown.length > 0) throw badRequest(`字体 ${unknown.join("、")} 不存在`);
  return new Map(gnos.map((gno, index) => [gno, files[index]!]));
}

function toResponseItem(cache: SubsetCache, item: SubsetRequestItem, entry: SubsetEntry): SubsetResponseItem {
  const fileUrl = (format: Parameters<SubsetCache["fileName"]>[1]) =>
    `${endpointPath(getSubsetFile, { name: cache.fileName(entry, format) })}?t=${entry.createdAt}`;
  return {
    gno: item.gno,
    text: item.text,
    familyName: subsetFamilyName(item.gno, entry.hash),
    woffPath: fileUrl(entry.hasWoff2 ? "woff2" : "woff"),
    ttfPath: fileUrl(entry.sfntFormat),
    ...(entry.lacking && { lacking: String.fromCodePoint(...entry.lacking) }),
  };
}

/** Font files and the subset call are used from other origins (pages on a CDN, SUBSET_BASE elsewhere). */
export const ANY_ORIGIN_HEADERS = { "Access-Control-Allow-Origin": "*" } as const;

export const allowCrossOrigin: RequestHandler = (req, res, next) => {
  res.set(ANY_ORIGIN_HEADERS);
  if (req.method !== "OPTIONS") {
    next();
    return;
  }
  res.set({
    "Access-Control-Allow-Methods": "GET, HEAD, POST, OPTIONS",
    "Access-Control-Allow-Headers": req.get("Access-Control-Request-Headers") ?? "Content-Type",
    "Access-Control-Max-Age": "86400",
  });
  res.status(204).end();
};

export const INVALID_JSON_MESSAGE = "请求体不是合法的 JSON";

export const requireJson: RequestHandler = (req, _res, next) => {
  next(req.is("application/json") ? undefined : badRequest("请求体必须是 JSON（Content-Type: application/json）"));
};

/** body-parser's errors become 400s with a Chinese message; everything else goes to the shared handler. */
export const subsetErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  apiErrorHandler(toRequestError(error), req, res, next);
};

function toRequestError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === "entity.parse.failed") return badRequest(INVALID_JSON_MESSAGE);
  if (type === "entity.too.large") return new ApiError(413, "413", `请求体过大（最多 ${MAX_BODY_BYTES / 1024} KB）`);
  if (type === "charset.unsupported" || type === "encoding.unsupported") {
    return badRequest("请求体编码不受支持，请使用 UTF-8");
  }
  if (status === 404) return notFound("文件不存在");
  if (typeof status === "number" && status >= 400 && status < 500) {
    return badRequest("请求格式不正确");
  }
  return error;
}
