import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer, type Server } from "node:http";
import express, { type Response } from "express";
import compression from "compression";
import helmet from "helmet";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { readServerConfig, type ServerConfig } from "./backend/config.js";
import { forwardedClientIp, type ProxyTrust } from "./backend/http/client-address.js";
import { codeChannelsNotice, createBackend } from "./backend/index.js";
import { createSubsetService } from "./backend/subset/index.js";
import { readWebsiteConfig, type WebsiteConfig } from "./app/config.server.js";
import { createLoadContext } from "./app/load-context.js";
import { addFontVisits } from "./app/services/catalogue.server.js";
import { stripHtmlSuffix } from "./app/utils/html-suffix.js";
import { anonymousPageCache, keptPageKey } from "./server/page-cache.js";
import { visitorPagesFromTemplates } from "./server/visitor-pages.js";
import { KeptPages } from "./app/utils/kept-pages.js";
import type { VisitorPageTemplate } from "./app/utils/visitor-page-template.server.js";
import { missingBuildFile, precompressedAssets } from "./server/precompressed-assets.js";
import { assignCspNonce, contentSecurityPolicyDirectives, cspNonce } from "./server/content-security-policy.js";
import { buildForDataRequests } from "./server/resource-route-data.js";
import { withDefaultRouteHandlers } from "./server/default-route-handlers.js";
import { refuseCrossSiteRequests } from "./server/cross-site-requests.js";
import { answerPageOptions, answerRefusedConnections, refuseUnservedMethods } from "./server/http-methods.js";
import { answerUnhandledErrors, refuseUnusableRequestUrl } from "./server/request-url.js";
import { serviceWorkerHeaders } from "./server/service-worker-headers.js";
import { publicFiles } from "./server/public-files.js";
import { plainHttpCookieWarning } from "./server/startup-warnings.js";
import { coalesceFlushes } from "./server/coalesced-flushes.js";
import { SECURITY_HEADERS, SERVICE_SECURITY_HEADER_VALUES, serviceSecurityHeaders } from "./server/security-headers.js";
import { discardUnreadBodies } from "./server/unread-bodies.js";
import { dropStalledBodies, dropStalledBody, limitUploadsInFlight } from "./server/bounded-bodies.js";
import { inProcessExpressApp, inProcessFetch, type BackendFetch } from "./server/in-process-fetch.js";
import { PAGE_BROTLI_PARAMS } from "./app/utils/page-encoding.server.js";

/** The project's folder: this file's own, or two up when it runs compiled as build/server/server.js. */
const rootDir = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  const parent = path.dirname(from);
  return existsSync(path.join(from, "package.json")) || parent === from ? from : projectRoot(parent);
}

export type RunningServer = {
  url: string;
  /** The local outbox page, when the embedded backend keeps one (decision 022). */
  outboxUrl?: string;
  close(): Promise<void>;
};

/** How long a client may take over its request before the connection is dropped. */
export type ConnectionTimeouts = {
  /** Until the request's headers are complete: a client sending them byte by byte is cut off. */
  headersMs: number;
  /** Silence while a body arrives: an upload may take as long as it keeps moving, a stalled one is dropped. */
  bodyIdleMs: number;
  /** Until the whole request, body included, has arrived, however steadily (three 20 MB files at 100 KB/s fit). */
  requestMs: number;
  /** How long an idle keep-alive connection stays open for the next request. */
  keepAliveMs: number;
};

export const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 15_000,
  bodyIdleMs: 20_000,
  requestMs: 15 * 60_000,
  keepAliveMs: 5_000,
};

export type WebLayerOptions = {
  /** The website's settings (cookies, ALLOWED_ORIGINS, public addresses); read from the environment by default. */
  website?: WebsiteConfig;
  connectionTimeouts?: Partial<ConnectionTimeouts>;
  /**
   * Serve only the embedded web API and subset service (`--backend-only`), for a website deployed
   * on its own under remix-serve with API_BASE and SUBSET_BASE pointing here.
   */
  backendOnly?: boolean;
};

