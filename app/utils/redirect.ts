/**
 * Where a `redirect` value taken from a query string, a form or a cookie may send the visitor:
 * only a path of this site. The value must start with a single `/` (not `//` or `/\`, which
 * browsers read as another host), carry no scheme and no control characters, and stay on this site
 * after the browser's own normalisation (`/.//evil.com` becomes `//evil.com`), also once its
 * percent-encodings are decoded (`/%2F%2Fevil.com`). The login, registration and logout pages are
 * never a target: returning there would loop. Anything else gives `fallback`.
 *
 * Returns the normalised path (`pathname + search + hash`, percent-encoded as a browser would send it).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const value = to.trim();
  const decoded = decodeRepeatedly(value);
  if (decoded === null || !staysOnSite(value) || !staysOnSite(decoded)) return fallback;
  const url = new URL(value, PROBE_ORIGIN);
  if (ACCOUNT_PAGE.test(url.pathname) || ACCOUNT_PAGE.test(new URL(decoded, PROBE_ORIGIN).pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A stand-in origin: a value resolved against it that lands elsewhere names another site. */
const PROBE_ORIGIN = "http://site.invalid";

/** Percent-encodings are undone at most this often; a value still encoded after that is refused. */
const MAX_DECODE_ROUNDS = 5;

const ACCOUNT_PAGE = /^\/account\/(?:login|register|forget|wechat|logout)(?:[/.]|$)/;

/** `value` with its percent-encodings undone until nothing changes; null when malformed or nested too deep. */
function decodeRepeatedly(value: string): string | null {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Whether `candidate` reads as a path of this site, before and after a browser normalises it. */
function staysOnSite(candidate: string): boolean {
  if (!isSingleSlashPath(candidate)) return false;
  let url: URL;
  try {
    url = new URL(candidate, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && isSingleSlashPath(url.pathname);
}

function isSingleSlashPath(candidate: string): boolean {
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return false;
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return false;
  // Browsers read `\` as `/` in a path, so `/a\..\\evil.com`-style values could climb out of it.
  const path = candidate.split(/[?#]/, 1)[0]!;
  return !path.includes("\\");
}
