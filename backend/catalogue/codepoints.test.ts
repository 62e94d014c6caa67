import { describe, expect, it } from "vitest";
import { requiredCodepoints } from "./codepoints.js";

describe("requiredCodepoints", () => {
  it("keeps each non-whitespace character once, astral ones whole", () => {
    expect(requiredCodepoints(" 你好\t你\n𠮷 ")).toEqual([0x4f60, 0x597d, 0x20bb7]);
  });

  it("requires nothing of blank text", () => {
    expect(requiredCodepoints(" \u3000\n")).toEqual([]);
  });
});
