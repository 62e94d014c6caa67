import type { CodeChannel, CodePurpose } from "../mail/index.js";
import type { AccountDb } from "./tables.js";

export type NewCode = {
  target: string;
  channel: CodeChannel;
  purpose: CodePurpose;
  codeHash: string;
  salt: string;
  createdAt: Date;
  expiresAt: Date;
  ip: string;
};

export async function insertCode(db: AccountDb, code: NewCode): Promise<number> {
  const row = await db
    .insertInto("verification_code")
    .values({
      target: code.target,
      channel: code.channel,
      purpose: code.purpose,
      code_hash: code.codeHash,
      salt: code.salt,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
      consumed_at: null,
      ip: code.ip,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Retires every unused code for this target and purpose (a newer one replaces them). */
export async function supersedeCodes(db: AccountDb, target: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable("verification_code")
    .set({ consumed_at: now })
    .where("target", "=", target)
    .where("purpose", "=", purpose)
    .where("consumed_at", "is", null)
    .execute();
}

export async function deleteCodesCreatedBefore(db: AccountDb, cutoff: Date): Promise<void> {
  await db.deleteFrom("verification_code").where("created_at", "<", cutoff).execute();
}

/** The newest unused, unexpired code for one of `targets` in one of `purposes`. */
export function findLiveCode(db: AccountDb, targets: string[], purposes: CodePurpose[], now: Date) {
  return db
    .selectFrom("verification_code")
    .select(["id", "code_hash", "salt", "attempts"])
    .where("target", "in", targets)
    .where("purpose", "in", purposes)
    .where("consumed_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: AccountDb, codeId: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("verification_code")
    .set({ consumed_at: now })
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(used);
}

/**
 * Counts a try on an unused code before it is compared, in one statement, so that parallel guesses
 * each take one of the `maxAttempts`; the tries so far, this one included, or undefined when the
 * code was used, retired or out of tries meanwhile.
 */
export async function countAttempt(db: AccountDb, codeId: number, maxAttempts: number): Promise<number | undefined> {
  const updated = await db
    .updateTable("verification_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", codeId)
    .where("consumed_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .returning("attempts")
    .executeTakeFirst();
  return updated?.attempts;
}

/** Makes a code unusable (burnt by wrong tries, or never delivered). */
export async function retireCode(db: AccountDb, codeId: number, now: Date): Promise<void> {
  await db.updateTable("verification_code").set({ consumed_at: now }).where("id", "=", codeId).execute();
}
