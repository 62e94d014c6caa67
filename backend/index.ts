import express from "express";
import type { Kysely } from "kysely";
import {
  createAccountRouter,
  readAccountConfig,
  removeUnreferencedAvatarFiles,
  type AccountConfig,
} from "./account/index.js";
import { catalogueFontSource } from "./catalogue/font-source.js";
import { webFontCatalogue } from "./catalogue/web-font-catalogue.js";
import { createSitePagesRouter } from "./content/site-pages.js";
import { FontRepository } from "./catalogue/font-repository.js";
import { createCatalogueRouter } from "./catalogue/routes.js";
import { seedCatalogue } from "./catalogue/seed.js";
import { assetUrlOn, type AssetUrl } from "./catalogue/urls.js";
import { createFavoritesRouter } from "./favorites/routes.js";
import { createAlbumZipRouter } from "./content/album-zip-routes.js";
import {
  createSubmissionRouter,
  CREDENTIALS_PER_WINDOW,
  DEFAULT_PENDING_BOUNDS,
  SUBMISSIONS_PER_WINDOW,
  WINDOW_MS as SUBMISSION_WINDOW_MS,
} from "./submissions/routes.js";
import { createContentRouter, MESSAGE_WINDOW_MS, MESSAGES_PER_WINDOW } from "./content/routes.js";
import { seedContent } from "./content/seed.js";
import { createDownloadRouter, downloadDb, recordDownload } from "./downloads/index.js";
import { accountNotices, createNoticeRouter } from "./notices/index.js";
import { openDatabase, pgliteDirectory, type DatabaseLocation } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import type { Database } from "./db/schema.js";
import { apiErrorHandler, apiNotFound } from "./http/errors.js";
import { FontStorage } from "./storage/font-storage.js";
import { openBlobStore, type BlobStore, type S3Settings } from "./blob/index.js";
import { connectRedis, RedisPendingUploads, RedisRateLimits, RedisSubsetRecipes, sharedSecret } from "./kv/index.js";
import { InMemoryPendingUploads, type PendingBounds, type PendingUploads } from "./submissions/pending-uploads.js";
import type { RateLimits } from "./http/rate-limits.js";
import { CODE_TTL_MS } from "./account/codes.js";
import { Outbox } from "./mail/outbox.js";
import { RateLimiter } from "./http/rate-limits.js";
import type { FontSource } from "./subset/font-source.js";
import type { VariableFontSource } from "./subset/variable-font-source.js";
import type { SubsetRecipes } from "./subset/subset-recipes.js";
import type { WebFontCatalogue } from "./subset/web-fonts/web-font-catalogue.js";
import { createVariableRouter, seedVariableFonts, variableFontSource } from "./variable/index.js";

export { codeChannelsNotice } from "./account/index.js";

export type BackendOptions = {
  /** PostgreSQL connection string; without it the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  /** STATIC_BASE: where images are served from, when not from this server. */
  publicBaseUrl?: string;
  /** Keep the embedded database in memory (tests); ignored when databaseUrl is set. */
  inMemoryDatabase?: boolean;
  /**
   * Accounts settings (SMTP, SMS gateway, WeChat, captcha): `readServerConfig(env).account`. Without
   * them no code can be sent, WeChat login is off and the captcha is on.
   */
  account?: AccountConfig;
  /** REDIS_URL: rate limits counted in Redis, shared by every instance. */
  redisUrl?: string;
  /** S3_*: avatars and submitted files kept in an S3-compatible bucket, shared by every instance. */
  s3?: S3Settings;
  /**
   * Keep the codes of channels without configuration in a local outbox for clients on this machine
   * (decision 022): for a server that also serves the website. Ignored with Redis or S3, which mean
   * several instances, where each would keep only its own codes.
   */
  localOutbox?: boolean;
  /** SUBMISSION_PENDING_*: bytes of 投稿 uploads not yet submitted, in all and per client. */
  pendingUploads?: PendingBounds;
};

export type Backend = {
  router: express.Router;
  fontSource: FontSource;
  /** Every catalogue font's number, the most viewed first: the fonts the subset service prepares after start. */
  fontGnos: () => Promise<string[]>;
  /** The variable fonts, for the subset service's POST /subset/web-variable-font. */
  variableFontSource: VariableFontSource;
  /** The families and code points behind the subset service's CSS API (/css2). */
  webFontCatalogue: WebFontCatalogue;
  db: Kysely<Database>;
  /** With REDIS_URL, builds per-client limiters every instance counts into (the subset service's). */
  sharedRateLimiter?: (options: { name: string; limit: number; windowMs: number }) => RateLimiter;
  /** With REDIS_URL, where the subset service leaves each subset's recipe for the other instances. */
  subsetRecipes?: SubsetRecipes;
  /** True when it keeps a local outbox. */
  hasOutbox: boolean;
  close(): Promise<void>;
};

/** Everything a backend module needs to build its routes. */
export type BackendContext = {
  db: Kysely<Database>;
  storage: FontStorage;
  assetUrl: AssetUrl;
  /** DATA_DIR: where modules keep their files (uploads). */
  dataDir: string;
  account: AccountConfig;
  /** Avatars (and, with a bucket, submitted files): local disk, or the S3 bucket. */
  blobs: BlobStore;
  /** The accounts' limits in Redis when configured; the database otherwise. */
  limits?: RateLimits;
  /** With Redis: per-client limiters shared by every instance; without, modules keep theirs in memory. */
  sharedRateLimiter?: (options: { name: string; limit: number; windowMs: number }) => RateLimiter;
  /** With Redis: the upload signing key every instance shares. */
  uploadSigningKey?: Buffer;
  /** S3_*: the bucket, for credentials that upload straight to it. */
  s3?: S3Settings;
  outbox?: Outbox;
  /** Where 投稿 uploads not yet submitted are counted: Redis with REDIS_URL, else this process. */
  pendingUploads: PendingUploads;
  /** Registers what a module must let go of (connections, timers) when the backend closes. */
  onClose(close: () => void | Promise<void>): void;
};

