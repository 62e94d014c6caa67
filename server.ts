import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import express from "express";
import compression from "compression";
import helmet from "helmet";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { readServerConfig, type ServerConfig } from "./backend/config.js";
import { createBackend } from "./backend/index.js";
import { createSubsetService } from "./backend/subset/index.js";
import { createLoadContext } from "./app/load-context.js";
import { stripHtmlSuffix } from "./app/utils/html-suffix.js";

const rootDir = path.dirname(fileURLToPath(import.meta.url));

export type RunningServer = { url: string; close(): Promise<void> };

export async function startServer(config: ServerConfig = readServerConfig(process.env)): Promise<RunningServer> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(compression());
  app.use(
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: "cross-origin" },
      // helmet's default `no-referrer` makes Chromium send `Origin: null` on same-site form posts,
      // which Remix's action CSRF check refuses (every no-JS form would answer 500).
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );

  let shuttingDown = false;
  app.get("/healthz", (_req, res) => {
    res.status(shuttingDown ? 503 : 200).json({ status: shuttingDown ? "stopping" : "ok" });
  });

  const closers: Array<() => Promise<void>> = [];

  if (!config.apiBase) {
    const backend = await createBackend({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      publicBaseUrl: config.staticBase,
      account: config.account,
    });
    closers.push(backend.close);
    app.use(backend.router);
    if (!config.subsetBase) {
      const subset = await createSubsetService({
        cacheDir: path.join(config.dataDir, "subset-cache"),
        memoryBudgetBytes: config.subsetMemoryMb * 1024 * 1024,
        cacheMaxBytes: config.subsetCacheMb * 1024 * 1024,
        rateLimitPerMinute: config.subsetRateLimitPerMinute,
        fileRateLimitPerMinute: config.subsetFilesRateLimitPerMinute,
        fontSource: backend.fontSource,
      });
      closers.push(subset.close);
      app.use(subset.router);
    }
  } else if (!config.subsetBase) {
    throw new Error("API_BASE 指向外部后端时，必须同时设置 SUBSET_BASE");
  }

  app.use("/build", express.static(path.join(rootDir, "public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(rootDir, "public"), { maxAge: "1h" }));

  app.use((req, _res, next) => {
    // What loaders forward to the backend as the visitor's address: Express's req.ip honours only
    // the proxies TRUST_PROXY trusts, so a visitor cannot choose it.
    req.headers["x-forwarded-for"] = req.ip ?? "";
    // @remix-run/express builds its Request from originalUrl.
    req.url = req.originalUrl = stripHtmlSuffix(req.originalUrl);
    next();
  });

  // Where loaders reach the embedded backend and subset service over HTTP: this same server, known
  // once it listens (the port may be chosen by the system).
  let internalOrigin = "";
  const build = (await import(path.join(rootDir, "build/index.js"))) as ServerBuild;
  // app.use rather than app.all("*"): a malformed escape like /font/%E0 reaches Remix instead of Express's bare 400.
  app.use(
    createRequestHandler({ build, mode: config.nodeEnv, getLoadContext: () => createLoadContext(internalOrigin) }),
  );

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const listensEverywhere = config.host === "0.0.0.0" || config.host === "::";
  const host = listensEverywhere ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${listensEverywhere ? "localhost" : host}:${port}`;
  internalOrigin = `http://${host}:${port}`;

  async function close() {
    shuttingDown = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const closer of closers.reverse()) await closer();
  }
  return { url, close };
}

const isEntryPoint = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  const running = await startServer();
  console.log(`短视频字体 已启动: ${running.url}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`收到 ${signal}，正在关闭…`);
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
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
