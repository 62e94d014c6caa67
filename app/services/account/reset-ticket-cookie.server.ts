import { readCookie, shortCookie } from "~/utils/session.server";

/** The ticket the backend issues once the code is verified, kept until the new password is set. */
const RESET_COOKIE = "reset_ticket";

export function serializeResetCookie(ticket: string, maxAge = 900): string {
  return shortCookie(RESET_COOKIE, ticket, "/account", maxAge);
}

export function clearResetCookie(): string {
  return shortCookie(RESET_COOKIE, "", "/account", 0);
}

export function readResetCookie(request: Request): string | null {
  return readCookie(request, RESET_COOKIE);
}
