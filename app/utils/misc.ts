import { useEffect, useRef, useState, type RefObject } from "react";

/** Joins class names, skipping falsy values. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * A number grouped by thousands as zh-CN writes it (12345 → "12,345"), at most three decimals.
 * Written out rather than `toLocaleString`: a page's first Intl formatter loads the locale's data,
 * a long task of 10–30 ms on a phone before the page answers.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = "0", fraction] = String(Math.round(value * 1000) / 1000).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Formats a count the Chinese way: 12345 → "1.2万". */
export function formatCount(value: number | null | undefined): string {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n)) return "0";
  if (n >= 100_000_000) return `${trimZero((n / 100_000_000).toFixed(1))}亿`;
  if (n >= 10_000) return `${trimZero((n / 10_000).toFixed(1))}万`;
  return formatNumber(n);
}

function trimZero(text: string): string {
  return text.replace(/\.0$/, "");
}

/** Prefixes a site-relative asset path with STATIC_BASE (absolute URLs pass through). */
export function staticUrl(path: string, staticBase = ""): string {
  if (!path || /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(path) || path.startsWith("data:")) return path;
  return `${staticBase.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** A value that follows `value` after `delayMs` without changes (autocomplete: 300 ms). */
export function useDebounce<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** True after hydration (false during SSR and the first client render). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Once, at hydration: hands `adopt` what the visitor typed into `field` before the page hydrated
 * (React saw none of it, and the next render would put `serverValue` back), and whether the field
 * has the focus.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement>,
  serverValue: string,
  adopt: (typed: string | null, focused: boolean) => void,
): void {
  useEffect(() => {
    const element = field.current;
    const typed = element && element.value !== serverValue ? element.value : null;
    adopt(typed, Boolean(element) && document.activeElement === element);
    // Runs once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Online/offline status, assuming online until the browser says otherwise. */
export function useOnlineStatus(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/**
 * Whether `error` is a request that never reached the server (no network, or the server unreachable),
 * as each browser engine words it. `navigator.onLine` alone misses it: it stays true on a network
 * that is up but leads nowhere, and in a document the service worker answered offline.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network request failed)$/.test(
      error.message,
    )
  );
}

/** Calls the latest `callback` without re-subscribing effects. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** Builds `/font?...` style URLs from a record, dropping empty values. */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The `auth` guard's scope: any path containing /user (shared by the root loader and shouldRevalidate),
 * except the comparison page, which visitors use too: their list lives in their browser.
 */
export function isGuardedPath(pathname: string): boolean {
  if (/^\/user\/compare\/?$/.test(pathname)) return false;
  return pathname.includes("/user");
}
