import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { normalizeCodepoints } from "./subset-key.js";
import { Subsetter } from "./subsetter.js";
import { SubsetterPool } from "./subsetter-pool.js";
import { fontFile, NOTO_SANS_SC, shapedGlyphs, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { UnusableFontError } from "./unusable-font.js";

const MB = 1024 * 1024;
const kuaile = fontFile("10001", ZCOOL_KUAILE);
const notoSans = fontFile("10002", NOTO_SANS_SC);
const TEXT = normalizeCodepoints("短视频字体：你好，世界 2026");
const scratch = mkdtempSync(path.join(tmpdir(), "subsetter-pool-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("SubsetterPool", () => {
  let pool: SubsetterPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("makes in its threads the same subsets as a subsetter in this thread, in every format and as a preview's pair of files", async () => {
    pool = await SubsetterPool.create({ memoryBudgetBytes: 256 * MB, threads: 2 });
    const here = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    try {
      for (const font of [kuaile, notoSans]) {
        for (const format of ["ttf", "woff", "woff2"] as const) {
          const [fromPool, fromHere] = await Promise.all([
            pool.subset(font, TEXT, format),
            here.subset(font, TEXT, format),
          ]);
          expect(Buffer.from(fromPool).equals(Buffer.from(fromHere)), `${font.filePath} ${format}`).toBe(true);
        }
        const [web, sfnt, woff] = await Promise.all([
          pool.subsetForWeb(font, TEXT),
          here.subset(font, TEXT, "ttf"),
          here.subset(font, TEXT, "woff"),
        ]);
        expect(Buffer.from(web.sfnt).equals(Buffer.from(sfnt)), `${font.filePath} web sfnt`).toBe(true);
        expect(Buffer.from(web.woff).equals(Buffer.from(woff)), `${font.filePath} web woff`).toBe(true);
      }
    } finally {
      await here.close();
    }
  });

  it("answers many fonts' subsets asked at once, each with its own characters", async () => {
    pool = await SubsetterPool.create({ memoryBudgetBytes: 256 * MB, threads: 2 });
    const asks = [kuaile, notoSans, kuaile, notoSans].map((font, index) => {
      const text = normalizeCodepoints(["你好", "世界", "字体", "视频"][index]!);
      return pool!.subset(font, text, "ttf").then((ttf) => ({ ttf, text }));
    });
    for (const { ttf, text } of await Promise.all(asks)) {
      expect(unicodesOf(ttf)).toEqual(new Set(text));
      expect(shapedGlyphs(ttf, String.fromCodePoint(...text)).every((glyph) => glyph !== 0)).toBe(true);
    }
  });

  it("fails a file that is not a font as unusable, and goes on serving the others", async () => {
    pool = await SubsetterPool.create({ memoryBudgetBytes: 64 * MB, threads: 1 });
    const notAFont = path.join(scratch, "not-a-font.ttf");
    writeFileSync(notAFont, "这不是字体文件".repeat(100));
    await expect(pool.subset(fontFile("10009", notAFont), TEXT, "ttf")).rejects.toBeInstanceOf(UnusableFontError);
    const missing = { filePath: path.join(scratch, "missing.ttf"), version: "1" };
    await expect(pool.prepare(missing)).resolves.toBeUndefined();
    expect(unicodesOf(await pool.subset(kuaile, TEXT, "ttf")).size).toBeGreaterThan(5);
  });

  it("answers each of the subsets asked in one go on its own: a font that is not one fails alone", async () => {
    pool = await SubsetterPool.create({ memoryBudgetBytes: 64 * MB, threads: 1 });
    const notAFont = path.join(scratch, "not-a-font-either.ttf");
    writeFileSync(notAFont, "这也不是字体文件".repeat(100));
    const [before, broken, after] = await Promise.allSettled([
      pool.subsetForWeb(kuaile, normalizeCodepoints("你好")),
      pool.subsetForWeb(fontFile("10009", notAFont), TEXT),
      pool.subset(notoSans, normalizeCodepoints("世界"), "ttf"),
    ]);
    expect(before.status === "fulfilled" && unicodesOf(before.value.sfnt)).toEqual(
      new Set(normalizeCodepoints("你好")),
    );
    expect(broken.status === "rejected" && broken.reason).toBeInstanceOf(UnusableFontError);
    expect(after.status === "fulfilled" && unicodesOf(after.value)).toEqual(new Set(normalizeCodepoints("世界")));
  });

  it("finishes the subsets in hand before it closes its threads, and starts them again when asked", async () => {
    pool = await SubsetterPool.create({ memoryBudgetBytes: 64 * MB, threads: 1 });
    const inHand = pool.subset(notoSans, TEXT, "woff");
    await pool.close();
    expect((await inHand).byteLength).toBeGreaterThan(100);
    expect(unicodesOf(await pool.subset(kuaile, TEXT, "ttf")).size).toBeGreaterThan(5);
  });
});
