import type { FriendLink, WebColumn } from "@contract/catalogue";
import { useRouteLoaderData } from "@remix-run/react";
import type { PublicConfig } from "~/config.server";
import { staticUrl } from "./misc";
import type { Toast } from "./toast";
import type { AnalyticsConfig } from "~/analytics";

export type { FriendLink };
export type ColumnLink = WebColumn;

/** The signed-in user as the header shows it (loaded on every server render with a token). */
export type AccountUser = {
  id: number | string;
  nickname: string;
  /** Browser URL of the avatar (served by the backend), or null for the default picture. */
  avatarUrl: string | null;
};

/** What the root loader gives every page. */
export type RootData = {
  appTitle: string;
  /** The site's public origin (SITE_URL, else the request's), for canonical and shared addresses. */
  origin: string;
  loggedIn: boolean;
  /** Null when anonymous, or when user info could not be loaded this time. */
  user?: AccountUser | null;
  /** Every font in the user's favorite folders, unique, in folder order; [] when anonymous. */
  favoriteFontGNos: string[];
  /** The user's folders with the fonts each holds, oldest first; absent or [] when anonymous. */
  favoriteFolders?: Array<{ id: number; name: string; fontGNos: string[] }>;
  /** `kind:id` (e.g. `news:3`) of every favorite article; absent or [] when anonymous. */
  favoriteArticleKeys?: string[];
  /** The fonts in the visitor's comparison list, from its cookie (the browser mirrors local storage into it). */
  compareFontGNos?: string[];
  /** Unread messages of the signed-in user (the badge on the header's avatar); absent or 0 when anonymous. */
  unreadNoticeCount?: number;
  friendLinks: FriendLink[];
  footerColumns: ColumnLink[];
  toast: Toast | null;
  year: number;
  env: Omit<PublicConfig, "appTitle">;
  /** Third-party analytics (ANALYTICS_PROVIDER); absent or null when off. */
  analytics?: AnalyticsConfig | null;
};

/** The root loader's data; undefined inside a root error boundary when the root loader itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** Prefixes site asset paths (`/images/…`) with STATIC_BASE when the operator configured one. */
export function useStaticUrl(): (path: string) => string {
  const base = useRootData()?.env.staticBase ?? "";
  return (path: string) => staticUrl(path, base);
}

/** Avatars are served by the backend (`/web/api/account/avatar/<file>`): make the URL the browser's. */
export function avatarBrowserUrl(avatar: string | null | undefined, browserApiBase: string): string | null {
  if (!avatar) return null;
  if (/^(?:https?:)?\/\//i.test(avatar) || avatar.startsWith("data:")) return avatar;
  return `${browserApiBase.replace(/\/+$/, "")}${avatar.startsWith("/") ? avatar : `/${avatar}`}`;
}
