import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import wawoff2 from "wawoff2";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { normalizeCodepoints } from "./subset-key.js";
import { PREPROCESS_AFTER_SUBSETS, Subsetter } from "./subsetter.js";
import {
  copyOfFontIn,
  distinctIdeographs,
  fontFile,
  glyphCountOf,
  hasCffFont,
  NOTO_SANS_CJK_CFF,
  NOTO_SANS_SC,
  openFace,
  sfntFromWoff,
  shapedGlyphs,
  unicodesOf,
  ZCOOL_KUAILE,
} from "./testing/fonts.js";

const requireFromHere = createRequire(import.meta.url);
const kuaile = fontFile("10001", ZCOOL_KUAILE);
const notoSans = fontFile("10002", NOTO_SANS_SC);
/** Includes an emoji neither font has, and repeats. */
const TEXT = "你好，世界！短视频字体 Hello 2026 你好😀";
const MB = 1024 * 1024;
const copiesDir = mkdtempSync(path.join(tmpdir(), "subsetter-fonts-"));
afterAll(() => rmSync(copiesDir, { recursive: true, force: true }));
const copyOfFont = (filePath: string) => copyOfFontIn(copiesDir, filePath);

/** The text's code points that the whole font maps. */
function expectedUnicodes(fontPath: string, text: string): Set<number> {
  const whole = unicodesOf(readFileSync(fontPath));
  return new Set(normalizeCodepoints(text).filter((codepoint) => whole.has(codepoint)));
}

