import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { TestDatabase } from "../../db/testing/test-databases.js";
import { serveRouter, type TestServer } from "../../http/testing/test-server.js";
import { createBackend, type Backend } from "../../index.js";
import { createSubsetService, type SubsetService } from "../index.js";

export type ServedSubsetService = { backend: Backend; server: TestServer };

/**
 * The whole backend (migrated and seeded) on a database of its own, and the subset service over its
 * catalogue and variable fonts served on a loopback port for the test file's suite, torn down after
 * it. Read the fields inside tests: they are set by the suite's beforeAll.
 */
export function useServedSubsetService(database: TestDatabase, dataDirPrefix: string): ServedSubsetService {
  const served = {} as ServedSubsetService;
  let subset: SubsetService | undefined;
  let dataDir: string;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), dataDirPrefix));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    served.backend = await createBackend({ ...options, dataDir });
    subset = await createSubsetService({
      cacheDir: path.join(dataDir, "subset-cache"),
      memoryBudgetBytes: 256 * 1024 * 1024,
      fontSource: served.backend.fontSource,
      variableFontSource: served.backend.variableFontSource,
      webFontCatalogue: served.backend.webFontCatalogue,
    });
    served.server = await serveRouter(subset.router);
  });

  afterAll(async () => {
    if (!database.available) return;
    await served.server?.close();
    await subset?.close();
    await served.backend?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  return served;
}
