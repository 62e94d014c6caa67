import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "@remix-run/react";
import { afterLoadWhenIdle } from "~/utils/idle";
import { useRootData } from "~/utils/root-data";
import {
  COMPARE_COOKIE,
  COMPARE_STORAGE_KEY,
  compareCookieString,
  parseCompareList,
  serializeCompareCookieValue,
  serializeCompareStorageValue,
} from "~/services/compare/compare-list";

/**
 * The comparison list in the browser. Local storage holds it, read again on every page; the cookie
 * mirrors it so the server renders the same list and a form posted without JavaScript changes the
 * list the visitor sees. When local storage has no list yet, the cookie's (set by such a form) is taken.
 */

const EMPTY: string[] = [];
let current: string[] | null = null;
/** The page (location key) whose list was last read from local storage. */
let reloadedFor: string | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled: the cookie alone keeps the list
  }
}

function cookieList(): string[] {
  if (typeof document === "undefined") return EMPTY;
  for (const part of document.cookie.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === COMPARE_COOKIE) return parseCompareList(value.join("="));
  }
  return EMPTY;
}

function writeCookie(list: readonly string[]) {
  if (typeof document === "undefined") return;
  const stored = serializeCompareCookieValue(cookieList());
  if (stored === serializeCompareCookieValue(list)) return;
  document.cookie = compareCookieString(list, window.location.protocol === "https:");
}

function readList(): string[] {
  const store = storage();
  const raw = store?.getItem(COMPARE_STORAGE_KEY) ?? null;
  if (raw === null) {
    const fromCookie = cookieList();
    if (store && fromCookie.length > 0) store.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(fromCookie));
    return fromCookie;
  }
  return parseCompareList(raw);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((gno, index) => gno === b[index]);
}

function setCurrent(list: string[]) {
  if (current && sameList(current, list)) return;
  current = list;
  for (const listener of listeners) listener();
}

/** Reads the list again from local storage (mirroring it into the cookie) and answers it. */
export function reloadCompareList(): string[] {
  const list = readList();
  writeCookie(list);
  setCurrent(list);
  return current!;
}

/** Stores a changed list in local storage and the cookie. */
export function saveCompareList(list: string[]) {
  storage()?.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(list));
  writeCookie(list);
  setCurrent(parseCompareList(serializeCompareCookieValue(list)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): string[] {
  if (current === null) {
    current = readList();
    writeCookie(current);
  }
  return current;
}

/**
 * The list as this page shows it: the server's (from the cookie, which mirrors local storage) while
 * hydrating, then local storage's, read again once each page is loaded and the browser idle.
 */
export function useCompareList(): string[] {
  const serverList = useRootData()?.compareFontGNos ?? EMPTY;
  // Hydration reads no storage: a page's first read of local storage waits on the browser, and the
  // cookie the server read holds the same list. The store starts from the server's own array, so
  // React has no second snapshot to render every control again for.
  const list = useSyncExternalStore(subscribe, getSnapshot, () => {
    if (typeof document !== "undefined") current ??= serverList;
    return serverList;
  });
  const location = useLocation();
  useEffect(() => {
    // Once per page, however many controls it shows.
    if (reloadedFor === location.key) return;
    reloadedFor = location.key;
    // Not cancelled with the control that asked: the page's other controls rely on it.
    afterLoadWhenIdle(() => void reloadCompareList());
  }, [location.key]);
  return list;
}

/** For tests: forget the list read so far. */
export function resetCompareStore() {
  current = null;
  reloadedFor = null;
  listeners.clear();
}
