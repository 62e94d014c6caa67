import { createHash } from "node:crypto";

/** Bump when the subsetter's output changes, so old cache files are not served for new requests. */
const SUBSET_OUTPUT_VERSION = "hb-subset-v2";

/** The text as the set of its Unicode code points, sorted ascending: the subset's identity. */
export function normalizeCodepoints(text: string): number[] {
  const unique = new Set<number>();
  for (const character of text) unique.add(character.codePointAt(0) ?? 0);
  return [...unique].sort((a, b) => a - b);
}

/** 32 hex digits naming a subset of one font version for one code point set; used in file names. */
export function subsetHash(gno: string, fontVersion: string, codepoints: readonly number[]): string {
  return createHash("sha256")
    .update(`${SUBSET_OUTPUT_VERSION}\n${gno}\n${fontVersion}\n${codepoints.join(",")}`)
    .digest("hex")
    .slice(0, 32);
}
