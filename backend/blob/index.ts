import path from "node:path";
import type { BlobStore } from "./blob-store.js";
import { DiskBlobStore } from "./disk-blob-store.js";
import type { S3Settings } from "./s3-blob-store.js";

export type { BlobStore } from "./blob-store.js";
export type { S3Settings } from "./s3-blob-store.js";
export { DiskBlobStore };

/** The bucket when S3 is configured, otherwise files under `<dataDir>/uploads`. */
export async function openBlobStore(options: { dataDir: string; s3?: S3Settings }): Promise<BlobStore> {
  if (!options.s3) return new DiskBlobStore(path.join(options.dataDir, "uploads"));
  // The S3 client is loaded only by the sites that use it.
  const { S3BlobStore } = await import("./s3-blob-store.js");
  return new S3BlobStore(options.s3);
}
