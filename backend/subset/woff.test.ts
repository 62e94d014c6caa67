import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSfnt, tableChecksum } from "./sfnt.js";
import { Subsetter } from "./subsetter.js";
import { fontFile, NOTO_SANS_SC, sfntFromWoff, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { ticksDuring } from "./testing/main-thread.js";
import { decodeWoff, encodeWoff, WOFF_SIGNATURE } from "./woff.js";

const TEXT = "短视频字体，快乐每一天！ABC abc 123";

describe("encodeWoff", () => {
  let subsetter: Subsetter;
  let ttf: Uint8Array;
  let woff: Uint8Array;

  beforeAll(async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 256 * 1024 * 1024 });
    ttf = await subsetter.subset(fontFile("10001", ZCOOL_KUAILE), TEXT, "ttf");
    woff = await encodeWoff(ttf);
  });
  afterAll(() => subsetter.close());

  it("writes a WOFF 1.0 header that matches the file", () => {
    const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
    const sfnt = readSfnt(ttf);
    expect(view.getUint32(0)).toBe(WOFF_SIGNATURE);
    expect(String.fromCharCode(...woff.subarray(0, 4))).toBe("wOFF");
    expect(view.getUint32(4)).toBe(sfnt.flavor);
    expect(view.getUint32(8)).toBe(woff.byteLength);
    expect(view.getUint16(12)).toBe(sfnt.tables.length);
    expect(view.getUint16(14)).toBe(0); // reserved
    const expectedSfntSize =
      12 +
      16 * sfnt.tables.length +
      sfnt.tables.reduce((sum, table) => sum + Math.ceil(table.data.byteLength / 4) * 4, 0);
    expect(view.getUint32(16)).toBe(expectedSfntSize);
    expect([
      view.getUint32(24),
      view.getUint32(28),
      view.getUint32(32),
      view.getUint32(36),
      view.getUint32(40),
    ]).toEqual([0, 0, 0, 0, 0]); // no metadata, no private block
    expect(woff.byteLength % 4).toBe(0);
    expect(woff.byteLength).toBeLessThan(ttf.byteLength);
  });

  it("has a sorted, aligned, non-overlapping table directory whose tables inflate to the TTF's", () => {
    const decoded = decodeWoff(woff);
    const sfnt = readSfnt(ttf);
    const tags = decoded.tables.map((table) => table.tag);
    expect(tags).toEqual([...tags].sort());
    expect(new Set(tags)).toEqual(new Set(sfnt.tables.map((table) => table.tag)));

    let end = 44 + 20 * decoded.tables.length;
    for (const table of decoded.tables) {
      expect(table.offset % 4).toBe(0);
      expect(table.offset).toBeGreaterThanOrEqual(end);
      end = table.offset + table.compLength;
      const original = sfnt.tables.find((candidate) => candidate.tag === table.tag)!;
      expect(table.origLength).toBe(original.data.byteLength);
      expect(Buffer.from(table.data).equals(Buffer.from(original.data))).toBe(true);
      expect(table.origChecksum).toBe(tableChecksum(table.tag, original.data));
    }
    expect(decoded.tables.some((table) => table.compLength < table.origLength)).toBe(true);
  });

  it("records the same checksums as the TTF's table directory", () => {
    const sfnt = readSfnt(ttf);
    for (const table of decodeWoff(woff).tables) {
      expect(table.origChecksum).toBe(sfnt.tables.find((candidate) => candidate.tag === table.tag)!.checksum);
    }
  });

  it("round-trips to a font HarfBuzz opens with the same characters", () => {
    expect(unicodesOf(sfntFromWoff(woff))).toEqual(unicodesOf(ttf));
  });

  it("stores a table uncompressed when deflate does not make it smaller", async () => {
    const tiny = readFileSync(ZCOOL_KUAILE);
    const encoded = await encodeWoff(tiny);
    const decoded = decodeWoff(encoded);
    const stored = decoded.tables.filter((table) => table.compLength === table.origLength);
    expect(stored.length).toBeGreaterThan(0); // e.g. 'gasp' or 'head'
    expect(unicodesOf(sfntFromWoff(encoded))).toEqual(unicodesOf(tiny));
  });

  it("stores a preview's tiny tables as they are and deflates the rest about as small as zlib's defaults do", () => {
    const sfnt = readSfnt(ttf);
    const decoded = decodeWoff(woff);
    const tiny = decoded.tables.filter((table) => table.origLength < 128);
    expect(tiny.map((table) => table.tag)).toEqual(expect.arrayContaining(["head", "hhea", "maxp"]));
    for (const table of tiny) expect(table.compLength, table.tag).toBe(table.origLength);
    const deflated = decoded.tables.filter((table) => table.compLength < table.origLength);
    expect(deflated.length).toBeGreaterThan(0);
    for (const table of deflated) {
      const original = sfnt.tables.find((candidate) => candidate.tag === table.tag)!.data;
      expect(table.compLength, table.tag).toBeLessThanOrEqual(deflateSync(original).byteLength + 8);
    }
  });

  it("deflates a large subset's tables off the main thread, into a font with the same characters", async () => {
    const manyCharacters = Array.from({ length: 2_000 }, (_, index) => 0x4e00 + index * 5);
    const large = await subsetter.subset(fontFile("10002", NOTO_SANS_SC), manyCharacters, "ttf");
    await encodeWoff(ttf); // the thread pool started
    const { result: encoded, ticks, elapsedMs } = await ticksDuring(2, () => encodeWoff(large));
    expect(unicodesOf(sfntFromWoff(encoded))).toEqual(unicodesOf(large));
    // In place, `glyf` alone is one synchronous call of tens of milliseconds: no timer would run.
    expect(elapsedMs).toBeGreaterThan(20);
    expect(ticks, `${ticks} ticks in ${Math.round(elapsedMs)} ms`).toBeGreaterThan(elapsedMs / 40);
  });

  it("rejects what is not WOFF", () => {
    expect(() => decodeWoff(ttf)).toThrow();
  });
});
