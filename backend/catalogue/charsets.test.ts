import { describe, expect, it } from "vitest";
import { CHARSETS, charsetCoverage } from "./charsets.js";

const charset = (code: string) => CHARSETS.find((candidate) => candidate.code === code)!.codepoints();

describe("charsets", () => {
  it("holds the 6763 hanzi of GB2312, from 啊 to 齄", () => {
    const gb2312 = charset("GB2312");
    expect(gb2312.size).toBe(6763);
    expect(gb2312.has("啊".codePointAt(0)!)).toBe(true);
    expect(gb2312.has("齄".codePointAt(0)!)).toBe(true);
    expect(gb2312.has("體".codePointAt(0)!)).toBe(false);
  });

  it("holds the 5401 common hanzi of Big5", () => {
    const big5 = charset("BIG5");
    expect(big5.size).toBe(5401);
    expect(big5.has("體".codePointAt(0)!)).toBe(true);
    expect(big5.has("体".codePointAt(0)!)).toBe(false);
  });

  it("holds the 95 printable ASCII characters", () => {
    expect(charset("ASCII").size).toBe(95);
  });

  it("counts how much of each set a cmap covers", () => {
    const cmap = new Set([..."啊體AB "].map((character) => character.codePointAt(0)!));
    // 啊 is in both GB2312 and Big5; 體 only in Big5.
    const coverage = Object.fromEntries(charsetCoverage(cmap).map((entry) => [entry.code, entry]));
    expect(coverage.GB2312).toEqual({ code: "GB2312", covered: 1, total: 6763 });
    expect(coverage.BIG5).toEqual({ code: "BIG5", covered: 2, total: 5401 });
    expect(coverage.ASCII).toEqual({ code: "ASCII", covered: 3, total: 95 });
  });
});
