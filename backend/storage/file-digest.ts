import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
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

async function hashFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest("hex").slice(0, 16);
}
