import { readFileSync } from "node:fs";
import wawoff2 from "wawoff2";
import { describe, expect, it } from "vitest";
import { encodeWoff2 } from "./woff2.js";
import { NOTO_SANS_SC, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { Subsetter } from "./subsetter.js";
import { fontFile } from "./testing/fonts.js";
import { ticksDuring } from "./testing/main-thread.js";

describe("encodeWoff2", () => {
  it("keeps each result intact when several encodings run at once", async () => {
    const subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * 1024 * 1024 });
    try {
      const sources = await Promise.all([
        subsetter.subset(fontFile("1", ZCOOL_KUAILE), "可爱的字体", "ttf"),
        subsetter.subset(fontFile("2", NOTO_SANS_SC), "思源黑体常规", "ttf"),
        subsetter.subset(fontFile("1", ZCOOL_KUAILE), "点赞关注不迷路", "ttf"),
      ]);
      const encoded = await Promise.all(sources.map((sfnt) => encodeWoff2(sfnt)));
      for (const [index, woff2] of encoded.entries()) {
        expect(String.fromCharCode(...woff2.subarray(0, 4))).toBe("wOF2");
        const decoded = await wawoff2.decompress(woff2);
        expect(unicodesOf(new Uint8Array(decoded))).toEqual(unicodesOf(sources[index]));
      }
    } finally {
      await subsetter.close();
    }
  });

  it("encodes off the main thread: timers keep running while a large subset is encoded", async () => {
    const subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * 1024 * 1024 });
    try {
      const manyCharacters = Array.from({ length: 600 }, (_, index) => 0x4e00 + index * 3);
      const sfnt = await subsetter.subset(fontFile("2", NOTO_SANS_SC), manyCharacters, "ttf");
      await encodeWoff2(await subsetter.subset(fontFile("2", NOTO_SANS_SC), "预热", "ttf"));
      const { result: woff2, ticks, elapsedMs } = await ticksDuring(5, () => encodeWoff2(sfnt));
      expect(String.fromCharCode(...woff2.subarray(0, 4))).toBe("wOF2");
      expect(unicodesOf(new Uint8Array(await wawoff2.decompress(woff2))).size).toBeGreaterThan(550);
      // On the main thread the encoding is one synchronous call: no timer runs until it returns.
      expect(elapsedMs).toBeGreaterThan(100);
      expect(ticks, `${ticks} ticks in ${Math.round(elapsedMs)} ms`).toBeGreaterThan(elapsedMs / 50);
    } finally {
      await subsetter.close();
    }
  });

  it("rejects bytes that are not a font", async () => {
    await expect(encodeWoff2(new Uint8Array(readFileSync(import.meta.filename ?? __filename)))).rejects.toThrow();
  });
});
