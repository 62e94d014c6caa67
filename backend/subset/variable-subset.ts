import { createHash } from "node:crypto";
import type { FontSourceFile } from "./font-source.js";
import type { SubsetCache, SubsetEntry } from "./subset-cache.js";
import { UnusableFontError } from "./unusable-font.js";
import type { VariableFontFile } from "./variable-font-source.js";

/** The code points of a text that one slice of a variable font holds, and that slice's file. */
export type VariableSlicePart = { file: FontSourceFile; codepoints: number[] };

/** Which slices serve which code points of a text; code points no slice is published for are `missing`. */
export type VariableSubsetPlan = { parts: VariableSlicePart[]; missing: number[] };

/** A variable subset made: one cached subset per slice part, each still holding the font's axes. */
export type VariableSubset = {
  parts: Array<{ entry: SubsetEntry; codepoints: number[] }>;
  missing: number[];
  /** Names the combination of parts; the family name is made from it. */
  hash: string;
};

/**
 * Gives each code point to the first slice published for it and resolves the files of the slices
 * used. HarfBuzz keeps `fvar`, `gvar`, `HVAR`, `MVAR`, `STAT` and `avar` when no axis is pinned, so
 * each slice's subset stays variable with the same axes.
 */
export async function planVariableSubset(
  font: VariableFontFile,
  codepoints: readonly number[],
): Promise<VariableSubsetPlan> {
  const bySlice = new Map<number, number[]>();
  const missing: number[] = [];
  for (const codepoint of codepoints) {
    const sliceIndex = font.slices.findIndex((slice) =>
      slice.ranges.some(([first, last]) => codepoint >= first && codepoint <= last),
    );
    if (sliceIndex < 0) missing.push(codepoint);
    else bySlice.set(sliceIndex, [...(bySlice.get(sliceIndex) ?? []), codepoint]);
  }
  const parts = await Promise.all(
    [...bySlice].map(async ([sliceIndex, sliceCodepoints]) => {
      const file = await font.slices[sliceIndex]!.file();
      if (!file) throw new UnusableFontError("字体文件不存在");
      return { file, codepoints: sliceCodepoints };
    }),
  );
  return { parts, missing };
}

/** Makes (or finds in the cache) the subset of each part of `plan`. */
export async function makeVariableSubset(cache: SubsetCache, plan: VariableSubsetPlan): Promise<VariableSubset> {
  const entries = await Promise.all(plan.parts.map((part) => cache.get(part.file, part.codepoints)));
  const parts = entries.map((entry, index) => ({ entry, codepoints: plan.parts[index]!.codepoints }));
  const hash = createHash("sha256")
    .update(entries.map((entry) => entry.hash).join(","))
    .update(`|${plan.missing.join(",")}`)
    .digest("hex");
  return { parts, missing: plan.missing, hash };
}

/** Sorted code points → CSS unicode-range: `U+4E00,U+4E8C-4E8D`. */
export function unicodeRangeOf(codepoints: readonly number[]): string {
  const sorted = [...codepoints].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    const first = sorted[start]!.toString(16).toUpperCase();
    const last = sorted[end]!.toString(16).toUpperCase();
    ranges.push(start === end ? `U+${first}` : `U+${first}-${last}`);
    start = end + 1;
  }
  return ranges.join(",");
}
