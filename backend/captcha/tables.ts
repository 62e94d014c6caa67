import type { ColumnType, Kysely } from "kysely";
import type { AnyDatabase } from "../db/schema.js";

/** Timestamps are written as Date or ISO strings and always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CaptchaChallengeTable {
  token: string;
  secret_key: string;
  mode: "ajax" | "form";
  /** Where the slider's gap is (ajax); null for the typed challenge. */
  gap_x: number | null;
  gap_y: number | null;
  /** The digits drawn in the picture (form); null for the slider. */
  answer: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set by the one and only check. */
  checked_at: Timestamp | null;
  passed: boolean | null;
  /** SHA-256 (hex) of the issued captchaVerification. */
  verification_hash: string | null;
  verification_expires_at: Timestamp | null;
  verification_used_at: Timestamp | null;
}

/** The captcha's table (migration 102-account-security). */
export type CaptchaDb = Kysely<{ captcha_challenge: CaptchaChallengeTable }>;

export function captchaDb(db: AnyDatabase): CaptchaDb {
  return db.withTables<{ captcha_challenge: CaptchaChallengeTable }>() as unknown as CaptchaDb;
}
