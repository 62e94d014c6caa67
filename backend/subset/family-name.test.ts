import { describe, expect, it } from "vitest";
import { subsetFamilyName, withLeadingLetter } from "./family-name.js";

describe("withLeadingLetter (a CSS family name never starts with a digit)", () => {
  it("prefixes A to a name that starts with a digit", () => {
    expect(withLeadingLetter("10001-3f9a1c2b")).toBe("A10001-3f9a1c2b");
    expect(withLeadingLetter("9")).toBe("A9");
  });

  it("leaves other names alone", () => {
    expect(withLeadingLetter("A10001")).toBe("A10001");
    expect(withLeadingLetter("zcool-1")).toBe("zcool-1");
    expect(withLeadingLetter("")).toBe("");
  });
});

describe("subsetFamilyName", () => {
  it("is gno plus the first 8 hash digits, made CSS-safe", () => {
    expect(subsetFamilyName("10001", "3f9a1c2b77aa00bb3f9a1c2b77aa00bb")).toBe("A10001-3f9a1c2b");
    expect(subsetFamilyName("kuaile", "0123456789abcdef0123456789abcdef")).toBe("kuaile-01234567");
  });
});
