import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { BlobStore } from "../blob/blob-store.js";
import { S3BlobStore } from "../blob/s3-blob-store.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedSubmissions } from "./testing/served-submissions.js";
import { submissionDb } from "./tables.js";
import { bucketSettings } from "./testing/test-bucket.js";

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
  let store: S3BlobStore;
  let bucket: FlakyBucket;
  const served = useServedSubmissions(database, {
    dataDirPrefix: "submission-kept-data-",
    // Credentials signed by this backend (as before a bucket was configured), files kept in the bucket.
    router: ({ bucket: checked, onClose }) => {
      store = new S3BlobStore(bucketSettings(checked.endpoint));
      bucket = new FlakyBucket(store);
      onClose(async () => store.close());
      return { blobs: bucket };
    },
    serverErrorsExpected: true,
  });

  it.skipIf(!database.available)(
    "is streamed to the bucket and counts as uploaded only once written there",
    async () => {
      const grant = await served.grant(TTF, "font/ttf", { fileName: "a.ttf" });
      const upload = () => served.upload(grant, TTF);

      bucket.failNext = true;
      expect((await upload()).status).toBe(500);
      const row = () =>
        submissionDb(served.backend.db)
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
      expect(await fs.readdir(path.join(served.dataDir, "submissions"))).toEqual([]);
    },
  );
});
