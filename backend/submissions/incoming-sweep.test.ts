import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import { s3Client } from "../blob/s3-blob-store.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { createSubmissionRouter } from "./routes.js";
import { BUCKET, bucketSettings, startCheckedBucket } from "./test-bucket.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const DAY = 24 * 60 * 60_000;

describe.each(TEST_DATABASES)("uploads to the bucket that no submission took, on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let bucket: Awaited<ReturnType<typeof startCheckedBucket>>;
  let client: S3Client;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let clock = Date.now();
  const closers: Array<() => Promise<void>> = [];
  const listings: URLSearchParams[] = [];

  beforeAll(async () => {
    if (!database.available) return;
    bucket = await startCheckedBucket({
      hold: async (req) => {
        const query = new URL(req.url ?? "/", "http://bucket").searchParams;
        if (req.method === "GET" && query.has("prefix")) listings.push(query);
      },
    });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-sweep-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const settings = bucketSettings(bucket.endpoint);
    client = s3Client(settings);
    const router = express.Router();
    router.use(
      createSubmissionRouter({
        db: backend.db,
        dataDir,
        s3: settings,
        now: () => clock,
        incomingSweep: { intervalMs: 50, batch: 2 },
        onClose: (close) => closers.push(close),
      }),
    );
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    await Promise.all(closers.map((close) => close()));
    client?.destroy();
    await server?.close();
    await backend?.close();
    await dispose?.();
    await bucket?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function issued(): Promise<StsToken> {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    url.search = new URLSearchParams({
      contentType: "image/png",
      size: String(PNG.length),
      fileName: "a.png",
    }).toString();
    const body = (await (await fetch(url)).json()) as Envelope<StsToken>;
    expect(body.code, body.message).toBe("200");
    const put = await fetch(body.data.uploadUrl, {
      method: body.data.method,
      headers: body.data.headers,
      body: new Uint8Array(PNG),
    });
    expect(put.status).toBe(200);
    return body.data;
  }

  const present = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  it.skipIf(!database.available)(
    "are removed once their ticket has expired or when no credential was issued for them, a page at a time",
    async () => {
      const abandoned = await issued();
      const strays = ["submissions/incoming/not-issued-by-us", "submissions/incoming/nor-this-one"];
      for (const stray of strays) {
        await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: stray, Body: "x", ContentType: "image/png" }));
      }
      // Three objects old enough at once: more than one sweep's page.
      clock += DAY + 60_000;
      const current = await issued();

      const save = await fetch(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          title: "过期的投稿",
          kind: "作品",
          description: "凭证已经过期。",
          contact: "author@example.com",
          ticket: abandoned.ticket,
          files: [abandoned.key],
        }),
      });
      expect(((await save.json()) as Envelope).message).toBe("投稿凭证已过期，请重新上传文件");

      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const left = await Promise.all([...strays, `submissions/incoming/${abandoned.key}`].map(present));
        if (!left.includes(true)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await present(`submissions/incoming/${abandoned.key}`)).toBe(false);
      for (const stray of strays) expect(await present(stray)).toBe(false);
      // The ticket of this one is a minute old: it may still be submitted.
      expect(await present(`submissions/incoming/${current.key}`)).toBe(true);
      expect(listings.length).toBeGreaterThan(0);
      for (const listing of listings) {
        expect(listing.get("prefix")).toBe("submissions/incoming/");
        expect(listing.get("max-keys")).toBe("2");
      }
      expect(listings.some((listing) => listing.has("marker"))).toBe(true);
    },
  );
});
