import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { FAMILY_SEEDS } from "../catalogue/families.js";
import { prepareFontFile } from "../catalogue/font-files.js";
import { FontStorage } from "../storage/font-storage.js";
import { harfbuzzSubsetInstancesMade } from "./harfbuzz-wasm.js";
import { LazyOutlines } from "./lazy-outlines.js";
import { tableRanges } from "./sfnt.js";
import { SubsetFace } from "./subset-face.js";
import { normalizeCodepoints } from "./subset-key.js";
import { copyOfFontIn, NOTO_SANS_SC, NOTO_SERIF_SC, unicodesOf } from "./testing/fonts.js";

/**
 * Texts that reach glyphs in every way a subset can: CJK with punctuation that has vertical and
 * proportional forms, Latin ligatures and accented letters (composite glyphs), figures, ideographic
 * variation sequences, and characters no font here has.
 */
const TEXTS = [
  "短视频字体让每一帧文字都更有表现力，快来试试吧！",
  "「书法」《百科》（第一版）——“引号”、‘单引号’……；：？",
  "office fluffy fjord ffi ffl Th ct st 0123456789 ½ № ™",
  "Ĉu vi ŝatas éàüñçÅøß ĄęŁń ǅ ǈ Ǿ ẞ ḡ ặ",
  "葛\u{E0100}邊\u{E0101}辻\u{E0100}禰\uFE00 一\uFE01",
  "𠀀𪚥😀\u{10FFFD}",
];

/** Every distinct font file of the catalogue, WOFF2 sources decoded as the site decodes them. */
async function catalogueFontPaths(): Promise<string[]> {
  const storage = new FontStorage(dataDir);
  const paths = new Set<string>();
  for (const family of FAMILY_SEEDS) {
    for (const source of family.files) paths.add(storage.resolve((await prepareFontFile(source, storage)).ttf));
  }
  return [...paths];
}