describe("Subsetter", () => {
  let subsetter: Subsetter | undefined;
  afterEach(async () => {
    await subsetter?.close();
    subsetter = undefined;
  });

  it.each([
    ["ZCOOL KuaiLe", ZCOOL_KUAILE],
    ["Noto Sans SC", NOTO_SANS_SC],
  ])("subsets %s to exactly the requested characters the font has", async (_name, fontPath) => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const ttf = await subsetter.subset(fontFile("1", fontPath), TEXT, "ttf");

    const unicodes = unicodesOf(ttf);
    expect(unicodes).toEqual(expectedUnicodes(fontPath, TEXT));
    expect(unicodes.has(0x1f600)).toBe(false);
    expect(glyphCountOf(ttf)).toBeLessThan(60);
    expect(ttf.byteLength).toBeLessThan(40_000);
    expect(shapedGlyphs(ttf, "你好世界").every((glyph) => glyph !== 0)).toBe(true);
  });

  it("subsets Unifont EX, whose extra tables HarfBuzz cannot subset, by leaving them out", async () => {
    const woff2Path = requireFromHere.resolve("@fontsource/unifontex/files/unifontex-latin-400-normal.woff2");
    const directory = mkdtempSync(path.join(tmpdir(), "unifont-"));
    const ttfPath = path.join(directory, "unifontex.ttf");
    writeFileSync(ttfPath, await wawoff2.decompress(readFileSync(woff2Path)));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });

    const ttf = await subsetter.subset(fontFile("3", ttfPath), "点赞关注 abc", "ttf");

    expect(unicodesOf(ttf)).toEqual(expectedUnicodes(ttfPath, "点赞关注 abc"));
    expect(openFace(ttf).referenceTable("MATH")).toBeUndefined();
    rmSync(directory, { recursive: true, force: true });
  });

  it("keeps layout tables and drops hinting", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const ttf = await subsetter.subset(notoSans, "竖排文字，标点。", "ttf");
    const tags = new Set(readSfntTags(ttf));
    expect(tags.has("GSUB")).toBe(true);
    expect(tags.has("GPOS")).toBe(true);
    expect(tags.has("fpgm")).toBe(false);
    expect(tags.has("prep")).toBe(false);
  });

  it("writes WOFF and WOFF2 of the same subset", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const ttf = await subsetter.subset(kuaile, TEXT, "ttf");
    const woff = await subsetter.subset(kuaile, TEXT, "woff");
    const woff2 = await subsetter.subset(kuaile, TEXT, "woff2");

    expect(String.fromCharCode(...woff.subarray(0, 4))).toBe("wOFF");
    expect(unicodesOf(sfntFromWoff(woff))).toEqual(unicodesOf(ttf));
    expect(String.fromCharCode(...woff2.subarray(0, 4))).toBe("wOF2");
    expect(woff2.byteLength).toBeLessThan(woff.byteLength);
    expect(unicodesOf(await wawoff2.decompress(woff2))).toEqual(unicodesOf(ttf));
  });

  it("gives a bigger text a bigger, still partial, subset", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const text = distinctIdeographs(500);
    const ttf = await subsetter.subset(notoSans, text, "ttf");
    expect(unicodesOf(ttf)).toEqual(expectedUnicodes(NOTO_SANS_SC, text));
    expect(glyphCountOf(ttf)).toBeLessThan(600);
  });

  it("evicts faces beyond the memory budget and still subsets correctly", async () => {
    const roomy = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const expectedKuaile = await roomy.subset(kuaile, TEXT, "ttf");
    const expectedNoto = await roomy.subset(notoSans, TEXT, "ttf");
    expect(roomy.memory.faces).toBe(2);
    await roomy.close();

    subsetter = await Subsetter.create({ memoryBudgetBytes: 1 }); // room for one face at most
    for (const [font, expected] of [
      [kuaile, expectedKuaile],
      [notoSans, expectedNoto],
      [kuaile, expectedKuaile],
    ] as const) {
      const ttf = await subsetter.subset(font, TEXT, "ttf");
      expect(Buffer.from(ttf).equals(Buffer.from(expected))).toBe(true);
      expect(subsetter.memory.faces).toBe(1);
      expect(subsetter.isLoaded(font)).toBe(true);
    }
    expect(subsetter.isLoaded(notoSans)).toBe(false);
  });

  it("keeps faces within the budget when they fit, least recently used out first", async () => {
    // Read whole (files this process never loaded), faces are counted at their preprocessed estimate:
    // Noto Sans SC ~29 MB, ZCOOL KuaiLe ~8 MB; two KuaiLe versions and Noto do not fit in 40 MB.
    const kuaileCopy = fontFile("10001", copyOfFont(ZCOOL_KUAILE));
    const notoCopy = fontFile("10002", copyOfFont(NOTO_SANS_SC));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 40 * MB });
    await subsetter.subset(kuaileCopy, "一", "ttf");
    await subsetter.subset(notoCopy, "一", "ttf");
    await subsetter.subset(kuaileCopy, "二", "ttf");
    expect(subsetter.memory.faces).toBe(2);
    expect(subsetter.memory.bytes).toBeLessThanOrEqual(40 * MB);
    await subsetter.subset({ ...kuaileCopy, version: "2" }, "一", "ttf"); // a new version is a new face
    expect(subsetter.memory.bytes).toBeLessThanOrEqual(40 * MB);
    expect(subsetter.isLoaded(notoCopy)).toBe(false); // least recently used
    expect(subsetter.isLoaded(kuaileCopy)).toBe(true);
  });

  it("counts a face read lazily at what it read, until preprocessing it makes the others give way", async () => {
    const notoCopy = fontFile("10002", copyOfFont(NOTO_SANS_SC));
    const size = statSync(notoCopy.filePath).size;
    const first = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      await first.subset(notoCopy, "一", "ttf"); // read whole: the file's first load in this process
      vi.runOnlyPendingTimers(); // works out the file's loading plan
    } finally {
      vi.useRealTimers();
    }
    const whole = first.faceInfo(notoCopy)!;
    expect(whole.costBytes).toBeGreaterThan(2 * size);
    await first.close();

    const kuaileCopy = fontFile("10001", copyOfFont(ZCOOL_KUAILE)); // read whole: ~8 MB counted
    subsetter = await Subsetter.create({ memoryBudgetBytes: whole.costBytes + 2 * MB });
    await subsetter.subset(kuaileCopy, "一", "ttf");
    const before = await subsetter.subset(notoCopy, TEXT, "ttf");
    const lazy = subsetter.faceInfo(notoCopy)!;
    expect(lazy.costBytes).toBeLessThan(size / 2);
    expect(subsetter.isLoaded(kuaileCopy)).toBe(true);

    await subsetter.preprocess(notoCopy);
    expect(subsetter.faceInfo(notoCopy)).toEqual({ preprocessed: true, costBytes: whole.costBytes });
    expect(subsetter.isLoaded(kuaileCopy)).toBe(false); // made room
    expect(subsetter.memory.bytes).toBe(whole.costBytes);
    expect(Buffer.compare(await subsetter.subset(notoCopy, TEXT, "ttf"), before)).toBe(0);
  });

  it("serves concurrent subsets of several fonts", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 1 });
    const texts = ["春", "夏", "秋", "冬"];
    const results = await Promise.all(
      texts.flatMap((text) => [subsetter!.subset(kuaile, text, "ttf"), subsetter!.subset(notoSans, text, "ttf")]),
    );
    results.forEach((ttf, index) => {
      expect([...unicodesOf(ttf)]).toEqual([texts[Math.floor(index / 2)]!.codePointAt(0)]);
    });
  });

  it("rejects a file that is not a font", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    await expect(
      subsetter.subset({ filePath: new URL(import.meta.url).pathname, version: "1" }, "a", "ttf"),
    ).rejects.toThrow("无法解析字体文件");
  });

  it("rejects a truncated or missing font file as unusable, and still subsets others", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const dir = mkdtempSync(path.join(tmpdir(), "subsetter-"));
    try {
      const whole = readFileSync(ZCOOL_KUAILE);
      const truncated = path.join(dir, "truncated.ttf");
      writeFileSync(truncated, whole.subarray(0, whole.byteLength / 2));
      const unusable = { name: "UnusableFontError" };
      await expect(subsetter.subset({ filePath: truncated, version: "1" }, "快乐", "ttf")).rejects.toMatchObject({
        ...unusable,
        message: expect.stringContaining("字体文件不完整"),
      });
      await expect(
        subsetter.subset({ filePath: path.join(dir, "gone.ttf"), version: "1" }, "快乐", "ttf"),
      ).rejects.toMatchObject({ ...unusable, message: "字体文件不存在" });
      expect(unicodesOf(await subsetter.subset(kuaile, "快乐", "ttf")).size).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasCffFont)("subsets a CFF face of a collection (fonts-noto-cjk)", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const otf = await subsetter.subset({ ...NOTO_SANS_CJK_CFF, version: "1" }, TEXT, "ttf");
    expect(String.fromCharCode(...otf.subarray(0, 4))).toBe("OTTO");
    const whole = unicodesOf(readFileSync(NOTO_SANS_CJK_CFF.filePath), NOTO_SANS_CJK_CFF.faceIndex);
    expect(unicodesOf(otf)).toEqual(new Set(normalizeCodepoints(TEXT).filter((codepoint) => whole.has(codepoint))));
  });
});

