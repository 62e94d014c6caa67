import path from "node:path";
import { DiskBlobStore, type BlobStore } from "../blob/index.js";
import type { AnyDatabase } from "../db/schema.js";
import express, { type Router } from "express";
import { apiErrorHandler } from "../http/errors.js";
import { createCaptchaRouter } from "../captcha/routes.js";
import { CaptchaService } from "../captcha/service.js";
import { createCodeDelivery, type CodeDelivery } from "../mail/index.js";
import type { Outbox } from "../mail/outbox.js";
import { createBindingRoutes } from "./binding-routes.js";
import { systemClock, type Clock } from "../http/clock.js";
import { createCodeRoutes } from "./code-routes.js";
import { CodeService } from "./codes.js";
import type { AccountConfig } from "./config.js";
import type { AccountContext } from "./context.js";
import { NO_ACCOUNT_EVENTS, type AccountEvents } from "./events.js";
import { removeUnreferencedAvatars } from "./avatar.js";
import { createPasswordRoutes } from "./password-routes.js";
import { createProfileRoutes } from "./profile-routes.js";
import { DatabaseRateLimits } from "../http/database-rate-limits.js";
import type { RateLimits } from "../http/rate-limits.js";
import { createRegistrationRoutes } from "./registration-routes.js";
import { createSessionRoutes } from "./session-routes.js";
import { accountDb } from "./tables.js";
import { avatarsInUse } from "./user-repository.js";
import { createWechatRoutes } from "./wechat-routes.js";

export { readAccountConfig, type AccountConfig } from "./config.js";
export type { AccountEvents, SecurityChange } from "./events.js";
export {
  requireUser,
  optionalUser,
  currentUser,
  mustUser,
  tokenFromRequest,
  resolveToken,
  type AuthenticatedUser,
} from "./sessions.js";
export type { AccountTables } from "./tables.js";

/** Every path prefix this module answers; body parsers and the error handler apply only there. */
export const ACCOUNT_PATHS = [
  "/web/api/account",
  "/web/api/login",
  "/web/api/sms-login",
  "/web/api/logout",
  "/web/api/wechat",
  "/captcha",
];

export type AccountRouterOptions = {
  db: AnyDatabase;
  config: AccountConfig;
  /** Tests move time with this. */
  clock?: Clock;
  /** Tests or other transports may replace the SMTP/SMS delivery. */
  delivery?: CodeDelivery;
  /** Where the limits count; the database unless another shared store is given. */
  limits?: RateLimits;
  /** Where avatars are kept; `<dataDir>/uploads` unless another store is given. */
  blobs?: BlobStore;
  /**
   * The local outbox for channels without configuration (decision 022): only for one process that
   * also serves the website, never with another instance or an external website.
   */
  outbox?: Outbox;
  /** Who hears of registrations, security changes and logins: the notices, wired in backend/index.ts. */
  events?: AccountEvents;
};

/**
 * The accounts, sessions, codes, captcha and WeChat QR login endpoints. Mount with `app.use(createAccountRouter({ db, config }))` after
 * `app.set("trust proxy", …)`; its tables come from migration 100-accounts.
 */
export function createAccountRouter(options: AccountRouterOptions): Router {
  const clock = options.clock ?? systemClock;
  const db = accountDb(options.db);
  const delivery = options.delivery ?? createCodeDelivery({ ...options.config, outbox: options.outbox });
  const captcha = new CaptchaService(options.db);
  const limits = options.limits ?? new DatabaseRateLimits(options.db);
  const ctx: AccountContext = {
    db,
    rawDb: options.db,
    config: options.config,
    clock,
    codes: new CodeService(db, delivery, limits),
    captcha,
    limits,
    blobs: options.blobs ?? localUploads(options.config),
    outbox: options.outbox,
    events: options.events ?? NO_ACCOUNT_EVENTS,
  };

  const router = express.Router();
  router.use(
    ACCOUNT_PATHS,
    express.json({ limit: "32kb" }),
    express.urlencoded({ extended: false, limit: "32kb", parameterLimit: 50 }),
    (_req, res, next) => {
      // Account answers are personal: never cache them in shared caches.
      if (!res.get("Cache-Control")) res.set("Cache-Control", "no-store");
      next();
    },
  );
  router.use(createCaptchaRouter({ limits: ctx.limits, service: captcha, clock }));
  for (const createRoutes of [
    createWechatRoutes,
    createSessionRoutes,
    createCodeRoutes,
    createRegistrationRoutes,
    createPasswordRoutes,
    createBindingRoutes,
    createProfileRoutes,
  ]) {
    router.use(createRoutes(ctx));
  }
  router.use(ACCOUNT_PATHS, apiErrorHandler);
  return router;
}

/**
 * Deletes avatar files no user refers to (older than an hour); run once at start. Answers how many
 * went.
 */
export async function removeUnreferencedAvatarFiles(options: {
  db: AnyDatabase;
  config: AccountConfig;
  clock?: Clock;
  blobs?: BlobStore;
}): Promise<number> {
  const db = accountDb(options.db);
  return removeUnreferencedAvatars(
    options.blobs ?? localUploads(options.config),
    (names) => avatarsInUse(db, names),
    (options.clock ?? systemClock)(),
  );
}

/**
 * The start-up line about channels without configuration, or null when both are configured: their
 * codes go to the outbox at `outboxUrl` for visitors on this machine, or nowhere.
 */
export function codeChannelsNotice(config: AccountConfig, outboxUrl?: string): string | null {
  const missing = [
    !config.smtpUrl && "SMTP_URL（邮箱验证码）",
    !config.smsGatewayUrl && "SMS_GATEWAY_URL（短信验证码）",
  ].filter(Boolean);
  if (missing.length === 0) return null;
  const unset = `未配置 ${missing.join("、")}`;
  return outboxUrl
    ? `${unset}：在本机访问网站时，这些验证码放入本机收件箱 ${outboxUrl}（只有本机能打开），其他访客会收到“未配置”的提示`
    : `${unset}：对应的验证码无法发送，相关注册、登录、找回密码请求会返回错误`;
}

function localUploads(config: AccountConfig): BlobStore {
  return new DiskBlobStore(path.join(config.dataDir, "uploads"));
}
