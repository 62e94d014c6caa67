import fs from "node:fs/promises";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, expect } from "vitest";
import { submissionEndpoints, type StsToken } from "../../../contract/submission.js";
import { s3Client } from "../../blob/s3-blob-store.js";
import type { TestDatabase } from "../../db/testing/test-databases.js";
import { apiErrorHandler } from "../../http/errors.js";
import { serveRouter, type TestServer } from "../../http/testing/test-server.js";
import { createBackend, type Backend } from "../../index.js";
import { createSubmissionRouter, type SubmissionRouterOptions } from "../routes.js";
import { BUCKET, bucketSettings, startCheckedBucket } from "./test-bucket.js";

export type Envelope<T = unknown> = { code: string; message: string; data: T };

/** A small PNG: its signature, then filler. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

type CheckedBucket = Awaited<ReturnType<typeof startCheckedBucket>>;

export type SubmissionSetup = {
  /** Prefix of the backend's temporary data directory. */
  dataDirPrefix: string;
  /** Passed to the bucket: may keep a request waiting, or look at it. */
  hold?: (req: http.IncomingMessage) => Promise<void>;
  /**
   * The options of the submission router served, besides its database and data directory; by default
   * credentials for the bucket. Absent with `wholeBackend`.
   */
  router?: (context: {
    bucket: CheckedBucket;
    /** Called after the suite, before the backend is closed. */
    onClose(close: () => Promise<void>): void;
  }) => Omit<SubmissionRouterOptions, "db" | "dataDir" | "onClose">;
  /** Serves the whole backend, given the bucket as its S3 settings, instead of a submission router of its own. */
  wholeBackend?: boolean;
  /** Set when a test makes the backend answer 500 on purpose; otherwise the suite asserts that none did. */
  serverErrorsExpected?: boolean;
};

export type ServedSubmissions = {
  bucket: CheckedBucket;
  /** A client of the bucket, to look at what is stored. */
  client: S3Client;
  backend: Backend;
  server: TestServer;
  dataDir: string;
  /** Closes the backend; closing it again (as the suite does at its end) does nothing. */
  closeBackend(): Promise<void>;
  /** A credential for `bytes` of `contentType`, answered with 200. */
  grant(bytes: Buffer, contentType: string, options?: { fileName?: string; ticket?: string }): Promise<StsToken>;
  /** Sends `bytes` with the credential, by its method and headers unless others are given. */
  upload(grant: StsToken, bytes: Buffer, headers?: Record<string, string>): Promise<Response>;
  save(body: unknown): Promise<{ status: number; body: Envelope<{ id: number }> }>;
  /** The object `key` in the bucket, or null when there is none. */
  stored(key: string): Promise<Buffer | null>;
};

/**
 * An S3-compatible bucket checking presigned requests (startCheckedBucket), a backend on a database
 * of its own, and submission routes using both served on a loopback port for the test file's suite,
 * torn down after it. Read the fields inside tests: they are set by the suite's beforeAll.
 */
export function useServedSubmissions(database: TestDatabase, setup: SubmissionSetup): ServedSubmissions {
  const closers: Array<() => Promise<void>> = [];
  let dispose: (() => Promise<void>) | undefined;
  let closing: Promise<void> | undefined;

  const served: ServedSubmissions = {
    closeBackend: () => (closing ??= served.backend.close()),
    async grant(bytes, contentType, { fileName = "样张.png", ticket } = {}) {
      const url = new URL(submissionEndpoints.getStsToken.path, served.server.origin);
      url.searchParams.set("contentType", contentType);
      url.searchParams.set("size", String(bytes.length));
      url.searchParams.set("fileName", fileName);
      if (ticket) url.searchParams.set("ticket", ticket);
      const response = await fetch(url);
      const body = (await response.json()) as Envelope<StsToken>;
      expect(response.status, body.message).toBe(200);
      return body.data;
    },
    upload: (grant, bytes, headers = grant.headers) =>
      fetch(new URL(grant.uploadUrl, served.server.origin), {
        method: grant.method,
        headers,
        body: new Uint8Array(bytes),
      }),
    async save(body) {
      const response = await fetch(new URL(submissionEndpoints.saveSubmission.path, served.server.origin), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Envelope<{ id: number }> };
    },
    async stored(key) {
      try {
        const answer = await served.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
  } as ServedSubmissions;

  beforeAll(async () => {
    if (!database.available) return;
    served.bucket = await startCheckedBucket({ hold: setup.hold });
    const settings = bucketSettings(served.bucket.endpoint);
    served.client = s3Client(settings);
    served.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), setup.dataDirPrefix));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    if (setup.wholeBackend) {
      served.backend = await createBackend({ ...options, dataDir: served.dataDir, s3: settings });
      served.server = await serveRouter(served.backend.router);
      return;
    }
    served.backend = await createBackend({ ...options, dataDir: served.dataDir });
    const onClose = (close: () => Promise<void>) => closers.push(close);
    const router = express.Router();
    router.use(
      createSubmissionRouter({
        db: served.backend.db,
        dataDir: served.dataDir,
        onClose,
        ...(setup.router?.({ bucket: served.bucket, onClose }) ?? { s3: settings }),
      }),
    );
    router.use(apiErrorHandler);
    served.server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    if (!setup.serverErrorsExpected) {
      expect(served.server?.statuses.filter((status) => status >= 500)).toEqual([]);
    }
    await Promise.all(closers.map((close) => close()));
    served.client?.destroy();
    await served.server?.close();
    if (served.backend) await served.closeBackend();
    await dispose?.();
    await served.bucket?.close();
    if (served.dataDir) await fs.rm(served.dataDir, { recursive: true, force: true });
  });

  return served;
}
