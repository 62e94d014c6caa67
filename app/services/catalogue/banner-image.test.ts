import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bannerDrawing } from "./banner-image";

describe("bannerDrawing", () => {
  it("shows each of the site's own banner SVGs as a real WebP drawn beside it", () => {
    const svgs = readdirSync("public/images/banner").filter((name) => name.endsWith(".svg"));
    expect(svgs.length).toBeGreaterThanOrEqual(4);
    for (const svg of svgs) {
      const shown = bannerDrawing(`/images/banner/${svg}`);
      expect(shown).toBe(`/images/banner/${svg.replace(/\.svg$/, ".webp")}`);
      const bytes = readFileSync(`public${shown}`);
      expect(bytes.subarray(0, 4).toString("latin1") + bytes.subarray(8, 12).toString("latin1"), shown).toBe(
        "RIFFWEBP",
      );
      expect(bytes.byteLength, shown).toBeLessThan(16 * 1024);
    }
  });

  it("shows any other address as it is", () => {
    for (const src of [
      "https://cdn.example.com/banner.svg",
      "/uploads/banner/cute.svg",
      "/images/banner/cute.png",
      "/images/banner/../logo.svg",
      "/images/category/cute-dark.svg",
    ]) {
      expect(bannerDrawing(src)).toBe(src);
    }
  });
});
