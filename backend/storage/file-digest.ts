import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { StoredFile } from "./font-storage.js";

/** Files whose digest is remembered; far more than the catalogue's fonts and slices. */
const DIGESTS_KEPT = 4_096;
const digests = new Map<string, { stamp: string; digest: Promise<string> }>();

/**
 * A digest of the file's bytes (SHA-256, 16 hex digits), remembered while its size and modification
 * time stay the same. What a font's cache version is made of: the same bytes give the same version
 * on every machine, whenever and however the file was installed there.
 */
export function fileDigest(file: StoredFile): Promise<string> {
  const stamp = `${file.size}|${Math.trunc(file.mtimeMs)}`;
  const known = digests.get(file.path);
  if (known?.stamp === stamp) return known.digest;
  if (digests.size >= DIGESTS_KEPT) digests.delete(digests.keys().next().value!);
  const digest = hashFile(file.path);
  digests.set(file.path, { stamp, digest });
  digest.catch(() => digests.delete(file.path));
  return digest;
}

/**
 * Read in chunks of this size into one buffer: a stream's 64 KB chunks, each a new buffer and a trip
 * through the thread pool, took twice the time and CPU (a 10 MB font: 12–14 ms against 8).
 */
const READ_CHUNK_BYTES = 1024 * 1024;

async function hashFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  const file = await open(filePath);
  try {
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(chunk, 0, chunk.byteLength, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hash.digest("hex").slice(0, 16);
}
