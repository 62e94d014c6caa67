import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import { TEST_DATABASES } from "../db/test-databases.js";
import { serveRouter, type TestServer } from "../http/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { bucketSettings, startCheckedBucket } from "./test-bucket.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** A PUT on a connection of its own, closed after the answer, so only the backend's connections stay. */
function putOnce(url: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "PUT", headers, agent: false }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe.each(TEST_DATABASES)("a backend with a bucket, closed, on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let bucket: Awaited<ReturnType<typeof startCheckedBucket>>;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    bucket = await startCheckedBucket();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-close-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir, s3: bucketSettings(bucket.endpoint) });
    server = await serveRouter(backend.router);
  });

  afterAll(async () => {
    if (!database.available) return;
    await server?.close();
    await dispose?.();
    await bucket?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!database.available)("keeps no connection to the bucket once closed", async () => {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    url.search = new URLSearchParams({
      contentType: "image/png",
      size: String(PNG.length),
      fileName: "a.png",
    }).toString();
    const grant = ((await (await fetch(url)).json()) as Envelope<StsToken>).data;
    expect(await putOnce(grant.uploadUrl, grant.headers, PNG)).toBe(200);
    const saved = await fetch(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        title: "关闭前的投稿",
        kind: "作品",
        description: "检查对象存储的连接。",
        contact: "author@example.com",
        ticket: grant.ticket,
        files: [grant.key],
      }),
    });
    expect(saved.status).toBe(200);
    // The submission's checks went to the bucket over connections the S3 client keeps alive.
    expect(bucket.openConnections()).toBeGreaterThan(0);

    await backend.close();
    const deadline = Date.now() + 2_000;
    while (bucket.openConnections() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(bucket.openConnections()).toBe(0);
  });
});
