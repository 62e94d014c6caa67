import type { BlobStore } from "../blob/blob-store.js";
import type { AnyDatabase } from "../db/schema.js";
import type { Request, Response } from "express";
import { clientIp } from "../http/client-address.js";
import type { LoginData } from "../../contract/account.js";
import type { CaptchaService } from "../captcha/service.js";
import type { Outbox } from "../mail/outbox.js";
import type { Clock } from "../http/clock.js";
import type { CodeService } from "./codes.js";
import type { AccountEvents } from "./events.js";
import type { AccountConfig } from "./config.js";
import { unauthorized } from "./errors.js";
import { accountKey, LOGIN_BUCKETS } from "./login-limits.js";
import type { RateLimits } from "../http/rate-limits.js";
import { createSession, mustUser } from "./sessions.js";
import type { AccountDb } from "./tables.js";
import { findUserById } from "./user-repository.js";
import { toUserView, type UserRow } from "./users.js";

/** What every account handler needs. */
export type AccountContext = {
  db: AccountDb;
  rawDb: AnyDatabase;
  config: AccountConfig;
  clock: Clock;
  codes: CodeService;
  captcha: CaptchaService;
  limits: RateLimits;
  /** Where avatars are kept: local disk, or a bucket every instance shares. */
  blobs: BlobStore;
  /** The local outbox, when this server keeps one (decision 022). */
  outbox?: Outbox;
  events: AccountEvents;
};

export type { LoginData };

/** Opens a session for the user: the data of every login answer. */
export async function loginData(ctx: AccountContext, user: UserRow, req: Request): Promise<LoginData> {
  const session = await createSession(ctx.db, user.id, ctx.clock(), {
    ip: clientIp(req),
    userAgent: req.get("user-agent") ?? undefined,
  });
  return { token: session.token, expired: session.expired, user: toUserView(user) };
}

/** The signed-in user's row, for handlers behind requireUser; 401 when the user is gone. */
export async function signedInUser(ctx: AccountContext, res: Response): Promise<UserRow> {
  const user = await findUserById(ctx.db, mustUser(res).userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * Lifts the lock on password login across clients once the owner has proved control of the
 * account another way (a code login or a reset), so an attacker's guesses cannot keep them out.
 */
export async function unlockPasswordLogin(ctx: AccountContext, user: UserRow): Promise<void> {
  if (user.phone) await ctx.limits.reset(LOGIN_BUCKETS.account, accountKey({ kind: "phone", value: user.phone }));
  if (user.email) await ctx.limits.reset(LOGIN_BUCKETS.account, accountKey({ kind: "email", value: user.email }));
}
