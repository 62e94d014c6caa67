import { toRanges } from "../codepoint-ranges.js";
import { FREQUENT_CHARACTERS } from "./character-frequency.js";

/**
 * How the characters of the most frequent slices are counted out: small first, so that a page of
 * common text loads a few small files, growing as the characters get rarer.
 */
const FREQUENT_SLICE_SIZES = [120, 180, 250, 300, 350, 400, 450, 500, 500, 500];
/** Characters in each slice after the frequent ones, taken in code point order. */
const REST_SLICE_SIZE = 600;
/** Below this, everything up to the CJK blocks: Latin, punctuation, symbols. One slice. */
const BASIC_END = 0x2e80;
/** Fullwidth forms and CJK punctuation go with the basic slice: every Chinese sentence has some. */
const PUNCTUATION = [
  [0x3000, 0x303f],
  [0xff00, 0xffef],
] as const;

const FREQUENCY_ORDER: readonly number[] = [...FREQUENT_CHARACTERS].map((character) => character.codePointAt(0)!);

function isBasic(codepoint: number): boolean {
  return codepoint < BASIC_END || PUNCTUATION.some(([first, last]) => codepoint >= first && codepoint <= last);
}

/**
 * A font's characters (`codepoints`, sorted) cut into slices, each served as one file with its
 * `unicode-range`, as Google Fonts serves CJK: first Latin and punctuation, then the most frequent
 * Chinese characters in order of frequency (so common text needs few files), then the rest in code
 * point order. Each slice is sorted; together they hold every code point once.
 */
export function sliceCodepoints(codepoints: readonly number[]): number[][] {
  const available = new Set(codepoints);
  const slices: number[][] = [];
  const basic = codepoints.filter(isBasic);
  if (basic.length > 0) slices.push(basic);
  const taken = new Set(basic);

  const frequent = FREQUENCY_ORDER.filter((codepoint) => available.has(codepoint) && !taken.has(codepoint));
  let next = 0;
  for (const size of FREQUENT_SLICE_SIZES) {
    if (next >= frequent.length) break;
    const slice = frequent.slice(next, next + size);
    next += size;
    slices.push(slice.sort((a, b) => a - b));
  }
  for (const codepoint of frequent.slice(0, next)) taken.add(codepoint);

  const rest = codepoints.filter((codepoint) => !taken.has(codepoint));
  for (let index = 0; index < rest.length; index += REST_SLICE_SIZE) {
    slices.push(rest.slice(index, index + REST_SLICE_SIZE));
  }
  return slices;
}

/** The CSS `unicode-range` value of sorted code points: `U+20-7e, U+4e00, …`. */
export function unicodeRange(sortedCodepoints: readonly number[]): string {
  return toRanges(sortedCodepoints)
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(", ");
}

function hex(codepoint: number): string {
  return codepoint.toString(16);
}
