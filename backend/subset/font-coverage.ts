import { open, type FileHandle } from "node:fs/promises";
import { ByteBoundedCache } from "./byte-bounded-cache.js";
import { bestCmapSubtable, type CmapLookup } from "./cmap.js";
import { directoryLength, faceOffset, SFNT_FLAVOR_CFF, tableRanges, viewOf, type TableRange } from "./sfnt.js";
import { faceKey, type SubsetFontFile } from "./subsetter.js";

/**
 * What a font's character map says, read once from its file: which code points the font has no glyph
 * for, and the kind of sfnt its subsets are. Enough to answer for a subset before it is made.
 */
export type FontCoverage = {
  /** The code points of `codepoints` a subset of the font would not have; undefined when its map is broken there. */
  lacking(codepoints: readonly number[]): number[] | undefined;
  sfntFormat: "ttf" | "otf";
};

/** Twice the character maps of 86 CJK and Latin fonts (4.3 MB, 5–120 KB each); far below what the faces take. */
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
/** A file's first bytes: a plain font's table directory, or a collection's list of faces. */
const HEAD_BYTES = 4096;
/** What each kept coverage is counted for beside its subtable. */
const ENTRY_BYTES = 256;

/** The coverage of fonts' faces by face key, read from their files on first use and kept under a byte bound. */
export class FontCoverages {
  private readonly kept: ByteBoundedCache<FontCoverage | null>;
  private readonly reading = new Map<string, Promise<FontCoverage | null>>();

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.kept = new ByteBoundedCache(maxBytes);
  }

  /**
   * The coverage of `font`; null when it cannot be told here: a symbol or Mac character map, a subtable
   * format not read here, or a file that is not a font.
   */
  of(font: SubsetFontFile): Promise<FontCoverage | null> {
    const key = faceKey(font);
    if (this.kept.has(key)) return Promise.resolve(this.kept.get(key)!);
    const pending = this.reading.get(key);
    if (pending) return pending;
    const reading = readCoverage(font)
      .catch(() => ({ coverage: null, bytes: 0 }))
      .then(({ coverage, bytes }) => {
        this.kept.set(key, coverage, ENTRY_BYTES + bytes);
        return coverage;
      })
      .finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  /** Takes back the coverage of a font its subsets cannot be made from: its next subset is answered once made (or refused). */
  refuse(font: SubsetFontFile): void {
    this.kept.set(faceKey(font), null, ENTRY_BYTES);
  }
}

async function readCoverage(font: SubsetFontFile): Promise<{ coverage: FontCoverage | null; bytes: number }> {
  const file = await open(font.filePath, "r");
  try {
    const head = await readAt(file, 0, HEAD_BYTES);
    // A plain font's table directory is within its first bytes; a collection's face may start further on.
    const bytesAt = (position: number, length: number) =>
      position + length <= head.byteLength
        ? head.subarray(position, position + length)
        : readAt(file, position, length);
    const directory = faceOffset(head, font.faceIndex ?? 0);
    if (directory === undefined) return { coverage: null, bytes: 0 };
    const offsetTable = await bytesAt(directory, directoryLength(0));
    if (offsetTable.byteLength < directoryLength(0)) return { coverage: null, bytes: 0 };
    const offsetView = viewOf(offsetTable);
    const tables = tableRanges(await bytesAt(directory, directoryLength(offsetView.getUint16(4))), 0);
    // A file cut short reads as a font here but cannot be subset: it is told by HarfBuzz, not here.
    const { size } = await file.stat();
    if ([...tables.values()].some((table) => table.offset + table.length > size)) return { coverage: null, bytes: 0 };
    const cmap = tables.get("cmap");
    const maxp = tables.get("maxp");
    if (!cmap || !maxp) return { coverage: null, bytes: 0 };
    const glyphCount = viewOf(await readTable(file, maxp)).getUint16(4);
    const subtable = bestCmapSubtable(viewOf(await readTable(file, cmap)));
    if (!subtable) return { coverage: null, bytes: 0 };
    const coverage = coverageOf(subtable.lookup, glyphCount, offsetView.getUint32(0) === SFNT_FLAVOR_CFF);
    return { coverage, bytes: subtable.bytes.byteLength };
  } finally {
    await file.close();
  }
}

function coverageOf(lookup: CmapLookup, glyphCount: number, cff: boolean): FontCoverage {
  // HarfBuzz drops a code point mapped to a glyph the font does not have, as it drops an unmapped one.
  const has = (codepoint: number) => {
    const glyph = lookup(codepoint);
    return glyph !== 0 && glyph < glyphCount;
  };
  return {
    lacking(codepoints) {
      try {
        return codepoints.filter((codepoint) => !has(codepoint));
      } catch (error) {
        if (error instanceof RangeError) return undefined; // an offset outside the subtable
        throw error;
      }
    },
    sfntFormat: cff ? "otf" : "ttf",
  };
}

async function readTable(file: FileHandle, table: TableRange): Promise<Uint8Array> {
  const bytes = await readAt(file, table.offset, table.length);
  if (bytes.byteLength < table.length) throw new RangeError("字体的表超出文件末尾");
  return bytes;
}

/** Up to `length` bytes of `file` from `position`: fewer at the end of the file. */
async function readAt(file: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
  const { bytesRead } = await file.read(bytes, 0, length, position);
  return bytes.subarray(0, bytesRead);
}
