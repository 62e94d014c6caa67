import type { AnyDatabase } from "../db/schema.js";
import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { systemClock, DAY, MINUTE, type Clock } from "../http/clock.js";
import { unauthorized } from "./errors.js";
import { deleteSessionsEndedBefore, findLiveSession, insertSession, touchSession } from "./session-repository.js";
import { accountDb, type AccountDb } from "./tables.js";

/** How long a login lasts; login answers carry it in seconds as `expired`. */
export const SESSION_TTL_MS = 7 * DAY;

/** How stale `last_seen_at` may grow before a request refreshes it: one write per session per minute at most. */
const LAST_SEEN_RESOLUTION_MS = MINUTE;

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
  const sessionId = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    ip: request?.ip ?? null,
    userAgent: request?.userAgent?.slice(0, 300) ?? null,
  });
  if (Math.random() < 0.01) {
    // Housekeeping: sessions ended more than 30 days ago are of no further use.
    await deleteSessionsEndedBefore(db, new Date(now.getTime() - 30 * DAY));
  }
  return { token, expired: Math.floor(SESSION_TTL_MS / 1000), sessionId };
}

/** `Authorization: Bearer <token>` first, then the `token` header (clients may send either). */
export function tokenFromRequest(req: Request): string | null {
  const authorization = req.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  const header = req.get("token");
  return header ? header.trim() || null : null;
}

export type AuthenticatedUser = {
  userId: number;
  sessionId: number;
  expiresAt: Date;
  /** When the user last proved who they are in this session, if ever. */
  reauthenticatedAt: Date | null;
};

/**
 * The live session behind a token, or null when it is unknown, expired, revoked or malformed.
 * Marks the session as seen (at most once a minute).
 */
export async function resolveToken(db: AccountDb, token: string | null, now: Date): Promise<AuthenticatedUser | null> {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const row = await findLiveSession(db, hashToken(token), now);
  if (!row) return null;
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
  if (!row.last_seen_at || new Date(row.last_seen_at) < staleBefore) {
    await touchSession(db, row.id, now, staleBefore);
  }
  return {
    userId: row.user_id,
    sessionId: row.id,
    expiresAt: new Date(row.expires_at),
    reauthenticatedAt: row.reauthenticated_at ? new Date(row.reauthenticated_at) : null,
  };
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
export function requireUser(db: AnyDatabase, clock: Clock = systemClock): RequestHandler {
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
export function optionalUser(db: AnyDatabase, clock: Clock = systemClock): RequestHandler {
  const accounts = accountDb(db);
  return (req: Request, res: Response, next: NextFunction) => {
    resolveToken(accounts, tokenFromRequest(req), clock()).then((user) => {
      if (user) res.locals[USER_KEY] = user;
      next();
    }, next);
  };
}
