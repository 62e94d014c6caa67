import type { AnyDatabase } from "../db/schema.js";
import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { CaptchaChallengeTable } from "../captcha/tables.js";

/** Timestamps are written as Date or ISO strings and always read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AppUserTable {
  id: Generated<number>;
  /** 11-digit mainland mobile number, unique when present. */
  phone: string | null;
  /** Lower-cased e-mail address, unique when present. */
  email: string | null;
  /** `scrypt$N$r$p$salt$hash`; null for accounts created through WeChat or never given one. */
  password_hash: string | null;
  nickname: string;
  /** 0 unknown, 1 male, 2 female. */
  gender: Generated<number>;
  /**
   * `YYYY-MM-DD` or null. A text column, not `date`: the drivers read a `date` as local midnight,
   * which lands on the day before or after in time zones away from UTC.
   */
  birthday: string | null;
  bio: Generated<string>;
  city: Generated<string>;
  /** File name under DATA_DIR/uploads/avatars, or null. */
  avatar: string | null;
  wechat_openid: string | null;
  wechat_unionid: string | null;
  wechat_nickname: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by every write; a write made against an older version is refused (409). */
  version: Generated<number>;
}

export type UserRow = Selectable<AppUserTable>;

export interface UserSessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  /** Refreshed at most once a minute, so reading pages does not turn into a write per request. */
  last_seen_at: Timestamp | null;
  /** When the user last proved who they are in this session (password, code or WeChat scan). */
  reauthenticated_at: Timestamp | null;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  /** Normalised phone number or e-mail address. */
  target: string;
  channel: "phone" | "email";
  purpose: string;
  /** HMAC-SHA-256(salt, code), hex. */
  code_hash: string;
  salt: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  /** Set when used, superseded by a newer code, or burnt by too many wrong tries. */
  consumed_at: Timestamp | null;
  ip: string | null;
}

/** One counter per (bucket, key): `count` events since `window_start`, raised in one atomic statement. */
export interface PasswordResetTicketTable {
  id: Generated<number>;
  user_id: number;
  ticket_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type WechatStatePurpose = "login" | "bind" | "reauth";

export interface WechatStateTable {
  state: string;
  /** Set when the QR code was requested by a logged-in user (to bind WeChat, or to prove who they are). */
  user_id: number | null;
  purpose: WechatStatePurpose | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The account module's tables (migrations 100-accounts and 102-account-security), with the captcha's its tests look into. */
export type AccountTables = {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  verification_code: VerificationCodeTable;
  password_reset_ticket: PasswordResetTicketTable;
  captcha_challenge: CaptchaChallengeTable;
  wechat_state: WechatStateTable;
};

export type AccountDb = Kysely<AccountTables>;

/** Narrows any Kysely instance (e.g. the catalogue's `Kysely<Database>`) to the account tables. */
export function accountDb(db: AnyDatabase): AccountDb {
  return db.withTables<AccountTables>() as unknown as AccountDb;
}
