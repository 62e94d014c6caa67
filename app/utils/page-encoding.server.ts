import Negotiator from "negotiator";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

/** The encodings pages and build files are sent in, preferred first. */
const ENCODING_NAMES = ["br", "gzip"];

/**
 * The encodings an `Accept-Encoding` header accepts with a weight above zero, the client's favorite
 * first; Brotli before gzip when their weights are equal (browsers list gzip first).
 */
export function acceptedEncodings(header: string | null | undefined): Set<string> {
  return new Set(
    new Negotiator({ headers: { "accept-encoding": header ?? undefined } }).encodings(ENCODING_NAMES, ENCODING_NAMES),
  );
}

/** Brotli as pages are compressed: quality 4 (the compression middleware's), a 256 KB window. */
export const PAGE_BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
};

/**
 * How a page sent once (a page of new words) is compressed: Brotli quality 2, gzip level 3. On a
 * list of 70 KB they take 0.3–0.4 ms of the main thread against 0.7–1.0 ms at the page levels, for
 * 7–10 % more bytes; each such page is compressed for its one answer, while its subsets are made.
 */
const ONCE_BROTLI_PARAMS = { ...PAGE_BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_QUALITY]: 2 };
const ONCE_GZIP_LEVEL = 3;

/**
 * A whole page compressed at once for a client with this `Accept-Encoding` (null: sent as it is).
 * Streamed through the compression middleware instead, its chunks each wait for a turn of the main
 * thread, which on a page of new words is busy with the subsets the page asked for.
 */
export function encodePage(
  page: Uint8Array,
  acceptEncoding: string | null,
): { body: Uint8Array<ArrayBuffer>; encoding: "br" | "gzip" | null } {
  const preferred = acceptedEncodings(acceptEncoding).values().next().value;
  if (preferred === "br")
    return { body: new Uint8Array(brotliCompressSync(page, { params: ONCE_BROTLI_PARAMS })), encoding: "br" };
  if (preferred === "gzip")
    return { body: new Uint8Array(gzipSync(page, { level: ONCE_GZIP_LEVEL })), encoding: "gzip" };
  return { body: new Uint8Array(page), encoding: null };
}
