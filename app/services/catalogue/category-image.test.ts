import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { STYLE_CODES } from "@contract/catalogue";
import {
  asCardDrawing,
  categoryEntryImage,
  categoryImage,
  defaultImageIndex,
  isKnownCategory,
  seededRandom,
  toStyleCardData,
} from "./category-image";
import { styleCardHref, styleCardImage } from "./style-card";

describe("categoryImage: dark and light art, a random default for unknown codes", () => {
  it("uses the code's artwork in the requested theme", () => {
    expect(categoryImage("cute", "dark")).toBe("/images/category/cute-dark.webp");
    expect(categoryImage("hand-drawn", "light")).toBe("/images/category/hand-drawn-light.webp");
  });

  it("falls back to a default image chosen by the random value", () => {
    expect(categoryImage("nope", "dark", () => 0)).toBe("/images/category/default-1-dark.webp");
    expect(categoryImage("nope", "light", () => 0.26)).toBe("/images/category/default-2-light.webp");
    expect(categoryImage("nope", "light", () => 0.5)).toBe("/images/category/default-3-light.webp");
    expect(categoryImage(undefined, "dark", () => 0.9999)).toBe("/images/category/default-4-dark.webp");
    expect(categoryImage("", "dark", () => 1)).toBe("/images/category/default-4-dark.webp");
  });

  it("default images stay within 1..4 for any random", () => {
    for (let i = 0; i < 200; i++) {
      const n = defaultImageIndex();
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(defaultImageIndex(() => Number.NaN)).toBe(1);
  });

  it("knows every style category of the catalogue, each with dark and light artwork drawn from its SVG", () => {
    expect(STYLE_CODES).toHaveLength(38);
    const cards = [...STYLE_CODES, "default-1", "default-2", "default-3", "default-4"];
    for (const theme of ["dark", "light"] as const) {
      for (const name of cards) {
        const drawing = `public/images/category/${name}-${theme}.webp`;
        // A WebP file ("RIFF" … "WEBP") beside the SVG it was drawn from, which stays for anyone linking it.
        const bytes = readFileSync(drawing);
        expect(bytes.subarray(0, 4).toString("latin1") + bytes.subarray(8, 12).toString("latin1"), drawing).toBe(
          "RIFFWEBP",
        );
        expect(existsSync(`public/images/category/${name}-${theme}.svg`), `${name} ${theme}`).toBe(true);
      }
      for (const code of STYLE_CODES) {
        expect(isKnownCategory(code)).toBe(true);
        expect(categoryImage(code, theme)).toBe(`/images/category/${code}-${theme}.webp`);
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
      /^\/images\/category\/default-[1-4]-dark\.webp$/,
    );
  });

  it("shows the site's own card files as their drawings and leaves every other address alone", () => {
    expect(categoryEntryImage({ code: "cute", imageDark: "/images/category/cute-dark.svg" }, "dark")).toBe(
      "/images/category/cute-dark.webp",
    );
    expect(asCardDrawing("/images/category/default-3-light.svg")).toBe("/images/category/default-3-light.webp");
    for (const other of [
      "/images/category/default-5-dark.svg",
      "/images/category/mystery-dark.svg",
      "/images/category/cute-sepia.svg",
      "/images/other/cute-dark.svg",
      "https://cdn.x/images/category/cute-dark.svg",
      "/images/category/cute-dark.svg?v=2",
    ]) {
      expect(asCardDrawing(other)).toBe(other);
    }
  });

  it("seeded random is stable", () => {
    expect(seededRandom("abc")()).toBe(seededRandom("abc")());
    const value = seededRandom("zzz")();
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
  });

  it("carries a style card's address and artwork only where they are not its code's own, and works them out again", () => {
    const catalogued = {
      code: "cute",
      name: "可爱",
      url: "/font?style=cute",
      imageDark: "/images/category/cute-dark.svg",
      imageLight: "/images/category/cute-light.svg",
    };
    const unknown = { code: "mystery", name: "神秘", url: "", imageDark: "", imageLight: "" };
    const elsewhere = {
      code: "cute",
      name: "可爱",
      url: "/album/3",
      imageDark: "https://cdn.x/cute-d.png",
      imageLight: "https://cdn.x/cute-l.png",
    };
    for (const entry of [catalogued, unknown, elsewhere]) {
      const card = toStyleCardData(entry);
      expect(styleCardHref(card)).toBe(entry.url || `/font?style=${entry.code}`);
      for (const theme of ["light", "dark"] as const)
        expect(styleCardImage(card, theme)).toBe(categoryEntryImage(entry, theme));
    }
    expect(toStyleCardData(catalogued)).toEqual({ code: "cute", name: "可爱" });
    // An unknown code's default card is chosen on the server, so the browser needs no catalogue to draw it.
    expect(toStyleCardData(unknown)).toEqual({
      code: "mystery",
      name: "神秘",
      image: {
        light: expect.stringMatching(/^\/images\/category\/default-[1-4]-light\.webp$/),
        dark: expect.any(String),
      },
    });
    expect(toStyleCardData(elsewhere)).toEqual({
      code: "cute",
      name: "可爱",
      href: "/album/3",
      image: { light: "https://cdn.x/cute-l.png", dark: "https://cdn.x/cute-d.png" },
    });
  });
});
