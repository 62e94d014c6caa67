import type { AccountDb } from "./tables.js";

export type NewSession = {
  userId: number;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
};

export async function insertSession(db: AccountDb, session: NewSession): Promise<number> {
  const row = await db
    .insertInto("user_session")
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      revoked_at: null,
      ip: session.ip,
      user_agent: session.userAgent,
      last_seen_at: session.createdAt,
      reauthenticated_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes sessions that expired or were revoked before `cutoff`. */
export async function deleteSessionsEndedBefore(db: AccountDb, cutoff: Date): Promise<void> {
  await db
    .deleteFrom("user_session")
    .where((eb) => eb.or([eb("expires_at", "<", cutoff), eb("revoked_at", "<", cutoff)]))
    .execute();
}

/** The session with this token hash that is neither revoked nor expired at `now`. */
export function findLiveSession(db: AccountDb, tokenHash: string, now: Date) {
  return db
    .selectFrom("user_session")
    .select(["id", "user_id", "expires_at", "last_seen_at", "reauthenticated_at"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Every live session of a user, the most recently seen first. */
export function findLiveSessions(db: AccountDb, userId: number, now: Date) {
  return db
    .selectFrom("user_session")
    .select(["id", "ip", "user_agent", "created_at", "last_seen_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Moves `last_seen_at` to `now` unless another request did so after `staleBefore`. */
export async function touchSession(db: AccountDb, sessionId: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .updateTable("user_session")
    .set({ last_seen_at: now })
    .where("id", "=", sessionId)
    .where((eb) => eb.or([eb("last_seen_at", "is", null), eb("last_seen_at", "<", staleBefore)]))
    .execute();
}

export async function recordReauthentication(db: AccountDb, sessionId: number, now: Date): Promise<void> {
  await db.updateTable("user_session").set({ reauthenticated_at: now }).where("id", "=", sessionId).execute();
}

export async function revokeSession(db: AccountDb, sessionId: number, now: Date): Promise<void> {
  await db
    .updateTable("user_session")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends one live session of this user; false when the user has no such session. */
export async function revokeUserSession(db: AccountDb, userId: number, sessionId: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("user_session")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Ends every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: AccountDb,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  let query = db
    .updateTable("user_session")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepSessionId !== undefined) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}
