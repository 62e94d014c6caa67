import type { CaptchaDb } from "./tables.js";

export type NewChallenge = {
  token: string;
  secretKey: string;
  mode: "ajax" | "form";
  gap: { x: number; y: number } | null;
  answer: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export async function insertChallenge(db: CaptchaDb, challenge: NewChallenge): Promise<void> {
  await db
    .insertInto("captcha_challenge")
    .values({
      token: challenge.token,
      secret_key: challenge.secretKey,
      mode: challenge.mode,
      gap_x: challenge.gap?.x ?? null,
      gap_y: challenge.gap?.y ?? null,
      answer: challenge.answer,
      created_at: challenge.createdAt,
      expires_at: challenge.expiresAt,
      checked_at: null,
      passed: null,
      verification_hash: null,
      verification_expires_at: null,
      verification_used_at: null,
    })
    .execute();
}

export async function deleteChallengesExpiredBefore(db: CaptchaDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("captcha_challenge").where("expires_at", "<", cutoff).execute();
}

/**
 * Marks an unchecked, unexpired challenge as checked (and failed until `recordPassedCheck`);
 * its gap or answer and key, or undefined when it was checked already or has expired.
 */
export function takeChallengeForCheck(db: CaptchaDb, token: string, now: Date) {
  return db
    .updateTable("captcha_challenge")
    .set({ checked_at: now, passed: false })
    .where("token", "=", token)
    .where("checked_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["gap_x", "gap_y", "answer", "secret_key", "mode"])
    .executeTakeFirst();
}

export async function recordPassedCheck(
  db: CaptchaDb,
  token: string,
  verification: { hash: string; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable("captcha_challenge")
    .set({ passed: true, verification_hash: verification.hash, verification_expires_at: verification.expiresAt })
    .where("token", "=", token)
    .execute();
}

/** Spends the live verification with this hash; false when unknown, expired or already spent. */
export async function spendVerification(db: CaptchaDb, verificationHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("captcha_challenge")
    .set({ verification_used_at: now })
    .where("verification_hash", "=", verificationHash)
    .where("passed", "=", true)
    .where("verification_used_at", "is", null)
    .where("verification_expires_at", ">", now)
    .returning("token")
    .executeTakeFirst();
  return Boolean(row);
}
