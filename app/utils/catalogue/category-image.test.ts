import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STYLE_CODES } from "@contract/catalogue";
import { categoryEntryImage, categoryImage, defaultImageIndex, isKnownCategory, seededRandom } from "./category-image";

describe("categoryImage: dark and light art, a random default for unknown codes", () => {
  it("uses the code's artwork in the requested theme", () => {
    expect(categoryImage("cute", "dark")).toBe("/images/category/cute-dark.svg");
    expect(categoryImage("hand-drawn", "light")).toBe("/images/category/hand-drawn-light.svg");
  });

  it("falls back to a default image chosen by the random value", () => {
    expect(categoryImage("nope", "dark", () => 0)).toBe("/images/category/default-1-dark.svg");
    expect(categoryImage("nope", "light", () => 0.26)).toBe("/images/category/default-2-light.svg");
    expect(categoryImage("nope", "light", () => 0.5)).toBe("/images/category/default-3-light.svg");
    expect(categoryImage(undefined, "dark", () => 0.9999)).toBe("/images/category/default-4-dark.svg");
    expect(categoryImage("", "dark", () => 1)).toBe("/images/category/default-4-dark.svg");
  });

  it("default images stay within 1..4 for any random", () => {
    for (let i = 0; i < 200; i++) {
      const n = defaultImageIndex();
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(defaultImageIndex(() => Number.NaN)).toBe(1);
  });

  it("knows every style category of the catalogue, each with dark and light artwork", () => {
    expect(STYLE_CODES).toHaveLength(38);
    for (const code of STYLE_CODES) {
      expect(isKnownCategory(code)).toBe(true);
      for (const theme of ["dark", "light"] as const) {
        expect(existsSync(`public${categoryImage(code, theme)}`), `${code} ${theme}`).toBe(true);
      }
    }
    expect(isKnownCategory("all")).toBe(true);
    expect(isKnownCategory("toString")).toBe(false);
  });

  it("entry images prefer the entry's own URL for known codes", () => {
    const entry = { code: "cute", imageDark: "https://cdn.x/cute-d.svg", imageLight: "https://cdn.x/cute-l.svg" };
    expect(categoryEntryImage(entry, "dark")).toBe("https://cdn.x/cute-d.svg");
    expect(categoryEntryImage(entry, "light")).toBe("https://cdn.x/cute-l.svg");
    expect(categoryEntryImage({ code: "mystery", imageDark: "/x.svg" }, "dark")).toMatch(
      /^\/images\/category\/default-[1-4]-dark\.svg$/,
    );
  });

  it("seeded random is stable", () => {
    expect(seededRandom("abc")()).toBe(seededRandom("abc")());
    const value = seededRandom("zzz")();
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
  });
});