const dataDir = mkdtempSync(path.join(tmpdir(), "lazy-outlines-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A text of `count` code points the font maps, spread over its whole cmap. */
function spreadOverCmap(filePath: string, count: number): number[] {
  const mapped = [...unicodesOf(readFileSync(filePath))].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(mapped.length / count));
  return mapped.filter((_codepoint, index) => index % step === 0).slice(0, count);
}

/** Opens the face of `filePath` (as `lazyOutlines` says), subsets each text, and closes it. */
async function subsetsOf(
  filePath: string,
  texts: number[][],
  lazyOutlines: boolean,
): Promise<{ subsets: Uint8Array[]; lazily: boolean }> {
  // The loading plan a whole load leaves for the next one is worked out on a timer: run it at once.
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  try {
    const face = await SubsetFace.open(filePath, 0, { lazyOutlines });
    try {
      const lazily = face.readsOutlinesLazily;
      const subsets = texts.map((codepoints) => face.subset(codepoints));
      vi.runOnlyPendingTimers();
      return { subsets, lazily };
    } finally {
      face.destroy();
    }
  } finally {
    vi.useRealTimers();
  }
}

describe("faces whose outlines are read lazily", () => {
  it("subset every catalogue font to exactly the bytes a face read whole gives", { timeout: 120_000 }, async () => {
    const fonts = await catalogueFontPaths();
    expect(fonts.length).toBeGreaterThan(50);
    const readWhole: string[] = [];
    for (const filePath of fonts) {
      const font = path.basename(filePath);
      const texts = [...TEXTS.map((text) => normalizeCodepoints(text)), spreadOverCmap(filePath, 300)];
      const whole = await subsetsOf(filePath, texts, false);
      // The first load reads the file whole and plans the next one, which reads it lazily; the plan is
      // made from the file, after the face that read it whole is gone.
      for (const load of ["first", "planned"]) {
        const { subsets, lazily } = await subsetsOf(filePath, texts, true);
        expect({ font, load, lazily }).toEqual({ font, load, lazily: load === "planned" && lazily });
        if (load === "planned" && !lazily) readWhole.push(font);
        subsets.forEach((subset, text) => {
          const equal = Buffer.compare(subset, whole.subsets[text]!) === 0;
          expect({ font, load, text, equal }).toEqual({ font, load, text, equal: true });
        });
      }
    }
    // Unifont EX has a MATH table, whose variants reach glyphs of their own: it is always read whole.
    expect(readWhole).toEqual(["unifontex-latin-400-normal.ttf"]);
  });

  it("subset in an instance another font's face has used exactly as in a fresh one", async () => {
    // Both fonts get the same size of wasm memory, so the face read second takes the first one's instance,
    // whose heap still holds the first font's bytes where the second's unread outlines lie.
    const fonts = [NOTO_SANS_SC, NOTO_SERIF_SC, NOTO_SANS_SC];
    const texts = [...TEXTS.map((text) => normalizeCodepoints(text)), spreadOverCmap(NOTO_SERIF_SC, 300)];
    const whole = new Map<string, Uint8Array[]>();
    for (const filePath of fonts) whole.set(filePath, (await subsetsOf(filePath, texts, false)).subsets);
    for (const filePath of fonts) await subsetsOf(filePath, [], true); // plans the lazy loads
    await subsetsOf(NOTO_SANS_SC, [], true); // leaves its instance to the next lazy load
    const instancesBefore = harfbuzzSubsetInstancesMade();
    for (const filePath of fonts) {
      const { subsets, lazily } = await subsetsOf(filePath, texts, true);
      expect(lazily).toBe(true);
      subsets.forEach((subset, index) => expect(Buffer.compare(subset, whole.get(filePath)![index]!)).toBe(0));
    }
    expect(harfbuzzSubsetInstancesMade()).toBe(instancesBefore);
  });

  it("find an instance waiting for the load after a font's first, whole load", async () => {
    // Fresh modules: no instance of any size made or left over by the other tests.
    vi.resetModules();
    const { SubsetFace: Face } = await import("./subset-face.js");
    const { harfbuzzSubsetInstancesMade: instancesMade } = await import("./harfbuzz-wasm.js");
    const font = copyOfFontIn(dataDir, NOTO_SANS_SC);
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const first = await Face.open(font);
      expect(first.readsOutlinesLazily).toBe(false);
      first.destroy();
      await vi.runOnlyPendingTimersAsync(); // the next load is planned for shortly after
      await new Promise((resolve) => setImmediate(resolve));
      const before = instancesMade();
      const next = await Face.open(font);
      expect(instancesMade() - before).toBe(0);
      expect(next.readsOutlinesLazily).toBe(true);
      next.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("warn, not throw from a timer, when a font file read whole cannot be planned for afterwards", async () => {
    const folder = path.join(dataDir, "moved-away");
    mkdirSync(folder);
    const font = path.join(folder, "font.ttf");
    copyFileSync(NOTO_SANS_SC, font);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      (await SubsetFace.open(font)).destroy();
      rmSync(folder, { recursive: true });
      writeFileSync(folder, "文件夹的位置上现在是一个文件"); // opening the font now fails with ENOTDIR
      await vi.runOnlyPendingTimersAsync();
      await new Promise((resolve) => setImmediate(resolve));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(font), expect.objectContaining({ code: "ENOTDIR" }));
    } finally {
      vi.useRealTimers();
      warn.mockRestore();
    }
  });

  it("once preprocessed (every outline read first), subset as a face read whole", async () => {
    const texts = TEXTS.map((text) => normalizeCodepoints(text));
    await subsetsOf(NOTO_SANS_SC, [], true); // plans the lazy load
    const face = await SubsetFace.open(NOTO_SANS_SC);
    try {
      expect(face.readsOutlinesLazily).toBe(true);
      face.subset(texts[0]!);
      face.preprocess();
      expect(face.preprocessed).toBe(true);
      expect(face.readsOutlinesLazily).toBe(false);
      const preprocessed = texts.map((codepoints) => face.subset(codepoints));
      const whole = await subsetsOf(NOTO_SANS_SC, texts, false);
      preprocessed.forEach((subset, index) => expect(Buffer.compare(subset, whole.subsets[index]!)).toBe(0));
    } finally {
      face.destroy();
    }
  });

  it("read a small part of a CJK font's outlines for a preview, and all of them before preprocessing", () => {
    const file = readFileSync(NOTO_SANS_SC);
    const tables = tableRanges(file, 0);
    const glyf = tables.get("glyf")!;
    const fd = openSync(NOTO_SANS_SC, "r");
    try {
      const plan = LazyOutlines.plan(fd, new Uint8Array(file.byteLength), tables, 4096)!;
      const font = new Uint8Array(file.byteLength);
      const outlines = LazyOutlines.forFace(fd, font, plan)!;
      const sameAsFile = (start: number, end: number) =>
        Buffer.compare(font.subarray(start, end), file.subarray(start, end)) === 0;
      expect(sameAsFile(0, 4096)).toBe(true);
      for (const [tag, { offset, length }] of tables) {
        if (tag !== "glyf") expect({ tag, read: sameAsFile(offset, offset + length) }).toEqual({ tag, read: true });
      }
      outlines.readFor(normalizeCodepoints(TEXTS[0]!));
      const outlineBytes = () => font.subarray(glyf.offset, glyf.offset + glyf.length);
      const readBytes = outlineBytes().reduce((count, byte) => count + (byte === 0 ? 0 : 1), 0);
      expect(readBytes).toBeGreaterThan(0);
      expect(readBytes).toBeLessThan(glyf.length / 20);

      outlines.readAll();
      expect(Buffer.compare(outlineBytes(), file.subarray(glyf.offset, glyf.offset + glyf.length))).toBe(0);
    } finally {
      closeSync(fd);
    }
  });

  it("are not planned for a face whose other tables reach glyphs (COLR, MATH, CFF)", () => {
    const file = readFileSync(NOTO_SANS_SC);
    const tables = tableRanges(file, 0);
    const font = () => new Uint8Array(file.byteLength);
    const fd = openSync(NOTO_SANS_SC, "r");
    try {
      expect(LazyOutlines.plan(fd, font(), tables, 4096)).toBeDefined();
      for (const tag of ["COLR", "MATH", "CFF "]) {
        expect(LazyOutlines.plan(fd, font(), new Map(tables).set(tag, tables.get("name")!), 4096)).toBeUndefined();
      }
    } finally {
      closeSync(fd);
    }
  });
});
