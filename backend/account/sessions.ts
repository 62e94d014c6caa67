import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Kysely } from "kysely";
import { systemClock, DAY, type Clock } from "./clock.js";
import { unauthorized } from "./errors.js";
import { accountDb, type AccountDb } from "./tables.js";

/** How long a login lasts; login answers carry it in seconds as `expired`. */
export const SESSION_TTL_MS = 7 * DAY;

/** A token is 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export type IssuedSession = { token: string; expired: number; sessionId: number };

export async function createSession(
  db: AccountDb,
  userId: number,
  now: Date,
  request?: { ip?: string; userAgent?: string },
): Promise<IssuedSession> {
  const token = newToken();
  const row = await db
    .insertInto("user_session")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      revoked_at: null,
      ip: request?.ip ?? null,
      user_agent: request?.userAgent?.slice(0, 300) ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) {
    // Housekeeping: sessions ended more than 30 days ago are of no further use.
    const cutoff = new Date(now.getTime() - 30 * DAY);
    await db
      .deleteFrom("user_session")
      .where((eb) => eb.or([eb("expires_at", "<", cutoff), eb("revoked_at", "<", cutoff)]))
      .execute();
  }
  return { token, expired: Math.floor(SESSION_TTL_MS / 1000), sessionId: row.id };
}

/** `Authorization: Bearer <token>` first, then the `token` header (SPEC 7: two headers). */
export function tokenFromRequest(req: Request): string | null {
  const authorization = req.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = req.get("token");
  return header ? header.trim() || null : null;
}

export type AuthenticatedUser = { userId: number; sessionId: number; expiresAt: Date };

/** The live session behind a token, or null when it is unknown, expired, revoked or malformed. */
export async function resolveToken(db: AccountDb, token: string | null, now: Date): Promise<AuthenticatedUser | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom("user_session")
    .select(["id", "user_id", "expires_at"])
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? { userId: row.user_id, sessionId: row.id, expiresAt: new Date(row.expires_at) } : null;
}

export async function revokeSession(db: AccountDb, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable("user_session")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: AccountDb, userId: number, now: Date, keepSessionId?: number): Promise<void> {
  let query = db
    .updateTable("user_session")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepSessionId !== undefined) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}

const USER_KEY = "accountUser";

/** The user requireUser/optionalUser attached to this response, if any. */
export function currentUser(res: Response): AuthenticatedUser | undefined {
  return res.locals[USER_KEY] as AuthenticatedUser | undefined;
}

/** Like currentUser, for handlers behind requireUser. */
export function mustUser(res: Response): AuthenticatedUser {
  const user = currentUser(res);
  if (!user) throw unauthorized();
  return user;
}

/**
 * Express middleware for any module: resolves the token from the `Authorization: Bearer` or `token`
 * header and puts the user on `res.locals` (read it with `currentUser(res)`), or answers
 * 401 `{code: "S00106", message: "登录已过期，请重新登录"}` through the error handler.
 */
export function requireUser(db: Kysely<any>, clock: Clock = systemClock): RequestHandler {
  const accounts = accountDb(db);
  return (req: Request, res: Response, next: NextFunction) => {
    resolveToken(accounts, tokenFromRequest(req), clock()).then((user) => {
      if (!user) return next(unauthorized());
      res.locals[USER_KEY] = user;
      next();
    }, next);
  };
}

/** Like requireUser, but lets anonymous requests through (a bad token counts as none). */
export function optionalUser(db: Kysely<any>, clock: Clock = systemClock): RequestHandler {
  const accounts = accountDb(db);
  return (req: Request, res: Response, next: NextFunction) => {
    resolveToken(accounts, tokenFromRequest(req), clock()).then((user) => {
      if (user) res.locals[USER_KEY] = user;
      next();
    }, next);
  };
}
