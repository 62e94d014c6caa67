import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { forwardedClientIp, type ProxyTrust } from "../../http/client-address.js";
import { serveRouter, type TestServer } from "../../http/testing/test-server.js";
import { createSubsetService, type SubsetService, type SubsetServiceOptions } from "../index.js";
import { testFontSource } from "./fonts.js";

export type ServedTestFontService = {
  service: SubsetService;
  server: TestServer;
  /** Stops the server and the service, and deletes the cache folder unless the caller gave it. */
  close(): Promise<void>;
};

export type TestFontServiceOptions = Omit<SubsetServiceOptions, "fontSource" | "cacheDir" | "memoryBudgetBytes"> & {
  /** A folder kept across restarts; a temporary one by default. */
  cacheDir?: string;
  /** 128 MiB by default. */
  memoryBudgetBytes?: number;
  /** More font numbers than testFontSource's 10001 and 10002, served from these files. */
  fontFiles?: Record<string, string>;
  /** As serveRouter's. */
  trustProxy?: string;
  /** Answers with `previewAnswers` ahead of the service's router, with these headers, as server.ts does. */
  previewAnswerHeaders?: Record<string, string>;
};

/** The subset service over the test fonts (`testing/fonts.ts`), served on a loopback port. */
export async function serveTestFontService(options: TestFontServiceOptions = {}): Promise<ServedTestFontService> {
  const { cacheDir, memoryBudgetBytes, fontFiles, trustProxy, previewAnswerHeaders, ...serviceOptions } = options;
  const ownCacheDir = cacheDir ? null : mkdtempSync(path.join(tmpdir(), "subset-test-"));
  const service = await createSubsetService({
    ...serviceOptions,
    cacheDir: cacheDir ?? ownCacheDir!,
    memoryBudgetBytes: memoryBudgetBytes ?? 128 * 1024 * 1024,
    fontSource: testFontSource(fontFiles),
  });
  const server = await serveRouter(service.router, {
    trustProxy,
    answerFirst:
      previewAnswerHeaders &&
      ((app) =>
        service.previewAnswers({
          headers: previewAnswerHeaders,
          clientIp: (req) => forwardedClientIp(req, app.get("trust proxy fn") as ProxyTrust),
        })),
  });
  return {
    service,
    server,
    async close() {
      await server.close();
      await service.close();
      if (ownCacheDir) rmSync(ownCacheDir, { recursive: true, force: true });
    },
  };
}
