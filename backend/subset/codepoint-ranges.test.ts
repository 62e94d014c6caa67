import { describe, expect, it } from "vitest";
import { toRanges } from "./codepoint-ranges.js";

describe("toRanges", () => {
  it("merges consecutive code points into inclusive ranges", () => {
    expect(toRanges([0x20, 0x21, 0x22, 0x41, 0x4e00, 0x4e01])).toEqual([
      [0x20, 0x22],
      [0x41, 0x41],
      [0x4e00, 0x4e01],
    ]);
  });

  it("ignores repeated code points and handles an empty cmap", () => {
    expect(toRanges([1, 1, 2, 2, 4])).toEqual([
      [1, 2],
      [4, 4],
    ]);
    expect(toRanges([])).toEqual([]);
  });
});
