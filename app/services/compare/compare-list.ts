import { FONT_GNO_PATTERN } from "@contract/catalogue-values";

/**
 * The comparison list's rules, shared by the server (the cookie the no-JavaScript forms change) and
 * the browser (local storage, mirrored into the same cookie).
 */

/** The cookie the server reads, and the browser writes to mirror local storage. */
export const COMPARE_COOKIE = "compare-fonts";
/** The local-storage key holding the list in the browser. */
export const COMPARE_STORAGE_KEY = "compare-fonts";
/** More fonts than this make rows too long to compare and a PDF too heavy to send. */
export const COMPARE_MAX = 10;
/** A year: the list is a working set the visitor builds over several visits. */
export const COMPARE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const COMPARE_MESSAGES = {
  added: "添加对比成功",
  removed: "移除对比成功",
  duplicate: "请勿重复添加",
  absent: "字体不存在",
  full: `最多对比 ${COMPARE_MAX} 款字体，请先移除一些`,
  invalid: "字体编号不正确",
} as const;

export type CompareOutcome =
  | { ok: true; list: string[]; message: string }
  | { ok: false; list: string[]; message: string; reason: "duplicate" | "absent" | "full" | "invalid" };

export function isFontGNo(value: unknown): value is string {
  return typeof value === "string" && FONT_GNO_PATTERN.test(value);
}

/** Distinct valid font numbers in their order, at most COMPARE_MAX; anything else is dropped. */
export function normalizeCompareList(values: readonly unknown[]): string[] {
  const list: string[] = [];
  for (const value of values) {
    const gno = typeof value === "number" && Number.isInteger(value) ? String(value) : value;
    if (!isFontGNo(gno) || list.includes(gno)) continue;
    list.push(gno);
    if (list.length >= COMPARE_MAX) break;
  }
  return list;
}

/**
 * Reads a stored list: the cookie's `10001.10005` or local storage's `["10001","10005"]`. Whatever
 * cannot be read gives an empty list, never an error: the value may have been edited by hand.
 */
export function parseCompareList(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const value = raw.trim();
  if (value.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? normalizeCompareList(parsed) : [];
    } catch {
      return [];
    }
  }
  return normalizeCompareList(value.split("."));
}

/** The cookie's value: font numbers joined by dots (only digits and dots, so nothing needs encoding). */
export function serializeCompareCookieValue(list: readonly string[]): string {
  return normalizeCompareList(list).join(".");
}

/** The local-storage value. */
export function serializeCompareStorageValue(list: readonly string[]): string {
  return JSON.stringify(normalizeCompareList(list));
}

/** The cookie's attributes; not HttpOnly because the browser mirrors local storage into it. */
export function compareCookieAttributes(secure: boolean): string {
  return `Path=/; Max-Age=${COMPARE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A whole `Set-Cookie` / `document.cookie` string for the list (an empty list removes the cookie). */
export function compareCookieString(list: readonly string[], secure: boolean): string {
  const value = serializeCompareCookieValue(list);
  if (!value) return `${COMPARE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${COMPARE_COOKIE}=${value}; ${compareCookieAttributes(secure)}`;
}

export function addToCompare(list: readonly string[], gno: unknown): CompareOutcome {
  const current = normalizeCompareList(list);
  if (!isFontGNo(gno)) return { ok: false, list: current, message: COMPARE_MESSAGES.invalid, reason: "invalid" };
  if (current.includes(gno))
    return { ok: false, list: current, message: COMPARE_MESSAGES.duplicate, reason: "duplicate" };
  if (current.length >= COMPARE_MAX)
    return { ok: false, list: current, message: COMPARE_MESSAGES.full, reason: "full" };
  return { ok: true, list: [...current, gno], message: COMPARE_MESSAGES.added };
}

export function removeFromCompare(list: readonly string[], gno: unknown): CompareOutcome {
  const current = normalizeCompareList(list);
  if (!isFontGNo(gno) || !current.includes(gno)) {
    return { ok: false, list: current, message: COMPARE_MESSAGES.absent, reason: "absent" };
  }
  return { ok: true, list: current.filter((item) => item !== gno), message: COMPARE_MESSAGES.removed };
}

export type CompareIntent = "add" | "remove";

export function isCompareIntent(value: unknown): value is CompareIntent {
  return value === "add" || value === "remove";
}

/** Applies a form's intent to the list. */
export function applyCompareIntent(list: readonly string[], intent: CompareIntent, gno: unknown): CompareOutcome {
  return intent === "add" ? addToCompare(list, gno) : removeFromCompare(list, gno);
}
