import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import wawoff2 from "wawoff2";
import { dataLocation, type FontStorage, type StoredFile } from "../storage/font-storage.js";

/** Under the data directory, beside the catalogue's decoded fonts. */
const DECODED_FOLDER = "fonts/variable";

let previousDecode: Promise<unknown> = Promise.resolve();
const decoding = new Map<string, Promise<StoredFile | null>>();

/**
 * The TTF of a published WOFF2 slice, decoded once under the data directory (HarfBuzz reads sfnt,
 * not WOFF2). Null when the WOFF2 itself is gone. Concurrent calls for one slice share the work.
 */
export function decodedSlice(storage: FontStorage, woff2Location: string): Promise<StoredFile | null> {
  const ttfLocation = dataLocation(path.join(DECODED_FOLDER, `${path.posix.basename(woff2Location, ".woff2")}.ttf`));
  const key = storage.resolve(ttfLocation);
  const pending = decoding.get(key);
  if (pending) return pending;
  const job = decode(storage, woff2Location, ttfLocation).finally(() => decoding.delete(key));
  decoding.set(key, job);
  return job;
}

async function decode(storage: FontStorage, woff2Location: string, ttfLocation: string): Promise<StoredFile | null> {
  const existing = await storage.stat(ttfLocation);
  if (existing) return existing;
  const source = await storage.stat(woff2Location);
  if (!source) return null;
  const ttfPath = storage.resolve(ttfLocation);
  const bytes = await decompress(await fs.readFile(source.path));
  await fs.mkdir(path.dirname(ttfPath), { recursive: true });
  // Written aside and renamed, so a crash never leaves a truncated font behind.
  const partial = `${ttfPath}.${randomUUID()}.partial`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, ttfPath);
  return storage.stat(ttfLocation);
}

/** One decode at a time: wawoff2 answers a view into its wasm memory, which the next call reuses. */
function decompress(woff2: Uint8Array): Promise<Buffer> {
  const job = previousDecode.then(async () => Buffer.from(await wawoff2.decompress(woff2)));
  previousDecode = job.catch(() => undefined);
  return job;
}
