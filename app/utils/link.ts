/**
 * The link helper. Friend links (and other editor-entered links) may be stored as bare
 * domains such as `www.example.com`; they get a scheme chosen by a value:
 * 1 → `http://`, 2 → `https://` (any other value → `https://`).
 *
 * An empty link becomes a no-op link. Choice: `linkHref` returns `null` and the caller
 * renders a `<span>` (see `components/smart-link.tsx`) instead of an `<a>` — no `#`, no
 * `javascript:` URL, nothing focusable that does nothing.
 */

export const LINK_SCHEME = { 1: "http://", 2: "https://" } as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
/** host[:port][/path…] where host is a dotted name (or localhost) or an IPv4 address. */
const DOMAIN_LIKE =
  /^(?:(?:[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,}|localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** True when `text` looks like a domain without a scheme (`example.com`, `www.a.cn/x?y`). */
export function looksLikeDomain(text: string): boolean {
  return DOMAIN_LIKE.test(text.trim());
}

/** The scheme for a choice value: 1 → http://, 2 (or anything else) → https://. */
export function schemeFor(choice?: number | string | null): string {
  return Number(choice) === 1 ? LINK_SCHEME[1] : LINK_SCHEME[2];
}

/**
 * The href for a stored link, or `null` for a no-op link.
 * - empty / whitespace → null
 * - an existing http(s)/mailto/tel scheme → kept as is
 * - any other scheme (`javascript:`, `data:` …) → null (never rendered as a link)
 * - a domain-looking text → scheme by `choice` + text
 * - a site path (`/font`), query, fragment or protocol-relative URL → kept as is
 * - anything else → null
 */
export function linkHref(link: string | null | undefined, choice?: number | string | null): string | null {
  const text = (link ?? "").trim();
  if (!text) return null;
  if (text.startsWith("//")) return text;
  if (looksLikeDomain(text)) return `${schemeFor(choice)}${text}`;
  const scheme = SCHEME.exec(text);
  if (scheme) return SAFE_SCHEMES.has(scheme[1].toLowerCase()) ? text : null;
  if (/^[/?#]/.test(text)) return text;
  return null;
}

/** True for links that leave the site (get target=_blank rel=noopener). */
export function isExternalHref(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href);
}
