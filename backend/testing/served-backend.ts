import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestDatabase } from "../db/testing/test-databases.js";
import { createBackend, type Backend } from "../index.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";

export type ServedBackend = { backend: Backend; server: TestServer; dataDir: string };

/**
 * The whole backend (migrated and seeded) on a database of its own, served on a loopback port for
 * the test file's suite, and torn down after it; no answer may have been a 5xx. Read the fields
 * inside tests: they are set by the suite's beforeAll.
 */
export function useServedBackend(database: TestDatabase, dataDirPrefix: string): ServedBackend {
  const served = {} as ServedBackend;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!database.available) return;
    served.dataDir = await fs.mkdtemp(path.join(os.tmpdir(), dataDirPrefix));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    served.backend = await createBackend({ ...options, dataDir: served.dataDir });
    served.server = await serveRouter(served.backend.router);
  });

  afterAll(async () => {
    if (!database.available) return;
    // 503 is the answer to come back later (with Retry-After), as for a WOFF2 still being made.
    expect(served.server?.statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    await served.server?.close();
    await served.backend?.close();
    await dispose?.();
    await fs.rm(served.dataDir, { recursive: true, force: true });
  });

  return served;
}
