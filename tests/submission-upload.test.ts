import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, describe, expect, it } from "vitest";
import { submitWork } from "~/services/submission.server";
import { bucketSettings, startCheckedBucket } from "../backend/submissions/testing/test-bucket.js";
import { submissionDb } from "../backend/submissions/tables.js";
import { serveRouter } from "../backend/http/testing/test-server.js";
import { createBackend } from "../backend/index.js";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 5)]);
const TTF = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(500, 3)]);
const FIELDS = { title: "网站投稿", kind: "字体" as const, description: "从网站上传。", contact: "author@example.com" };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The embedded backend on loopback, with or without a bucket, and a caller of the website's services. */
async function site(options: { bucket: boolean }) {
  const bucket = options.bucket ? await startCheckedBucket() : undefined;
  if (bucket) cleanups.push(bucket.close);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-upload-test-"));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const backend = await createBackend({
    inMemoryDatabase: true,
    dataDir,
    s3: bucket ? bucketSettings(bucket.endpoint) : undefined,
  });
  cleanups.push(backend.close);
  const server = await serveRouter(backend.router);
  cleanups.push(server.close);
  const caller = {
    request: new Request("http://site.test/submit", { method: "POST" }),
    context: { internalOrigin: server.origin } as unknown as AppLoadContext,
  };
  return { bucket, backend, dataDir, server, caller };
}

const uploads = () => [
  { file: new File([PNG], "样张.png", { type: "image/png" }), type: "image/png" as const },
  { file: new File([TTF], "字体.ttf", { type: "font/ttf" }), type: "font/ttf" as const },
];

describe("the website's 投稿 upload", () => {
  it("sends each file where its credential says, straight into the bucket when S3 is configured", async () => {
    const { bucket, backend, server, caller } = await site({ bucket: true });
    const { id } = await submitWork(caller, FIELDS, uploads());
    const files = await submissionDb(backend.db)
      .selectFrom("submission_upload")
      .select(["size", "content_type"])
      .where("submission_id", "=", id)
      .orderBy("content_type")
      .execute();
    expect(files).toEqual([
      { size: TTF.length, content_type: "font/ttf" },
      { size: PNG.length, content_type: "image/png" },
    ]);
    // Every PUT passed the bucket's signature check; none went to the backend's upload endpoint.
    expect(bucket!.refused).toEqual([]);
    expect(server.statuses.filter((status) => status >= 400)).toEqual([]);
  });

  it("sends each file to the backend's signed upload endpoint without S3", async () => {
    const { dataDir, backend, caller } = await site({ bucket: false });
    const { id } = await submitWork(caller, FIELDS, uploads());
    const files = await submissionDb(backend.db)
      .selectFrom("submission_upload")
      .select(["key", "content_type"])
      .where("submission_id", "=", id)
      .orderBy("content_type")
      .execute();
    expect(files.map((file) => file.content_type)).toEqual(["font/ttf", "image/png"]);
    expect((await fs.readFile(path.join(dataDir, "submissions", files[1]!.key))).equals(PNG)).toBe(true);
  });
});
