import { ACCOUNT_MESSAGE, normaliseAccount, type AccountKind } from "../../contract/fields.js";
import { refused } from "./errors.js";

export type { AccountKind };

/** The kind of an account text the contract's `accountSchema` accepted (already trimmed and lower-cased). */
export function accountOf(value: string): { kind: AccountKind; value: string } {
  const account = normaliseAccount(value);
  if (!account) throw refused(ACCOUNT_MESSAGE);
  return account;
}