export async function startServer(
  config: ServerConfig = readServerConfig(process.env),
  options: WebLayerOptions = {},
): Promise<RunningServer> {
  if (options.backendOnly && config.apiBase) throw new Error("--backend-only 提供内置后端，不能同时设置 API_BASE");
  const website = options.website ?? readWebsiteConfig(process.env);
  const timeouts = { ...DEFAULT_CONNECTION_TIMEOUTS, ...options.connectionTimeouts };
  const closers: Array<() => Promise<void>> = [];
  const embedded = config.apiBase ? undefined : await startEmbeddedServices(config, options);
  if (embedded) closers.push(embedded.close);
  if (config.apiBase && !config.subsetBase) throw new Error("API_BASE 指向外部后端时，必须同时设置 SUBSET_BASE");

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // The requests of every preview in their common form, answered before the app (decision 045).
  const trustedProxies = app.get("trust proxy fn") as ProxyTrust;
  const answerPreview = embedded?.subset?.previewAnswers({
    headers: SERVICE_SECURITY_HEADER_VALUES,
    clientIp: (req) => forwardedClientIp(req, trustedProxies),
    beforeBody: (req, res) => dropStalledBody(req, res, timeouts.bodyIdleMs),
  });
  app.use(discardUnreadBodies);
  app.use(dropStalledBodies(timeouts.bodyIdleMs));
  // The previews' requests `answerPreview` left (other forms: a streamed body, a conditional GET, a
  // file on disk) are answered here, with headers of their own (on their paths only), ahead of what
  // pages need (compression, nonces, the page policy); what their routes do not take (other methods,
  // other paths) goes on to the refusals below.
  if (embedded?.subset) {
    app.use([...embedded.subset.previewPaths], serviceSecurityHeaders);
    app.use(embedded.subset.previewRouter);
  }
  // Brotli's default window (4 MB) is set up for every answer; a rendered page is 70–140 KB, and a
  // 256 KB window compresses it to the same bytes at 1.7 times the answers per second (decision 021).
  app.use(compression({ brotli: { params: PAGE_BROTLI_PARAMS } }));
  app.use(coalesceFlushes);
  app.use(assignCspNonce);
  app.use(
    helmet({
      ...SECURITY_HEADERS,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicyDirectives({
          apiBase: website.apiBase,
          subsetBase: website.subsetBase,
          staticBase: website.staticBase,
          // With another backend (API_BASE) this server cannot tell whether WeChat login is configured.
          wechatFrame: Boolean(config.account.wechatAppId || config.apiBase),
          secure: website.cookieSecure,
          analyticsOrigin: website.analytics?.origin,
        }),
      },
    }),
  );
  app.use(refuseUnservedMethods);
  app.use(refuseUnusableRequestUrl);
  app.use(limitUploadsInFlight(config.uploadsInFlight));

  let shuttingDown = false;
  app.get("/healthz", (_req, res) => {
    res.status(shuttingDown ? 503 : 200).json({ status: shuttingDown ? "stopping" : "ok" });
  });
  if (embedded) {
    app.use(embedded.backendRouter);
    if (embedded.subset) app.use(embedded.subset.restRouter);
  }

  const server: Server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often Node looks for connections past those limits (its default, 30 s, would let a slow
      // client stay up to 30 s longer).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 4)),
    },
    (req, res) => {
      if (!answerPreview?.(req, res)) app(req, res);
    },
  );

  // Where loaders reach the embedded backend and subset service over HTTP: this same server, known
  // once it listens (the port may be chosen by the system).
  let internalOrigin = "";
  if (!options.backendOnly) {
    closers.push(
      await serveWebsite(app, {
        website,
        mode: config.nodeEnv,
        backendFetch: embedded?.backendFetch,
        internalOrigin: () => internalOrigin,
        server,
      }),
    );
  }
  app.use(answerUnhandledErrors);

  answerRefusedConnections(server);
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
  const url = `http://${listensEverywhere ? "localhost" : host}:${port}`;
  internalOrigin = `http://${host}:${port}`;
  const cookieWarning = plainHttpCookieWarning(website);
  if (cookieWarning) console.warn(cookieWarning);

  async function close() {
    shuttingDown = true;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const closer of closers.reverse()) await closer();
  }
  return { url, outboxUrl: embedded?.hasOutbox ? `${url}/outbox` : undefined, close };
}

