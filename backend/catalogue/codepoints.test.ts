import { describe, expect, it } from "vitest";
import { requiredCodepoints, toRanges } from "./codepoints.js";

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

describe("requiredCodepoints", () => {
  it("keeps each non-whitespace character once, astral ones whole", () => {
    expect(requiredCodepoints(" 你好\t你\n𠮷 ")).toEqual([0x4f60, 0x597d, 0x20bb7]);
  });

  it("requires nothing of blank text", () => {
    expect(requiredCodepoints(" \u3000\n")).toEqual([]);
  });
});
