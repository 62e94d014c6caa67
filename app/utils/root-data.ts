import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "./toast";
import { staticUrl } from "./misc";

/** A friend link (docs/api.md): `link` may lack a scheme, `linkType` picks it (1 http, 2 https). */
export type FriendLink = { id: number | string; name: string; link: string; linkType: number; sort: number };

/** A header/footer column entry (docs/api.md getColumnByType). */
export type ColumnLink = { id: number | string; name: string; url: string; type: string; sort: number };

/** What the root loader gives every page. */
export type RootData = {
  appTitle: string;
  loggedIn: boolean;
  friendLinks: FriendLink[];
  footerColumns: ColumnLink[];
  toast: Toast | null;
  year: number;
  env: { apiBase: string; subsetBase: string; staticBase: string };
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
