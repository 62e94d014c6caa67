import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STYLE_CARDS_SHOWN_FIRST, STYLE_CODES } from "@contract/catalogue";
import {
  categoryEntryImage,
  categoryImage,
  defaultImageIndex,
  isKnownCategory,
  onArtworkSheet,
  SHEET_CARDS,
  seededRandom,
} from "./category-image";

describe("categoryImage: dark and light art, a random default for unknown codes", () => {
  it("uses the code's artwork in the requested theme", () => {
    expect(categoryImage("cute", "dark")).toBe("/images/category/sheet-more-dark.svg#card-cute");
    expect(categoryImage("hand-drawn", "light")).toBe("/images/category/sheet-more-light.svg#card-hand-drawn");
  });

  it("falls back to a default image chosen by the random value", () => {
    expect(categoryImage("nope", "dark", () => 0)).toBe("/images/category/sheet-more-dark.svg#card-default-1");
    expect(categoryImage("nope", "light", () => 0.26)).toBe("/images/category/sheet-more-light.svg#card-default-2");
    expect(categoryImage("nope", "light", () => 0.5)).toBe("/images/category/sheet-more-light.svg#card-default-3");
    expect(categoryImage(undefined, "dark", () => 0.9999)).toBe("/images/category/sheet-more-dark.svg#card-default-4");
    expect(categoryImage("", "dark", () => 1)).toBe("/images/category/sheet-more-dark.svg#card-default-4");
  });

  it("default images stay within 1..4 for any random", () => {
    for (let i = 0; i < 200; i++) {
      const n = defaultImageIndex();
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(defaultImageIndex(() => Number.NaN)).toBe(1);
  });

  it("puts the cards a phone shows first on a sheet of their own", () => {
    expect(categoryImage("all", "dark")).toBe("/images/category/sheet-first-dark.svg#card-all");
    expect(categoryImage("beat", "light")).toBe("/images/category/sheet-first-light.svg#card-beat");
    expect(categoryImage("anime", "dark")).toBe("/images/category/sheet-more-dark.svg#card-anime");
    expect(SHEET_CARDS.first).toEqual(STYLE_CODES.slice(0, STYLE_CARDS_SHOWN_FIRST));
  });

  it("knows every style category of the catalogue, each with dark and light artwork on its theme's sheet", () => {
    expect(STYLE_CODES).toHaveLength(38);
    const cardsOn = (sheet: string, theme: string) =>
      [
        ...readFileSync(`public/images/category/sheet-${sheet}-${theme}.svg`, "utf8").matchAll(
          /<svg id="card-([a-z0-9-]+)"/g,
        ),
      ].map(([, name]) => name);
    for (const theme of ["dark", "light"] as const) {
      // One card per name, in the order of the list, each on one sheet.
      expect(cardsOn("first", theme)).toEqual(SHEET_CARDS.first);
      expect(cardsOn("more", theme)).toEqual(SHEET_CARDS.more);
      for (const code of STYLE_CODES) {
        expect(isKnownCategory(code)).toBe(true);
        const [file, fragment] = categoryImage(code, theme).split("#");
        expect(existsSync(`public${file}`)).toBe(true);
        expect(fragment).toBe(`card-${code}`);
        // The single card file stays for anyone linking it.
        expect(existsSync(`public/images/category/${code}-${theme}.svg`), `${code} ${theme}`).toBe(true);
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
      /^\/images\/category\/sheet-more-dark\.svg#card-default-[1-4]$/,
    );
  });

  it("shows the site's own card files from their sheet and leaves every other address alone", () => {
    expect(categoryEntryImage({ code: "cute", imageDark: "/images/category/cute-dark.svg" }, "dark")).toBe(
      "/images/category/sheet-more-dark.svg#card-cute",
    );
    expect(onArtworkSheet("/images/category/default-3-light.svg")).toBe(
      "/images/category/sheet-more-light.svg#card-default-3",
    );
    for (const other of [
      "/images/category/default-5-dark.svg",
      "/images/category/mystery-dark.svg",
      "/images/category/cute-sepia.svg",
      "/images/other/cute-dark.svg",
      "https://cdn.x/images/category/cute-dark.svg",
      "/images/category/cute-dark.svg?v=2",
    ]) {
      expect(onArtworkSheet(other)).toBe(other);
    }
  });

  it("seeded random is stable", () => {
    expect(seededRandom("abc")()).toBe(seededRandom("abc")());
    const value = seededRandom("zzz")();
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
  });
});
