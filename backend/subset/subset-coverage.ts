import * as hb from "harfbuzzjs";

/**
 * The code points of `codepoints` that the subset `sfnt` (made for them) has no glyph for: the
 * characters a preview must mark as lacking. Read from the subset's own character map (a preview's
 * subset weighs a few kilobytes; harfbuzzjs frees it once collected), so that a page need not fetch
 * each subset file back to learn it.
 */
export function codepointsLacking(sfnt: Uint8Array, codepoints: readonly number[]): number[] {
  const covered = new Set(new hb.Face(new hb.Blob(sfnt)).collectUnicodes());
  return codepoints.filter((codepoint) => !covered.has(codepoint));
}
