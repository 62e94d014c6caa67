import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import wawoff2 from "wawoff2";
import type { FontStorage, StorageLocation, StoredFile } from "./font-storage.js";

let previousDecode: Promise<unknown> = Promise.resolve();
const decoding = new Map<string, Promise<StoredFile | null>>();

/**
 * The TTF decoded from the WOFF2 at `woff2Location`, kept at `ttfLocation` (under the data
 * directory: HarfBuzz reads sfnt, not WOFF2). Decoded when absent, or when the WOFF2 has changed
 * since (an updated package). The TTF takes the WOFF2's modification time, so every instance of the
 * site, each decoding into a data directory of its own, holds a file of the same size and time: the
 * font version the subset cache derives from them is the same everywhere. Null when the WOFF2 itself
 * is gone. Concurrent calls for one file share the work.
 */
export function decodedFont(
  storage: FontStorage,
  woff2Location: string,
  ttfLocation: StorageLocation,
): Promise<StoredFile | null> {
  const key = storage.resolve(ttfLocation);
  const pending = decoding.get(key);
  if (pending) return pending;
  const job = decode(storage, woff2Location, ttfLocation).finally(() => decoding.delete(key));
  decoding.set(key, job);
  return job;
}

async function decode(
  storage: FontStorage,
  woff2Location: string,
  ttfLocation: StorageLocation,
): Promise<StoredFile | null> {
  const source = await storage.stat(woff2Location);
  if (!source) return null;
  const existing = await storage.stat(ttfLocation);
  if (existing && Math.trunc(existing.mtimeMs) === Math.trunc(source.mtimeMs)) return existing;
  const ttfPath = storage.resolve(ttfLocation);
  const bytes = await decompress(await fs.readFile(source.path));
  await fs.mkdir(path.dirname(ttfPath), { recursive: true });
  // Written aside and renamed, so a crash never leaves a truncated font behind.
  const partial = `${ttfPath}.${randomUUID()}.partial`;
  await fs.writeFile(partial, bytes);
  const modified = new Date(Math.trunc(source.mtimeMs));
  await fs.utimes(partial, modified, modified);
  await fs.rename(partial, ttfPath);
  return storage.stat(ttfLocation);
}

/** One decode at a time: wawoff2 answers a view into its wasm memory, which the next call reuses. */
function decompress(woff2: Uint8Array): Promise<Buffer> {
  const job = previousDecode.then(async () => Buffer.from(await wawoff2.decompress(woff2)));
  previousDecode = job.catch(() => undefined);
  return job;
}
