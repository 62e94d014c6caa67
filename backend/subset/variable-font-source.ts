import type { FontSourceFile } from "./font-source.js";

/** The `gno` of one slice's file: the variable font's number and the slice's key (`v1-119`). */
export function variableSliceGno(fontGno: string, sliceKey: string): string {
  return `${fontGno}-${sliceKey}`;
}

/** The variable font's number and the slice's key in a slice file's `gno`, or null when it is not one. */
export function readVariableSliceGno(gno: string): { fontGno: string; sliceKey: string } | null {
  const match = /^(v[0-9]+)-(.+)$/.exec(gno);
  return match ? { fontGno: match[1]!, sliceKey: match[2]! } : null;
}

/** One unicode-range slice of a variable font: a whole variable font file holding some characters. */
export type VariableFontSlice = {
  /** Names the slice within its font; its file's `gno` is `variableSliceGno(font gno, key)`. */
  key: string;
  /** Code points the slice is published for, as sorted, disjoint-or-not [first, last] pairs. */
  ranges: ReadonlyArray<readonly [number, number]>;
  /** The slice as sfnt on local storage; null when its file is gone. */
  file(): Promise<FontSourceFile | null>;
};

export type VariableAxisRange = {
  tag: string;
  name: string;
  min: number;
  default: number;
  max: number;
  hidden: boolean;
};

/** A variable font as the subset service needs it: its axes and its slices, in the order to search them. */
export type VariableFontFile = {
  gno: string;
  axes: VariableAxisRange[];
  slices: VariableFontSlice[];
};

/** Where the subset service finds the variable font behind a `gno`; the variable font backend provides it. */
export type VariableFontSource = (gno: string) => Promise<VariableFontFile | null>;
