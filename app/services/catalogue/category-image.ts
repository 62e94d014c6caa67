/**
 * Style-category artwork: `/images/category/{code}-{dark|light}.svg`, each card also drawn on a
 * sheet of its theme (`/images/category/sheet-{first|more}-{theme}.svg#card-{code}`), which is what
 * pages show: a grid of cards fetches two files, a phone's folded grid one. An unknown code falls
 * back to a random default card (`default-{1..4}`).
 */

import { STYLE_CARDS_SHOWN_FIRST, STYLE_CODES } from "@contract/catalogue-values";

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
 * The names of the cards on each theme's two sheets: the style categories a phone's home page shows
 * first, then the others and the default cards.
 */
export const SHEET_CARDS: Readonly<Record<"first" | "more", readonly string[]>> = {
  first: STYLE_CODES.slice(0, STYLE_CARDS_SHOWN_FIRST),
  more: [
    ...STYLE_CODES.slice(STYLE_CARDS_SHOWN_FIRST),
    ...Array.from({ length: DEFAULT_IMAGE_COUNT }, (_, index) => `default-${index + 1}`),
  ],
};
const ON_FIRST_SHEET = new Set(SHEET_CARDS.first);
const ON_SHEET = new Set([...SHEET_CARDS.first, ...SHEET_CARDS.more]);

function sheetCard(name: string, theme: Theme): string {
  const sheet = ON_FIRST_SHEET.has(name) ? "first" : "more";
  return `/images/category/sheet-${sheet}-${theme}.svg#card-${name}`;
}

/**
 * The artwork for a category code and theme, on the theme's sheet. Unknown codes get a random
 * default card; pass `random` (e.g. `seededRandom(code)`) so the server and the browser agree.
 */
export function categoryImage(
  code: string | null | undefined,
  theme: Theme,
  random: () => number = Math.random,
): string {
  if (isKnownCategory(code)) return sheetCard(code as string, theme);
  return sheetCard(`default-${defaultImageIndex(random)}`, theme);
}

const OWN_CARD_FILE = /^\/images\/category\/([a-z0-9-]+)-(dark|light)\.svg$/;

/** A single card file of the site's own artwork becomes its place on the sheet; any other address stays. */
export function onArtworkSheet(src: string): string {
  const [, name, theme] = OWN_CARD_FILE.exec(src) ?? [];
  return name && ON_SHEET.has(name) ? sheetCard(name, theme as Theme) : src;
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
    if (own) return onArtworkSheet(own);
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