/**
 * The embedded backend and, unless SUBSET_BASE names another, the subset service; each also reachable
 * in process, without a socket, for the website's loaders (`backendFetch`).
 */
async function startEmbeddedServices(config: ServerConfig, options: WebLayerOptions) {
  const backend = await createBackend({ ...embeddedBackendOptions(config), localOutbox: !options.backendOnly });
  const inProcess = inProcessExpressApp();
  // Its one client is the website in this process, which sends as X-Forwarded-For the visitor's
  // address as TRUST_PROXY resolved it; a TRUST_PROXY that leaves out loopback would otherwise
  // make every visitor this machine.
  inProcess.set("trust proxy", "loopback");
  inProcess.use(backend.router);
  const subset = config.subsetBase
    ? undefined
    : await createSubsetService({
        cacheDir: path.join(config.dataDir, "subset-cache"),
        memoryBudgetBytes: config.subsetMemoryMb * 1024 * 1024,
        threads: config.subsetThreads,
        cacheMaxBytes: config.subsetCacheMb * 1024 * 1024,
        rateLimitPerMinute: config.subsetRateLimitPerMinute,
        fileRateLimitPerMinute: config.subsetFilesRateLimitPerMinute,
        rateLimiters: backend.sharedRateLimiter && {
          subset: backend.sharedRateLimiter({
            name: "subset",
            limit: config.subsetRateLimitPerMinute,
            windowMs: 60_000,
          }),
          files: backend.sharedRateLimiter({
            name: "subset-files",
            limit: config.subsetFilesRateLimitPerMinute,
            windowMs: 60_000,
          }),
        },
        recipes: backend.subsetRecipes,
        fontSource: backend.fontSource,
        fontsToPrepare: backend.fontGnos,
        variableFontSource: backend.variableFontSource,
        webFontCatalogue: backend.webFontCatalogue,
      });
  if (subset) inProcess.use(subset.router);
  return {
    backendRouter: backend.router,
    subset,
    hasOutbox: backend.hasOutbox,
    backendFetch: inProcessFetch(inProcess) as BackendFetch,
    async close() {
      await subset?.close();
      await backend.close();
    },
  };
}

/**
 * The website's static files and pages, behind the checks that only the website needs; in
 * development through Vite's dev server, which rebuilds what changed on each request and updates
 * open pages (hot reload). Resolves to what closes it.
 */
