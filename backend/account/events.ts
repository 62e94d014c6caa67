/** A change of the account's password or of its ways in. */
export type SecurityChange =
  | "password"
  | "password-reset"
  | "bind-phone"
  | "bind-email"
  | "bind-wechat"
  | "unbind-phone"
  | "unbind-email"
  | "unbind-wechat";

/**
 * What the accounts tell the rest of the site as it happens, awaited before the answer. The accounts
 * know nothing of who listens: backend/index.ts hands in the notices' (notices/events.ts).
 */
export type AccountEvents = {
  registered(userId: number, now: Date): Promise<void>;
  securityChanged(userId: number, change: SecurityChange, now: Date): Promise<void>;
  /** Before a login opens its session, so that its own session is not taken for a known browser. */
  signingIn(userId: number, request: { ip?: string | null; userAgent?: string | null }, now: Date): Promise<void>;
};

export const NO_ACCOUNT_EVENTS: AccountEvents = {
  registered: async () => {},
  securityChanged: async () => {},
  signingIn: async () => {},
};
