import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "./toast";
import { staticUrl } from "./misc";

/** A friend link (docs/api.md): `link` may lack a scheme, `linkType` picks it (1 http, 2 https). */
export type FriendLink = { id: number | string; name: string; link: string; linkType: number; sort: number };

/** A header/footer column entry (docs/api.md getColumnByType). */
export type ColumnLink = { id: number | string; name: string; url: string; type: string; sort: number };

/** The signed-in user as the header shows it (SPEC 4: loaded on every server render with a token). */
export type AccountUser = {
  id: number | string;
  nickname: string;
  /** Browser URL of the avatar (served by the backend), or null for the default picture. */
  avatarUrl: string | null;
};

/** What the root loader gives every page. */
export type RootData = {
  appTitle: string;
  loggedIn: boolean;
  /** Null when anonymous, or when user info could not be loaded this time. */
  user?: AccountUser | null;
  /** Every font in the user's favourite collections (SPEC 4), unique, in collection order; [] when anonymous. */
  favoriteFontGNos: string[];
  friendLinks: FriendLink[];
  footerColumns: ColumnLink[];
  toast: Toast | null;
  year: number;
  env: { apiBase: string; subsetBase: string; staticBase: string };
};

/**
 * The font numbers in favourite collections as `/web/api/account/collection/allFont` answers them
 * (`[{ fontList: [{ fontGNo }] }]`, SPEC 3): flattened, first occurrence kept, anything malformed skipped.
 */
export function flattenFavoriteFontGNos(collections: unknown): string[] {
  const gnos = new Set<string>();
  if (!Array.isArray(collections)) return [];
  for (const collection of collections) {
    const fontList: unknown = (collection as { fontList?: unknown } | null)?.fontList;
    if (!Array.isArray(fontList)) continue;
    for (const font of fontList) {
      const gno: unknown = (font as { fontGNo?: unknown } | null)?.fontGNo;
      if ((typeof gno === "string" && gno !== "") || (typeof gno === "number" && Number.isFinite(gno))) gnos.add(String(gno));
    }
  }
  return [...gnos];
}

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
