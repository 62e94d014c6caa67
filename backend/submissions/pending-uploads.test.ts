import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submissionEndpoints, type StsToken } from "../../contract/submission.js";
import { openMigratedDatabase, TEST_DATABASES } from "../db/testing/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import type { Database } from "../db/schema.js";
import type { Kysely } from "kysely";
import { createSubmissionRouter, type SubmissionRouterOptions } from "./routes.js";
import { submissionDb } from "./tables.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const png = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 7)]);
const FIELDS = { title: "秋日手写体", kind: "字体", description: "手写体。", contact: "author@example.com" };
const MINUTE = 60_000;

type Answer<T> = { status: number; headers: http.IncomingHttpHeaders; body: Envelope<T> };

/** A request from a given loopback address (127.0.0.x), with any headers. */
function request<T>(
  url: URL,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: options.from ?? "127.0.0.1" },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text) as Envelope<T> }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

describe.each(TEST_DATABASES)("uploads not yet submitted, on $name", (database) => {
  let db: Kysely<Database>;
  let closeDatabase: () => Promise<void>;
  let dataDir: string;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-pending-"));
    ({ db, close: closeDatabase } = await openMigratedDatabase(database));
  });

  afterAll(async () => {
    if (!database.available) return;
    for (const close of closers.splice(0)) await close();
    await closeDatabase?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Submission routes of their own over the test database, served on loopback without trusting any proxy. */
  async function serve(options: Omit<SubmissionRouterOptions, "db" | "dataDir">): Promise<TestServer> {
    const router = express.Router();
    router.use(createSubmissionRouter({ db, dataDir, ...options, onClose: (close) => closers.push(close) }));
    router.use(apiErrorHandler);
    const server = await serveRouter(router);
    closers.unshift(server.close);
    return server;
  }

  function grant(server: TestServer, bytes: number, from?: string, headers: Record<string, string> = {}) {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    url.search = new URLSearchParams({
      contentType: "image/png",
      size: String(bytes),
      fileName: "样张.png",
    }).toString();
    return request<StsToken>(url, { from, headers });
  }

  function upload(server: TestServer, token: StsToken, from?: string) {
    return request<unknown>(new URL(token.uploadUrl, server.origin), {
      from,
      method: "PUT",
      headers: token.headers,
      body: png(token.maxSize),
    });
  }

  function save(server: TestServer, token: StsToken, from?: string) {
    return request<{ id: number }>(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
      from,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: Buffer.from(JSON.stringify({ ...FIELDS, ticket: token.ticket, files: [token.key] })),
    });
  }

  it.skipIf(!database.available)(
    "are bounded per client address, which X-Forwarded-For from an untrusted peer cannot change, and in all",
    async () => {
      const server = await serve({ pendingBounds: { perClientBytes: 1_000, totalBytes: 1_500 } });
      const first = await grant(server, 600);
      expect(first.status).toBe(200);

      const again = await grant(server, 600, undefined, { "X-Forwarded-For": "203.0.113.5" });
      expect(again.status).toBe(429);
      expect(again.body.message).toBe("你上传后尚未提交的文件太多，请先提交投稿，或稍后再试");
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(15 * 60);

      // Another address has its own share, within what all clients together may have.
      expect((await grant(server, 600, "127.0.0.2")).status).toBe(200);
      const full = await grant(server, 400, "127.0.0.2");
      expect(full.status).toBe(503);
      expect(full.body.message).toBe("等待提交的上传文件太多，暂时不能接收新的上传，请稍后再试");
      expect(Number(full.headers["retry-after"])).toBeGreaterThan(0);

      // A submitted file no longer waits: its bytes count no more.
      expect((await upload(server, first.body.data)).status).toBe(200);
      expect((await save(server, first.body.data)).status).toBe(200);
      expect((await grant(server, 600)).status).toBe(200);
    },
  );

  it.skipIf(!database.available)(
    "are removed, file and credential, by the first sweep after their credential expired and the grace passed",
    async () => {
      let clock = Date.now();
      const server = await serve({
        now: () => clock,
        sweep: { intervalMs: 20, batch: 10 },
        pendingBounds: { perClientBytes: 1_000, totalBytes: 10_000 },
      });
      const granted = async () => {
        const answer = await grant(server, 500, "127.0.0.3");
        expect(answer.status, answer.body.message).toBe(200);
        return answer.body.data;
      };
      const uploaded = async (token: StsToken) => {
        const answer = await upload(server, token, "127.0.0.3");
        expect(answer.status, answer.body.message).toBe(200);
      };
      const abandoned = await granted();
      const submitted = await granted();
      for (const token of [abandoned, submitted]) await uploaded(token);
      const saved = await save(server, submitted, "127.0.0.3");
      expect(saved.status, saved.body.message).toBe(200);
      const file = (key: string) => path.join(dataDir, "submissions", key);
      await fs.access(file(abandoned.key));

      // The credential lives 15 minutes, the file five more.
      clock += 20 * MINUTE + 1_000;
      const fresh = await granted();
      await uploaded(fresh);
      const rows = () =>
        submissionDb(db)
          .selectFrom("submission_upload")
          .select("key")
          .where("key", "in", [abandoned.key, submitted.key, fresh.key])
          .execute();
      for (let tries = 0; (await rows()).length > 2 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await rows()).map((row) => row.key).sort()).toEqual([submitted.key, fresh.key].sort());
      // The sweep forgets the row, then deletes the file.
      const abandonedFile = () =>
        fs.access(file(abandoned.key)).then(
          () => "present",
          () => "gone",
        );
      await expect.poll(abandonedFile, { timeout: 5_000 }).toBe("gone");
      await fs.access(file(submitted.key));
      await fs.access(file(fresh.key));
      // Its bytes no longer count against its client (500 of the fresh one plus 500 fit in 1 000).
      expect((await grant(server, 500, "127.0.0.3")).status).toBe(200);
      const late = await save(server, abandoned, "127.0.0.3");
      expect(late.status).toBe(400);
      expect(late.body.message).toBe("文件不属于这次投稿，请重新上传");
    },
  );
});