async function serveWebsite(
  app: express.Express,
  options: {
    website: WebsiteConfig;
    mode: string;
    backendFetch: BackendFetch | undefined;
    internalOrigin: () => string;
    /** The server the pages' hot-reload socket connects to in development. */
    server: Server;
  },
): Promise<() => Promise<void>> {
  const viteDevServer =
    options.mode === "development"
      ? await import("vite").then((vite) =>
          vite.createServer({ root: rootDir, server: { middlewareMode: true, hmr: { server: options.server } } }),
        )
      : undefined;
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    const buildDir = path.join(rootDir, "build/client");
    app.use(
      "/build",
      precompressedAssets(buildDir),
      express.static(buildDir, { immutable: true, maxAge: "1y" }),
      missingBuildFile,
    );
  }
  app.use(publicFiles(path.join(rootDir, "public"), { maxAge: "1h", setHeaders: serviceWorkerHeaders }));

  app.use((req, _res, next) => {
    // What loaders forward to the backend as the visitor's address: Express's req.ip honours only
    // the proxies TRUST_PROXY trusts, so a visitor cannot choose it.
    req.headers["x-forwarded-for"] = req.ip ?? "";
    // @remix-run/express builds its Request from originalUrl.
    req.url = req.originalUrl = stripHtmlSuffix(req.originalUrl);
    next();
  });

  // Every state-changing request to the website; the API and the subset service above read the
  // token from a header only, which a page on another site cannot make a browser send.
  app.use(
    refuseCrossSiteRequests({
      allowedOrigins: options.website.allowedOrigins,
      siteDomain: options.website.siteDomain,
    }),
  );
  app.use(answerPageOptions);
  const build = viteDevServer
    ? undefined
    : ((await import(path.join(rootDir, "build/server/index.js"))) as ServerBuild);
  // The views that answers from kept font pages and templates stand for, counted as rendering them would have.
  const countFontVisits = (fontGNo: string, visits: number) => {
    const context = createLoadContext(options.internalOrigin(), "", options.backendFetch);
    addFontVisits({ request: new Request(options.internalOrigin()), context }, fontGNo, visits).catch(
      (error: unknown) => console.error(`[page-cache] 字体 ${fontGNo} 的访问量未能记录:`, error),
    );
  };
  app.use(
    anonymousPageCache({
      // A page kept for 10 s would hide an edit in development.
      maxBytes: viteDevServer ? 0 : options.website.pageCacheBytes,
      // The views that answers from kept font pages stand for, counted as rendering them would have.
      onFontVisits: countFontVisits,
    }),
  );
  // Pages for visitors with a cookie, put together from a template of the page while it may be kept.
  const visitorPageTemplates =
    build && options.website.pageCacheBytes > 0
      ? new KeptPages<VisitorPageTemplate>(options.website.pageCacheBytes)
      : undefined;
  if (visitorPageTemplates) {
    app.use(
      visitorPagesFromTemplates({
        templates: visitorPageTemplates,
        rootLoader: build!.routes.root!.module.loader!,
        loadContext: (nonce) => createLoadContext(options.internalOrigin(), nonce, options.backendFetch),
        onFontVisits: countFontVisits,
      }),
    );
  }
  const handlerOf = (forRequests: (build: ServerBuild) => ServerBuild) =>
    createRequestHandler({
      // In development Vite's build, made again from the sources whenever one changed.
      build: viteDevServer
        ? async () => forRequests((await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild)
        : forRequests(build!),
      mode: options.mode,
      getLoadContext: (req, res: Response) =>
        createLoadContext(
          options.internalOrigin(),
          cspNonce(res),
          options.backendFetch,
          visitorPageTemplates && { templates: visitorPageTemplates, key: keptPageKey(req) },
        ),
    });
  const pages = handlerOf(withDefaultRouteHandlers);
  const singleFetchData = handlerOf((build) => buildForDataRequests(withDefaultRouteHandlers(build)));
  // app.use rather than app.all("*"): a malformed escape like /font/%E0 reaches Remix instead of Express's bare 400.
  app.use((req, res, next) => (req.path.endsWith(".data") ? singleFetchData : pages)(req, res, next));
  return async () => {
    await viteDevServer?.close();
  };
}

/** The embedded backend's settings, taken from the server's. */
function embeddedBackendOptions(config: ServerConfig): Parameters<typeof createBackend>[0] {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    publicBaseUrl: config.staticBase,
    account: config.account,
    redisUrl: config.redisUrl,
    s3: config.s3,
    pendingUploads: config.pendingUploads,
  };
}

/**
 * Migrates and, on a first start, seeds the embedded backend's database, then closes it. Seeding
 * reads and decodes every font file; run in a process of its own, that memory (WebAssembly heaps
 * never shrink) is returned to the system before the server starts.
 */
async function prepareData(config: ServerConfig): Promise<void> {
  const backend = await createBackend(embeddedBackendOptions(config));
  await backend.close();
}

/** Runs this file with `--prepare-data` in a child process and waits for it to succeed. */
function prepareDataInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, "--prepare-data"], {
      stdio: "inherit",
      env: process.env,
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`准备数据库失败（${signal ?? `退出码 ${code}`}）`)),
    );
  });
}

const isEntryPoint = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint && process.argv.includes("--prepare-data")) {
  await prepareData(readServerConfig(process.env));
  process.exit(0);
} else if (isEntryPoint) {
  const backendOnly = process.argv.includes("--backend-only");
  const config = readServerConfig(process.env);
  // With another backend (API_BASE) this server has no database of its own.
  if (!config.apiBase) await prepareDataInChildProcess();
  const running = await startServer(config, { backendOnly });
  console.log(`${backendOnly ? "短视频字体 后端已启动" : "短视频字体 已启动"}: ${running.url}`);
  const channels = config.apiBase ? null : codeChannelsNotice(config.account, running.outboxUrl);
  if (channels) console.log(channels);
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
