import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import { s3Client } from "../blob/s3-blob-store.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { createSubmissionRouter } from "./routes.js";
import { submissionDb } from "./tables.js";
import { BUCKET, bucketSettings, startCheckedBucket } from "./test-bucket.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(191, 1)]);
const FIELDS = {
  title: "桶里的投稿",
  kind: "作品",
  description: "直接上传到对象存储。",
  contact: "author@example.com",
};

describe.each(TEST_DATABASES)("投稿 straight to an S3 bucket on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let bucket: Awaited<ReturnType<typeof startCheckedBucket>>;
  let client: S3Client;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    bucket = await startCheckedBucket();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-s3-data-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const settings = bucketSettings(bucket.endpoint);
    client = s3Client(settings);
    const router = express.Router();
    router.use(createSubmissionRouter({ db: backend.db, dataDir, s3: settings }));
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    client?.destroy();
    await server?.close();
    await backend?.close();
    await dispose?.();
    await bucket?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const skip = !database.available;

  async function issued(bytes: Buffer, contentType: string, ticket?: string): Promise<StsToken> {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    url.searchParams.set("contentType", contentType);
    url.searchParams.set("size", String(bytes.length));
    url.searchParams.set("fileName", "样张.bin");
    if (ticket) url.searchParams.set("ticket", ticket);
    const response = await fetch(url);
    const body = (await response.json()) as Envelope<StsToken>;
    expect(response.status, body.message).toBe(200);
    return body.data;
  }

  function put(grant: StsToken, bytes: Buffer, headers: Record<string, string> = grant.headers) {
    return fetch(grant.uploadUrl, { method: grant.method, headers, body: new Uint8Array(bytes) });
  }

  async function save(body: unknown) {
    const response = await fetch(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<{ id: number }> };
  }

  async function stored(key: string): Promise<Buffer | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch {
      return null;
    }
  }

  it.skipIf(skip)("a credential is a presigned S3 PUT that takes exactly the granted type and size", async () => {
    const grant = await issued(PNG, "image/png");
    const url = new URL(grant.uploadUrl);
    expect(url.origin).toBe(bucket.endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/submissions/incoming/${grant.key}`);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(
      expect.arrayContaining(["content-length", "content-type", "host"]),
    );
    expect(grant).toMatchObject({ method: "PUT", headers: { "Content-Type": "image/png" }, maxSize: PNG.length });

    expect((await put(grant, PNG, { "Content-Type": "image/jpeg" })).status).toBe(403);
    expect((await put(grant, Buffer.concat([PNG, Buffer.alloc(1024, 1)]))).status).toBe(403);
    expect(bucket.refused).toEqual(["PUT", "PUT"]);
    await expect(
      client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `submissions/incoming/${grant.key}` })),
    ).rejects.toThrow();

    expect((await put(grant, PNG)).status).toBe(200);
    const saved = await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] });
    expect(saved.status, saved.body.message).toBe(200);
    expect((await stored(`submissions/${grant.key}`))?.equals(PNG)).toBe(true);
    expect(await stored(`submissions/incoming/${grant.key}`)).toBeNull();
    const row = await submissionDb(backend.db)
      .selectFrom("submission_upload")
      .select(["size", "submission_id"])
      .where("key", "=", grant.key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ size: PNG.length, submission_id: saved.body.data.id });
  });

  it.skipIf(skip)("a submission refuses a file not uploaded yet, or whose first bytes are not its type", async () => {
    const disguised = await issued(PDF, "image/png");
    const pending = await issued(PNG, "image/png", disguised.ticket);
    expect((await save({ ...FIELDS, ticket: disguised.ticket, files: [pending.key] })).body.message).toBe(
      "文件还没有上传完成，请重新上传",
    );

    expect((await put(disguised, PDF)).status).toBe(200);
    expect(await save({ ...FIELDS, ticket: disguised.ticket, files: [disguised.key] })).toEqual({
      status: 400,
      body: { code: "400", message: "文件内容不是所声明的类型，请检查文件", data: null },
    });
    expect(await stored(`submissions/incoming/${disguised.key}`)).toBeNull();
    expect(await stored(`submissions/${disguised.key}`)).toBeNull();

    // The other file of the same ticket is still taken once it is uploaded.
    expect((await put(pending, PNG)).status).toBe(200);
    const saved = await save({ ...FIELDS, ticket: disguised.ticket, files: [pending.key] });
    expect(saved.status, saved.body.message).toBe(200);
  });
});
