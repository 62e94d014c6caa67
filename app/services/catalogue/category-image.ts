/**
 * Style-category artwork: `/images/category/{code}-{dark|light}.svg`, each card also rendered to a
 * WebP beside it (`{code}-{theme}.webp`), which is what pages show: a browser decodes a raster image
 * off its main thread, where each SVG image is a document of its own to load, style, lay out and
 * paint. An unknown code falls back to a random default card (`default-{1..4}`).
 */

import { STYLE_CODES } from "@contract/catalogue-values";
import { cardDrawing, styleListHref, type StyleCardData, type Theme } from "./style-card";

export const DEFAULT_IMAGE_COUNT = 4;

/** Every style category of the catalogue has artwork. */
const KNOWN = new Set<string>(STYLE_CODES);
const OWN_CARDS = new Set<string>([
  ...STYLE_CODES,
  ...Array.from({ length: DEFAULT_IMAGE_COUNT }, (_, index) => `default-${index + 1}`),
]);

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
 * The artwork for a category code and theme. Unknown codes get a random
 * default card; pass `random` (e.g. `seededRandom(code)`) so the server and the browser agree.
 */
export function categoryImage(
  code: string | null | undefined,
  theme: Theme,
  random: () => number = Math.random,
): string {
  if (isKnownCategory(code)) return cardDrawing(code as string, theme);
  return cardDrawing(`default-${defaultImageIndex(random)}`, theme);
}

const OWN_CARD_FILE = /^\/images\/category\/([a-z0-9-]+)-(dark|light)\.svg$/;

/** A card file of the site's own artwork (its SVG) is shown as its drawing; any other address stays. */
export function asCardDrawing(src: string): string {
  const [, name, theme] = OWN_CARD_FILE.exec(src) ?? [];
  return name && OWN_CARDS.has(name) ? cardDrawing(name, theme as Theme) : src;
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
    if (own) return asCardDrawing(own);
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

/**
 * A catalogue entry as a style card in a page's data: its address and artwork only where they are
 * not its code's own (`style-card.ts`), which the browser works out again. The home page shows the
 * catalogue's thirty-odd cards.
 */
export function toStyleCardData(entry: {
  code: string;
  name: string;
  url?: string | null;
  imageDark?: string | null;
  imageLight?: string | null;
}): StyleCardData {
  const card: StyleCardData = { code: entry.code, name: entry.name };
  if (entry.url && entry.url !== styleListHref(entry.code)) card.href = entry.url;
  const image = { light: categoryEntryImage(entry, "light"), dark: categoryEntryImage(entry, "dark") };
  if (image.light !== cardDrawing(entry.code, "light") || image.dark !== cardDrawing(entry.code, "dark"))
    card.image = image;
  return card;
}
