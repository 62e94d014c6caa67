import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "node:http";
import express from "express";
import compression from "compression";
import { readServerConfig, type ServerConfig } from "./config.js";
import { createBackend } from "./index.js";
import { createSubsetService } from "./subset/index.js";

/**
 * The backend on its own: the web API and the font-subset service on one port, for a website
 * deployed separately (`remix-serve build/index.js` with API_BASE and SUBSET_BASE pointing here).
 * Reads the same variables as server.ts (PORT, HOST, DATA_DIR, DATABASE_URL, SUBSET_*, SMTP…).
 */
export async function startBackendServer(
  config: ServerConfig = readServerConfig(process.env),
): Promise<{ url: string; close(): Promise<void> }> {
  const backend = await createBackend({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    publicBaseUrl: config.staticBase,
    account: config.account,
  });
  const subset = await createSubsetService({
    cacheDir: path.join(config.dataDir, "subset-cache"),
    memoryBudgetBytes: config.subsetMemoryMb * 1024 * 1024,
    cacheMaxBytes: config.subsetCacheMb * 1024 * 1024,
    rateLimitPerMinute: config.subsetRateLimitPerMinute,
    fileRateLimitPerMinute: config.subsetFilesRateLimitPerMinute,
    fontSource: backend.fontSource,
    variableFontSource: backend.variableFontSource,
  });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(compression());
  let shuttingDown = false;
  app.get("/healthz", (_req, res) => {
    res.status(shuttingDown ? 503 : 200).json({ status: shuttingDown ? "stopping" : "ok" });
  });
  app.use(backend.router);
  app.use(subset.router);

  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const listensEverywhere = config.host === "0.0.0.0" || config.host === "::";
  const host = listensEverywhere ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    async close() {
      shuttingDown = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await subset.close();
      await backend.close();
    },
  };
}

const isEntryPoint = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  const running = await startBackendServer();
  console.log(`短视频字体 后端已启动: ${running.url}`);
  const shutdown = () => {
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