/**
 * The backend's route modules, mounted in this order. A new module (e.g. accounts) adds its
 * factory here and its tables as a migration file in db/migrations/.
 */
const routeModules: Array<(context: BackendContext) => express.Router> = [
  ({ db, storage, assetUrl }) =>
    createCatalogueRouter({
      db,
      storage,
      assetUrl,
      onUserDownload: (download, now) => recordDownload(downloadDb(db), download, now),
    }),
  ({ db, account, blobs, limits, outbox }) =>
    createAccountRouter({ db, config: account, blobs, limits, outbox, events: accountNotices(db) }),
  ({ db }) => createFavoritesRouter({ db }),
  ({ db, assetUrl, sharedRateLimiter }) =>
    createContentRouter({
      db,
      assetUrl,
      messageLimiter: sharedRateLimiter?.({
        name: "messages",
        limit: MESSAGES_PER_WINDOW,
        windowMs: MESSAGE_WINDOW_MS,
      }),
    }),
  ({ db, storage }) => createAlbumZipRouter({ db, storage }),
  ({ db }) => createSitePagesRouter({ db }),
  ({ db, dataDir, blobs, sharedRateLimiter, uploadSigningKey, s3, pendingUploads, onClose }) =>
    createSubmissionRouter({
      db,
      dataDir,
      s3,
      onClose,
      pending: pendingUploads,
      // Local uploads stay where they were; a shared bucket takes them when one is configured.
      blobs: s3 ? blobs : undefined,
      secret: uploadSigningKey,
      credentialLimiter: sharedRateLimiter?.({
        name: "upload-credentials",
        limit: CREDENTIALS_PER_WINDOW,
        windowMs: SUBMISSION_WINDOW_MS,
      }),
      submissionLimiter: sharedRateLimiter?.({
        name: "submissions",
        limit: SUBMISSIONS_PER_WINDOW,
        windowMs: SUBMISSION_WINDOW_MS,
      }),
    }),
  ({ db }) => createDownloadRouter({ db }),
  ({ db }) => createNoticeRouter({ db }),
  ({ db }) => createVariableRouter({ db }),
];

/** Paths owned by the backend: anything under them that no module answers is a JSON 404. */
const API_PREFIXES = ["/web/api", "/api/v1", "/captcha"];

/** Opens (and on first start migrates and seeds) the database and builds the backend's router. */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  const account = options.account ?? readAccountConfig({ DATA_DIR: options.dataDir });
  const { db, close: closeDatabase } = await openDatabase(databaseLocation(options));
  const blobs = await openBlobStore({ dataDir: options.dataDir, s3: options.s3 });
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : undefined;
  const closeHooks: Array<() => void | Promise<void>> = [];
  const close = async () => {
    await Promise.all(closeHooks.map((hook) => hook()));
    await redis?.quit().catch(() => redis.disconnect());
    blobs.close?.();
    await closeDatabase();
  };
  try {
    const storage = new FontStorage(options.dataDir);
    await migrateToLatest(db);
    await seedCatalogue(db, storage);
    await seedContent(db);
    await seedVariableFonts(db, storage);
    const removed = await removeUnreferencedAvatarFiles({ db, config: account, blobs });
    if (removed > 0) console.info(`已删除 ${removed} 个不再使用的头像文件`);

    const redisLimits = redis ? new RedisRateLimits(redis) : undefined;
    const sharedRateLimiter: BackendContext["sharedRateLimiter"] = redisLimits
      ? ({ name, ...limit }) => new RateLimiter(redisLimits, { bucket: name, ...limit })
      : undefined;
    const context: BackendContext = {
      db,
      storage,
      assetUrl: assetUrlOn(options.publicBaseUrl),
      account,
      dataDir: options.dataDir,
      blobs,
      limits: redisLimits,
      sharedRateLimiter,
      uploadSigningKey: redis ? await sharedSecret(redis, "upload-signing") : undefined,
      s3: options.s3,
      outbox: options.localOutbox && !redis && !options.s3 ? new Outbox(CODE_TTL_MS) : undefined,
      pendingUploads: redis
        ? new RedisPendingUploads(redis, options.pendingUploads ?? DEFAULT_PENDING_BOUNDS)
        : new InMemoryPendingUploads(options.pendingUploads ?? DEFAULT_PENDING_BOUNDS),
      onClose: (hook) => closeHooks.push(hook),
    };
    const router = express.Router();
    for (const createRoutes of routeModules) router.use(createRoutes(context));
    router.use(API_PREFIXES, apiNotFound);
    router.use(API_PREFIXES, apiErrorHandler);

    const fonts = new FontRepository(db, context.assetUrl);
    const fontSource = catalogueFontSource(fonts, storage);
    return {
      router,
      fontSource,
      fontGnos: () => fonts.gnosByViews(),
      variableFontSource: variableFontSource(db, storage),
      webFontCatalogue: webFontCatalogue(db, storage),
      db,
      sharedRateLimiter,
      subsetRecipes: redis ? new RedisSubsetRecipes(redis) : undefined,
      hasOutbox: Boolean(context.outbox),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function databaseLocation(options: BackendOptions): DatabaseLocation {
  if (options.databaseUrl) return { kind: "postgres", url: options.databaseUrl };
  if (options.inMemoryDatabase) return { kind: "memory" };
  return { kind: "pglite", directory: pgliteDirectory(options.dataDir) };
}
