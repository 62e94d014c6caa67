import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { FontSource } from "./font-source.js";
import { prepareFonts } from "./font-preparation.js";
import { Subsetter } from "./subsetter.js";
import { copyOfFontIn, fontFile, NOTO_SANS_SC, testFontSource } from "./testing/fonts.js";

const MB = 1024 * 1024;
const copiesDir = mkdtempSync(path.join(tmpdir(), "font-preparation-"));
afterAll(() => rmSync(copiesDir, { recursive: true, force: true }));

describe("prepareFonts", () => {
  let subsetter: Subsetter | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await subsetter?.close();
    subsetter = undefined;
  });

  /** Whether the first load of `filePath` read only parts of it: a face read whole counts over twice its size. */
  async function firstLoadReadsParts(filePath: string): Promise<boolean> {
    const file = fontFile("1", filePath);
    await subsetter!.subset(file, "短视频字体", "ttf");
    return subsetter!.faceInfo(file)!.costBytes < statSync(filePath).size / 2;
  }

  /** Prepares `gnos` from `fontSource` at once, with no pauses. */
  function prepareNow(gnos: string[], fontSource: FontSource) {
    return prepareFonts({ gnos: async () => gnos, fontSource, subsetter: subsetter!, startDelayMs: 0, spacingMs: 0 });
  }

  it("lets a font's first load in the process read only the parts of its file a preview needs", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const [prepared, notPrepared] = [copyOfFontIn(copiesDir, NOTO_SANS_SC), copyOfFontIn(copiesDir, NOTO_SANS_SC)];
    await prepareNow(["20001"], testFontSource({ "20001": prepared })).done;
    expect(await firstLoadReadsParts(prepared)).toBe(true);
    expect(await firstLoadReadsParts(notPrepared)).toBe(false);
  });

  it("skips fonts it cannot find or read, and prepares the others", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const notAFont = path.join(copiesDir, "not-a-font.ttf");
    writeFileSync(notAFont, "这不是字体文件");
    const noto = copyOfFontIn(copiesDir, NOTO_SANS_SC);
    await prepareNow(["404", "20002", "20003"], testFontSource({ "20002": notAFont, "20003": noto })).done;
    expect(await firstLoadReadsParts(noto)).toBe(true);
    expect(warn).not.toHaveBeenCalled(); // a file that is no font is simply read whole when asked for

    // A font whose file cannot be read (its digest fails) is reported, and the next one still prepared.
    const unreadable = new Error("EIO: i/o error, read");
    const next = copyOfFontIn(copiesDir, NOTO_SANS_SC);
    const fontSource = testFontSource({ "20007": next });
    await prepareNow(["20006", "20007"], async (gno) => {
      if (gno === "20006") throw unreadable;
      return fontSource(gno);
    }).done;
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("20006"), unreadable);
    expect(await firstLoadReadsParts(next)).toBe(true);
  });

  it("stops before the next font when asked, and does not start before its delay", async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * MB });
    const [first, second] = [copyOfFontIn(copiesDir, NOTO_SANS_SC), copyOfFontIn(copiesDir, NOTO_SANS_SC)];
    const gnos = vi.fn(async () => ["20004", "20005"]);
    const idle = prepareFonts({ gnos, fontSource: testFontSource(), subsetter, startDelayMs: 60_000 });
    idle.stop();
    await idle.done;
    expect(gnos).not.toHaveBeenCalled();

    const fontSource = testFontSource({ "20004": first, "20005": second });
    const preparation: ReturnType<typeof prepareFonts> = prepareNow(["20004", "20005"], async (gno) => {
      if (gno === "20005") preparation.stop(); // asked to stop while the second is looked up
      return fontSource(gno);
    });
    await preparation.done;
    expect(await firstLoadReadsParts(first)).toBe(true);
    expect(await firstLoadReadsParts(second)).toBe(false);
  });
});
