/**
 * Style-category artwork: `/images/category/{code}-{dark|light}.svg`.
 * An unknown code falls back to a random default image `/images/category/default-{1..4}-{theme}.svg`.
 */

import { STYLE_CODES } from "@contract/catalogue-values";

export type Theme = "dark" | "light";

export const DEFAULT_IMAGE_COUNT = 4;

/** Every style category of the catalogue has artwork. */
const KNOWN = new Set<string>(STYLE_CODES);

export function isKnownCategory(code: string | null | undefined): boolean {
  return Boolean(code) && KNOWN.has(code as string);
}

/** The default artwork number 1..4 for a random value in [0, 1). */
export function defaultImageIndex(random: () => number = Math.random): number {
  const value = random();
  const clamped = Number.isFinite(value) ? Math.min(Math.max(value, 0), 0.999999) : 0;
  return Math.floor(clamped * DEFAULT_IMAGE_COUNT) + 1;
}

/**
 * The artwork path for a category code and theme. Unknown codes get a random default
 * image; pass `random` (e.g. `seededRandom(code)`) so the server and the browser agree.
 */
export function categoryImage(
  code: string | null | undefined,
  theme: Theme,
  random: () => number = Math.random,
): string {
  if (isKnownCategory(code)) return `/images/category/${code}-${theme}.svg`;
  return `/images/category/default-${defaultImageIndex(random)}-${theme}.svg`;
}

/**
 * The image to show for a catalogue entry: its own `imageDark`/`imageLight` when the code is
 * known and the entry carries one, else `categoryImage`'s rule.
 */
export function categoryEntryImage(
  entry: { code: string; imageDark?: string | null; imageLight?: string | null },
  theme: Theme,
  random: () => number = seededRandom(entry.code),
): string {
  if (isKnownCategory(entry.code)) {
    const own = theme === "dark" ? entry.imageDark : entry.imageLight;
    if (own) return own;
  }
  return categoryImage(entry.code, theme, random);
}

/** A deterministic "random" in [0, 1) from a string (FNV-1a), stable across server and browser. */
export function seededRandom(seed: string): () => number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return () => (hash % 10_000) / 10_000;
}
