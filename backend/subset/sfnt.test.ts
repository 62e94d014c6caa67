import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { faceFlavor, faceTablesWithinFile, readSfnt, SFNT_FLAVOR_CFF, tableChecksum, writeSfnt } from "./sfnt.js";
import { hasCffFont, NOTO_SANS_CJK_CFF, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";

const kuaile = readFileSync(ZCOOL_KUAILE);

describe("sfnt", () => {
  it("reads the table directory and recomputes the recorded checksums", () => {
    const sfnt = readSfnt(kuaile);
    expect(sfnt.flavor).toBe(0x00010000);
    expect(sfnt.tables.map((table) => table.tag)).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "name"]));
    for (const table of sfnt.tables) expect(tableChecksum(table.tag, table.data)).toBe(table.checksum);
  });

  it("writes a font HarfBuzz reads back the same", () => {
    const rewritten = writeSfnt(readSfnt(kuaile));
    expect(readSfnt(rewritten).tables.map((table) => table.tag)).toEqual(
      readSfnt(kuaile)
        .tables.map((table) => table.tag)
        .sort(),
    );
    expect(unicodesOf(rewritten)).toEqual(unicodesOf(kuaile));
  });

  it("reads the sfnt version of a font and of a face in a collection", () => {
    expect(faceFlavor(kuaile)).toBe(0x00010000);
    expect(faceFlavor(kuaile, 1)).toBeUndefined();
    expect(faceFlavor(new Uint8Array(4))).toBeUndefined();
  });

  it("tells a whole font from a truncated one", () => {
    expect(faceTablesWithinFile(kuaile)).toBe(true);
    expect(faceTablesWithinFile(kuaile.subarray(0, kuaile.byteLength - 4))).toBe(false);
    expect(faceTablesWithinFile(kuaile.subarray(0, 100))).toBe(false);
    expect(faceTablesWithinFile(kuaile.subarray(0, 4))).toBe(false);
    expect(faceTablesWithinFile(kuaile, 1)).toBe(false);
  });

  it.skipIf(!hasCffFont)("finds CFF faces in a .ttc", () => {
    const collection = readFileSync(NOTO_SANS_CJK_CFF.filePath);
    expect(faceFlavor(collection, NOTO_SANS_CJK_CFF.faceIndex)).toBe(SFNT_FLAVOR_CFF);
    expect(faceFlavor(collection, 99)).toBeUndefined();
    expect(faceTablesWithinFile(collection, NOTO_SANS_CJK_CFF.faceIndex)).toBe(true);
  });
});
