import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FontCoverages } from "./font-coverage.js";
import { normalizeCodepoints } from "./subset-key.js";
import { Subsetter } from "./subsetter.js";
import {
  hasCffFont,
  NOTO_SANS_CJK_CFF,
  NOTO_SANS_SC,
  NOTO_SERIF_SC,
  unicodesOf,
  ZCOOL_KUAILE,
} from "./testing/fonts.js";

// Characters ZCOOL KuaiLe (GB 2312 only) and the Noto fonts do not all have: a rare ideograph, a
// Hangul syllable, an emoji, a private-use code point, and common ones.
const TEXT = normalizeCodepoints("快乐短视频 abc 𠀀한😀\uE000龘");
const scratch = mkdtempSync(path.join(tmpdir(), "font-coverage-"));

describe("FontCoverages", () => {
  let subsetter: Subsetter;
  beforeAll(async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * 1024 * 1024 });
  });
  afterAll(async () => {
    await subsetter.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const fonts = [
    { name: "ZCOOL KuaiLe", font: { filePath: ZCOOL_KUAILE, version: "1" }, sfntFormat: "ttf" },
    { name: "Noto Sans SC", font: { filePath: NOTO_SANS_SC, version: "1" }, sfntFormat: "ttf" },
    { name: "Noto Serif SC", font: { filePath: NOTO_SERIF_SC, version: "1" }, sfntFormat: "ttf" },
    ...(hasCffFont
      ? [
          {
            name: "Noto Sans CJK (CFF, in a collection)",
            font: { ...NOTO_SANS_CJK_CFF, version: "1" },
            sfntFormat: "otf",
          },
        ]
      : []),
  ];

  it.each(fonts)(
    "tells from $name's character map alone what HarfBuzz's subset of it lacks, and its kind of sfnt",
    async ({ font, sfntFormat }) => {
      const coverage = await new FontCoverages().of(font);
      const subset = unicodesOf(await subsetter.subset(font, TEXT, "ttf"));
      const lacking = coverage!.lacking(TEXT);
      expect(lacking).toEqual(TEXT.filter((codepoint) => !subset.has(codepoint)));
      expect(lacking!.length).toBeGreaterThan(0);
      expect(coverage!.sfntFormat).toBe(sfntFormat);
    },
  );

  it("cannot tell for a file that is not a font, a file cut short, or one that is gone", async () => {
    const notAFont = path.join(scratch, "not-a-font.ttf");
    writeFileSync(notAFont, "这不是字体文件".repeat(100));
    const cut = path.join(scratch, "cut.ttf");
    writeFileSync(cut, readFileSync(ZCOOL_KUAILE).subarray(0, 200_000));
    const coverages = new FontCoverages();
    for (const filePath of [notAFont, cut, path.join(scratch, "missing.ttf")]) {
      expect(await coverages.of({ filePath, version: "1" }), filePath).toBeNull();
    }
  });

  it("reads a font's map once, and again once refused", async () => {
    const coverages = new FontCoverages();
    const font = { filePath: ZCOOL_KUAILE, version: "1" };
    const [first, second] = await Promise.all([coverages.of(font), coverages.of(font)]);
    expect(second).toBe(first);
    expect(await coverages.of(font)).toBe(first);
    coverages.refuse(font);
    expect(await coverages.of(font)).toBeNull();
    expect(await coverages.of({ ...font, version: "2" })).not.toBeNull();
  });
});