function readSfntTags(sfnt: Uint8Array): string[] {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  return Array.from({ length: view.getUint16(4) }, (_, index) =>
    String.fromCharCode(...sfnt.subarray(12 + index * 16, 16 + index * 16)),
  );
}

describe("Subsetter preprocessing faces in demand", () => {
  let subsetter: Subsetter | undefined;
  afterEach(async () => {
    await subsetter?.close();
    subsetter = undefined;
  });

  it("answers a face's first subsets without preprocessing it, then preprocesses it, subsets unchanged", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const before = await subsetter.subset(kuaile, TEXT, "ttf");
    expect(subsetter.faceInfo(kuaile)?.preprocessed).toBe(false);
    for (let made = 1; made < PREPROCESS_AFTER_SUBSETS; made++) await subsetter.subset(kuaile, "一", "ttf");

    await vi.waitFor(() => expect(subsetter!.faceInfo(kuaile)?.preprocessed).toBe(true), { timeout: 5_000 });
    const after = await subsetter.subset(kuaile, TEXT, "ttf");
    expect(unicodesOf(after)).toEqual(unicodesOf(before));
    expect(glyphCountOf(after)).toBe(glyphCountOf(before));
    expect(shapedGlyphs(after, "你好世界")).toEqual(shapedGlyphs(before, "你好世界"));
  });

  it("leaves a face used once as it is, and counts one read whole at its preprocessed size from the start", async () => {
    const notoCopy = fontFile("10002", copyOfFont(NOTO_SANS_SC)); // never loaded: read whole
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    await subsetter.subset(notoCopy, "一", "ttf");
    const loaded = subsetter.faceInfo(notoCopy)!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(subsetter.faceInfo(notoCopy)).toEqual(loaded);
    expect(loaded.preprocessed).toBe(false);
    await subsetter.preprocess(notoCopy);
    expect(subsetter.faceInfo(notoCopy)).toEqual({ preprocessed: true, costBytes: loaded.costBytes });
    expect(subsetter.memory.bytes).toBe(loaded.costBytes);
  });
});
