import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import type { BlobStore } from "../blob/blob-store.js";
import { S3BlobStore } from "../blob/s3-blob-store.js";
import { startS3rver } from "../blob/test-s3rver.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { submissionDb } from "./tables.js";
import { createSubmissionRouter } from "./routes.js";
import { bucketSettings } from "./test-bucket.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const TTF = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(2 * 1024 * 1024, 3)]);

/** The bucket, except that its next write fails and that it refuses to be handed a whole file in memory. */
class FlakyBucket implements BlobStore {
  failNext = false;
  constructor(private readonly store: S3BlobStore) {}
  put(): Promise<void> {
    throw new Error("an upload is to be streamed, not read into memory");
  }
  async putFile(key: string, file: string, contentType: string): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error("the bucket did not answer");
    }
    await this.store.putFile(key, file, contentType);
  }
  get(key: string) {
    return this.store.get(key);
  }
  delete(key: string) {
    return this.store.delete(key);
  }
  list(prefix: string, page?: { after?: string; limit?: number }) {
    return this.store.list(prefix, page);
  }
}

describe.each(TEST_DATABASES)("an upload the backend received, kept in the bucket, on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: S3BlobStore;
  let bucket: FlakyBucket;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    s3 = await startS3rver("uploads", "submission-kept-");
    store = new S3BlobStore(bucketSettings(`http://127.0.0.1:${s3.port}`));
    bucket = new FlakyBucket(store);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-kept-data-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const router = express.Router();
    // Credentials signed by this backend (as before a bucket was configured), files kept in the bucket.
    router.use(createSubmissionRouter({ db: backend.db, dataDir, blobs: bucket }));
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    await server?.close();
    await backend?.close();
    store?.close();
    await dispose?.();
    await s3?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!database.available)(
    "is streamed to the bucket and counts as uploaded only once written there",
    async () => {
      const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
      url.search = new URLSearchParams({
        contentType: "font/ttf",
        size: String(TTF.length),
        fileName: "a.ttf",
      }).toString();
      const grant = ((await (await fetch(url)).json()) as Envelope<StsToken>).data;
      const upload = () =>
        fetch(new URL(grant.uploadUrl, server.origin), {
          method: "PUT",
          headers: { "Content-Type": "font/ttf" },
          body: new Uint8Array(TTF),
        });

      bucket.failNext = true;
      expect((await upload()).status).toBe(500);
      const row = () =>
        submissionDb(backend.db)
          .selectFrom("submission_upload")
          .select(["size", "uploaded_at"])
          .where("key", "=", grant.key)
          .executeTakeFirstOrThrow();
      expect(await row()).toEqual({ size: null, uploaded_at: null });

      // The same credential works again once the bucket does.
      const answer = await upload();
      expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(200);
      expect((await store.get(`submissions/${grant.key}`))?.equals(TTF)).toBe(true);
      expect(await row()).toMatchObject({ size: TTF.length, uploaded_at: expect.any(Date) });
      expect(await fs.readdir(path.join(dataDir, "submissions"))).toEqual([]);
    },
  );
});
