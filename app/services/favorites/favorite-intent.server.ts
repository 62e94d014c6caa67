import { parse, serialize } from "cookie";
import { redirect } from "@remix-run/node";
import { websiteConfig } from "~/config.server";
import { favoriteIntentFrom, type FavoriteIntent } from "~/components/favorites/favorite-form";
import type { ApiCaller } from "~/services/api-client.server";
import {
  addArticleFavorite,
  addFontToFolder,
  removeArticleFavorite,
  removeFontFromFolders,
} from "~/services/favorites.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * A visitor's favorite intent waits in this cookie while they log in. Only this site's own form
 * post (which passed the Origin check) can set it, so replaying it on the GET after login does only
 * what the visitor asked for themselves.
 */
export const FAVORITE_INTENT_COOKIE = "favorite_intent";
/** Long enough to log in or register, short enough not to surprise a later visit. */
const INTENT_MAX_AGE_S = 15 * 60;

export type PendingFavorite = { intent: FavoriteIntent; redirectTo: string };

function cookieOptions(maxAge: number) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: websiteConfig.cookieSecure,
    maxAge,
  };
}

export function pendingFavoriteCookie(pending: PendingFavorite): string {
  const value = Buffer.from(JSON.stringify(pending)).toString("base64url");
  return serialize(FAVORITE_INTENT_COOKIE, value, cookieOptions(INTENT_MAX_AGE_S));
}

export function clearPendingFavoriteCookie(): string {
  return serialize(FAVORITE_INTENT_COOKIE, "", cookieOptions(0));
}

/** The waiting intent, or null when there is none or it is not one this site wrote. */
export function readPendingFavorite(request: Request): PendingFavorite | null {
  const header = request.headers.get("Cookie");
  const raw = header ? parse(header)[FAVORITE_INTENT_COOKIE] : undefined;
  if (!raw) return null;
  try {
    const pending: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!isRecord(pending) || !isRecord(pending.intent) || typeof pending.redirectTo !== "string") return null;
    const fields = pending.intent;
    const intent = favoriteIntentFrom((name) => fields[name]);
    return intent && { intent, redirectTo: safeRedirect(pending.redirectTo, "/") };
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The login page, coming back to the replay of the waiting intent, then to `back`. */
export function loginThenReplay(back: string, headers?: Headers): Response {
  return redirect(`/account/login?${new URLSearchParams({ redirect: replayAddress(back) })}`, { headers });
}

/** Where a login comes back to so that the loader replays the waiting intent, then goes to `back`. */
export function replayAddress(back: string): string {
  return `/resources/favorite?${new URLSearchParams({ redirectTo: back })}`;
}

/** Does what the intent asks; answers the folder's name when one was named. */
export async function performFavorite(caller: ApiCaller, intent: FavoriteIntent): Promise<string | undefined> {
  switch (intent.intent) {
    case "add-font": {
      const folder = await addFontToFolder(caller, intent.fontGNo, intent.folderId);
      return intent.folderId ? folder.name : undefined;
    }
    case "remove-font":
      await removeFontFromFolders(caller, intent.fontGNo, intent.folderId);
      return undefined;
    case "add-article":
      await addArticleFavorite(caller, { kind: intent.kind, id: intent.articleId });
      return undefined;
    case "remove-article":
      await removeArticleFavorite(caller, { kind: intent.kind, id: intent.articleId });
      return undefined;
  }
}
