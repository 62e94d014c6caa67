import fs from "node:fs/promises";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { InMemoryRateLimiter } from "../http/rate-limit.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { createSubmissionRouter } from "./routes.js";
import { submissionDb } from "./tables.js";
import { bucketSettings, startCheckedBucket } from "./test-bucket.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const FIELDS = {
  title: "并发的投稿",
  kind: "作品",
  description: "同一张凭证提交两次。",
  contact: "author@example.com",
};

/** A gate the bucket's HEAD requests wait at while it is closed. */
function headGate() {
  let open!: () => void;
  let seen!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const headSeen = new Promise<void>((resolve) => (seen = resolve));
  let closed = false;
  return {
    headSeen,
    close: () => (closed = true),
    open,
    hold: async (req: http.IncomingMessage) => {
      if (!closed || req.method !== "HEAD") return;
      seen();
      await opened;
    },
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), ms))]);

describe.each(TEST_DATABASES)("saving one 投稿 while its files are checked in the bucket, on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let bucket: Awaited<ReturnType<typeof startCheckedBucket>>;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let gate = headGate();

  beforeAll(async () => {
    if (!database.available) return;
    bucket = await startCheckedBucket({ hold: (req) => gate.hold(req) });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-claims-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const router = express.Router();
    router.use(
      createSubmissionRouter({
        db: backend.db,
        dataDir,
        s3: bucketSettings(bucket.endpoint),
        submissionLimiter: new InMemoryRateLimiter({ limit: 100, windowMs: 60_000 }),
      }),
    );
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    gate.open();
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await backend?.close();
    await dispose?.();
    await bucket?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const skip = !database.available;

  async function issued(bytes: Buffer, contentType: string): Promise<StsToken> {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    url.searchParams.set("contentType", contentType);
    url.searchParams.set("size", String(bytes.length));
    url.searchParams.set("fileName", "样张.png");
    const response = await fetch(url);
    const body = (await response.json()) as Envelope<StsToken>;
    expect(response.status, body.message).toBe(200);
    return body.data;
  }

  async function save(body: unknown) {
    const response = await fetch(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<{ id: number }> };
  }

  it.skipIf(skip)(
    "two saves of one ticket at once make one submission; the other is refused while the first checks its file",
    async () => {
      const grant = await issued(PNG, "image/png");
      const put = await fetch(grant.uploadUrl, {
        method: grant.method,
        headers: grant.headers,
        body: new Uint8Array(PNG),
      });
      expect(put.status).toBe(200);

      gate = headGate();
      gate.close();
      try {
        const first = save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] });
        await gate.headSeen;
        // The bucket has not answered the first save; the database must still serve others.
        expect(await within(issued(PNG, "image/png"), 3_000)).not.toBe("timed out");
        const second = await within(save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] }), 3_000);
        expect(second).toEqual({
          status: 409,
          body: { code: "409", message: "这次投稿正在提交，请不要重复提交", data: null },
        });
        gate.open();
        const saved = await first;
        expect(saved.status, saved.body.message).toBe(200);
      } finally {
        gate.open();
      }

      const rows = await submissionDb(backend.db)
        .selectFrom("submission")
        .select("id")
        .where("title", "=", FIELDS.title)
        .execute();
      expect(rows).toHaveLength(1);
      expect((await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] })).body.message).toBe(
        "这次投稿已经提交过了",
      );
    },
  );

  it.skipIf(skip)("a save refused by the bucket's check lets the ticket be saved again", async () => {
    const grant = await issued(PNG, "image/png");
    expect((await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] })).body.message).toBe(
      "文件还没有上传完成，请重新上传",
    );
    await fetch(grant.uploadUrl, { method: grant.method, headers: grant.headers, body: new Uint8Array(PNG) });
    const saved = await save({ ...FIELDS, title: "第二次才成功", ticket: grant.ticket, files: [grant.key] });
    expect(saved.status, saved.body.message).toBe(200);
  });
});
