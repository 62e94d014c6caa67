import path from "node:path";
import { DiskBlobStore } from "./disk-blob-store.js";
import { S3BlobStore, type S3Settings } from "./s3-blob-store.js";
import type { BlobStore } from "./blob-store.js";

export type { BlobStore } from "./blob-store.js";
export type { S3Settings } from "./s3-blob-store.js";
export { DiskBlobStore, S3BlobStore };

/** The bucket when S3 is configured, otherwise files under `<dataDir>/uploads`. */
export function openBlobStore(options: { dataDir: string; s3?: S3Settings }): BlobStore {
  if (options.s3) return new S3BlobStore(options.s3);
  return new DiskBlobStore(path.join(options.dataDir, "uploads"));
}
