import { readSync } from "node:fs";
import { bestCmapLookup, type CmapLookup } from "./cmap.js";
import type { TableRange } from "./sfnt.js";
import { UnusableFontError } from "./unusable-font.js";

/**
 * A TrueType face whose `glyf` table is read from its file only where a subset needs it. Every other
 * table is read whole (a few per cent of a CJK font: Noto Sans SC's glyf is 10.1 of its 10.6 MB).
 *
 * HarfBuzz reads the outline of each glyph a subset keeps, and of each glyph its closure reaches, from
 * the blob in wasm memory. Which glyphs those are comes from rules this class over-approximates: the
 * glyphs the text's code points map to in the cmap subtable HarfBuzz uses, every glyph any GSUB lookup
 * can substitute in (whatever the features, the context or the input), every glyph of a
 * variation-sequence mapping, the glyphs of every character with a bidi mirror (HarfBuzz adds the
 * mirrors of the text's characters), glyph 0, and the components of composite glyphs among them. A face
 * whose glyphs can be reached another way (COLR layers, MATH variants, a symbol or Mac Roman cmap, a
 * cmap or GSUB this reader does not understand) is not read lazily: `plan` and `forFace` answer undefined
 * and the caller reads it whole.
 */
export class LazyOutlines {
  /** 1 for each glyph whose outline is in the blob (or is being read into it). */
  private readonly read: Uint8Array;
  private complete = false;
  private readonly glyfView: DataView;
  private bytesReadSoFar = 0;

  private constructor(
    /** Reads `length` bytes of the file at `position` into the blob at the same offset. */
    private readonly readFile: (position: number, length: number) => void,
    private readonly glyf: TableRange,
    private readonly glyphCount: number,
    private readonly outlineStart: (glyph: number) => number,
    private readonly cmap: CmapLookup,
    private readonly font: Uint8Array,
  ) {
    this.read = new Uint8Array(glyphCount);
    this.glyfView = new DataView(font.buffer, font.byteOffset + glyf.offset, glyf.length);
  }

  /**
   * Reads into `font`, at their offsets in the file `fd`, what `plan` names (the file's header, every table
   * but glyf, the outlines no text decides), and returns the reader of the other outlines; undefined when
   * the face is not one this reader can serve exactly.
   */
  static forFace(fd: number, font: Uint8Array, plan: LoadingPlan): LazyOutlines | undefined {
    const outlines = LazyOutlines.withRangesRead(fd, font, plan.tables, plan.ranges);
    if (!outlines) return undefined;
    for (const glyph of plan.glyphs) outlines.read[glyph] = 1;
    return outlines;
  }

  /** Bytes of the file in the blob: the tables but glyf, and the outlines read so far. */
  get bytesRead(): number {
    return this.complete ? this.font.byteLength : this.bytesReadSoFar;
  }

  /**
   * What a lazy load of the face with `tables` reads before any text: the first `headerBytes` of the file
   * (its table directory), every table but glyf, and the outlines no text decides. Worked out from the
   * file `fd`, read into `font` as far as needed. Undefined when the face cannot be read lazily.
   */
  static plan(
    fd: number,
    font: Uint8Array,
    tables: Map<string, TableRange>,
    headerBytes: number,
  ): LoadingPlan | undefined {
    const tablesButGlyf = [...tables].flatMap(([tag, { offset, length }]) =>
      tag === "glyf" ? [] : [offset, offset + length],
    );
    const outlines = LazyOutlines.withRangesRead(fd, font, tables, tablesButGlyf);
    if (!outlines) return undefined;
    const gsub = tables.get("GSUB");
    try {
      const upFront = gsub ? substitutedGlyphs(tableView(font, gsub)) : [];
      if (!upFront) return undefined;
      const variations = variationSequenceGlyphs(tableView(font, tables.get("cmap")!));
      upFront.push(0, ...variations, ...outlines.glyphsOf(mirroredCodepoints()));
      outlines.readGlyphs(upFront);
      const glyphs = outlines.readGlyphList();
      const ranges = mergedRanges([0, headerBytes, ...tablesButGlyf, ...outlines.coalescedRanges(glyphs)]);
      return { tables, glyphs, ranges };
    } catch (error) {
      if (error instanceof RangeError) return undefined; // an offset pointing outside its table
      throw error;
    }
  }

  /**
   * Reads `ranges` (start, end pairs) of the file `fd` into `font` at the same offsets, and returns the reader
   * of the face's other outlines, counting those bytes as read; undefined when it cannot serve the face.
   */
  private static withRangesRead(
    fd: number,
    font: Uint8Array,
    tables: Map<string, TableRange>,
    ranges: ArrayLike<number>,
  ): LazyOutlines | undefined {
    const readFile = (position: number, length: number) => readRangeSync(fd, font, position, length);
    let bytesRead = 0;
    for (let index = 0; index < ranges.length; index += 2) {
      const [start, end] = [ranges[index]!, ranges[index + 1]!];
      readFile(start, end - start);
      bytesRead += end - start;
    }
    const outlines = LazyOutlines.over(font, tables, readFile);
    if (outlines) outlines.bytesReadSoFar = bytesRead;
    return outlines;
  }

  /** False for a face this reader never serves, told from its table directory alone. */
  static mayServe(tables: Map<string, TableRange>): boolean {
    return tables.has("glyf") && !TABLES_REACHING_OTHER_GLYPHS.some((tag) => tables.has(tag));
  }

  private static over(
    font: Uint8Array,
    tables: Map<string, TableRange>,
    readFile: (position: number, length: number) => void,
  ): LazyOutlines | undefined {
    const glyf = tables.get("glyf");
    const loca = tables.get("loca");
    const head = tables.get("head");
    const maxp = tables.get("maxp");
    const cmap = tables.get("cmap");
    if (!glyf || !loca || !head || !maxp || !cmap || !LazyOutlines.mayServe(tables)) return undefined;
    try {
      const glyphCount = tableView(font, maxp).getUint16(4);
      const longOffsets = tableView(font, head).getInt16(50) === 1;
      const locaView = tableView(font, loca);
      if (locaView.byteLength < (glyphCount + 1) * (longOffsets ? 4 : 2)) return undefined;
      const outlineStart = longOffsets
        ? (glyph: number) => locaView.getUint32(glyph * 4)
        : (glyph: number) => locaView.getUint16(glyph * 2) * 2;
      const lookup = bestCmapLookup(tableView(font, cmap));
      return lookup && new LazyOutlines(readFile, glyf, glyphCount, outlineStart, lookup, font);
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
  }

  /** Reads the outlines a subset of `codepoints` may need that are not read yet. */
  readFor(codepoints: Iterable<number>): void {
    if (this.complete) return;
    let glyphs: number[];
    try {
      glyphs = this.glyphsOf(codepoints);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      this.readAll(); // a cmap offset outside the table: which glyph HarfBuzz finds cannot be told
      return;
    }
    this.readGlyphs(glyphs);
  }

  /** Reads the rest of glyf: HarfBuzz's preprocessing copies every glyph. */
  readAll(): void {
    if (this.complete) return;
    this.readBytes(this.glyf.offset, this.glyf.length);
    this.complete = true;
  }

  private readBytes(position: number, length: number): void {
    this.readFile(position, length);
    this.bytesReadSoFar += length;
  }

  private glyphsOf(codepoints: Iterable<number>): number[] {
    const glyphs: number[] = [];
    for (const codepoint of codepoints) {
      const glyph = this.cmap(codepoint);
      if (glyph > 0) glyphs.push(glyph);
    }
    return glyphs;
  }

  private readGlyphList(): Uint16Array {
    const glyphs: number[] = [];
    for (let glyph = 0; glyph < this.glyphCount; glyph++) if (this.read[glyph]) glyphs.push(glyph);
    return Uint16Array.from(glyphs);
  }

  /** Reads `glyphs` and, level by level, the components of the composite ones among them. */
  private readGlyphs(glyphs: Iterable<number>): void {
    let wanted = this.unread(glyphs);
    for (let depth = 0; wanted.length > 0 && depth <= MAX_COMPONENT_DEPTH; depth++) {
      wanted.sort((a, b) => a - b);
      this.readOutlines(wanted);
      const components: number[] = [];
      for (const glyph of wanted) this.addComponents(glyph, components);
      wanted = this.unread(components);
    }
  }

  /** Those of `glyphs` not read yet, each once, marked as read. */
  private unread(glyphs: Iterable<number>): number[] {
    const unread: number[] = [];
    for (const glyph of glyphs) {
      if (glyph >= this.glyphCount || this.read[glyph]) continue;
      this.read[glyph] = 1;
      unread.push(glyph);
    }
    return unread;
  }

  /** Reads the outlines of `glyphs` (sorted). */
  private readOutlines(glyphs: readonly number[]): void {
    const ranges = this.coalescedRanges(glyphs);
    for (let index = 0; index < ranges.length; index += 2) {
      this.readBytes(ranges[index]!, ranges[index + 1]! - ranges[index]!);
    }
  }

  /**
   * The file ranges holding the outlines of `glyphs` (sorted), as start, end pairs; neighbours less than
   * MERGE_GAP_BYTES apart in one range.
   */
  private coalescedRanges(glyphs: Iterable<number>): Uint32Array {
    const ranges: number[] = [];
    for (const glyph of glyphs) {
      const [start, end] = this.outlineRange(glyph);
      if (end > start) ranges.push(this.glyf.offset + start, this.glyf.offset + end);
    }
    return mergedRanges(ranges);
  }

  /** The range of `glyph`'s outline within glyf, clipped to it as HarfBuzz clips it. */
  private outlineRange(glyph: number): [number, number] {
    const length = this.glyf.length;
    const start = Math.min(this.outlineStart(glyph), length);
    return [start, Math.max(start, Math.min(this.outlineStart(glyph + 1), length))];
  }

  /** Adds the components of `glyph`, if it is a composite glyph, to `components`. */
  private addComponents(glyph: number, components: number[]): void {
    const [start, end] = this.outlineRange(glyph);
    const view = this.glyfView;
    if (end - start < GLYPH_HEADER_BYTES || view.getInt16(start) >= 0) return;
    let position = start + GLYPH_HEADER_BYTES;
    let flags: number;
    do {
      if (position + 4 > end) return; // a truncated composite: HarfBuzz stops there too
      flags = view.getUint16(position);
      components.push(view.getUint16(position + 2));
      position += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
      if (flags & WE_HAVE_A_TWO_BY_TWO) position += 8;
      else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) position += 4;
      else if (flags & WE_HAVE_A_SCALE) position += 2;
    } while (flags & MORE_COMPONENTS);
  }
}

/**
 * What a lazy load of a font file reads before any text: the file ranges (start, end pairs) of its table
 * directory, of every table but glyf and of the outlines of `glyphs`.
 */
export type LoadingPlan = { tables: Map<string, TableRange>; glyphs: Uint16Array; ranges: Uint32Array };

/** `ranges` (start, end pairs) in file order, those less than MERGE_GAP_BYTES apart or overlapping merged. */
function mergedRanges(ranges: readonly number[]): Uint32Array {
  const order = Array.from({ length: ranges.length / 2 }, (_, index) => index * 2).filter(
    (index) => ranges[index + 1]! > ranges[index]!,
  );
  order.sort((a, b) => ranges[a]! - ranges[b]!);
  const merged: number[] = [];
  for (const index of order) {
    const [start, end] = [ranges[index]!, ranges[index + 1]!];
    const last = merged.length - 1;
    if (last > 0 && start - merged[last]! < MERGE_GAP_BYTES) merged[last] = Math.max(merged[last]!, end);
    else merged.push(start, end);
  }
  return Uint32Array.from(merged);
}

/**
 * Loading plans by font file contents (`fileKey`), worked out once per file and process; null for a file
 * that cannot be read lazily, so that it is not worked out again at each load.
 */
const loadingPlans = new Map<string, LoadingPlan | null>();
/** A few KB each: the catalogue's fonts, several versions of each, fit many times over. */
const MAX_LOADING_PLANS = 512;

/** The plan for `fileKey`; null when the file cannot be read lazily, undefined when not worked out yet. */
export function loadingPlanFor(fileKey: string): LoadingPlan | null | undefined {
  return loadingPlans.get(fileKey);
}

export function rememberLoadingPlan(fileKey: string, plan: LoadingPlan | null): void {
  loadingPlans.delete(fileKey);
  loadingPlans.set(fileKey, plan);
  for (const oldest of loadingPlans.keys()) {
    if (loadingPlans.size <= MAX_LOADING_PLANS) break;
    loadingPlans.delete(oldest);
  }
}

let mirrored: number[] | undefined;

/**
 * Code points with a bidi mirror: HarfBuzz adds the mirror of each character of a subset's text, so the
 * glyphs of all of them are read up front (a few dozen in a CJK font). All lie below U+20000.
 */
function mirroredCodepoints(): number[] {
  if (!mirrored) {
    const bidiMirrored = /\p{Bidi_Mirrored}/u;
    mirrored = [];
    for (let codepoint = 0; codepoint < 0x20000; codepoint++) {
      if (codepoint >= 0xd800 && codepoint <= 0xdfff) continue;
      if (bidiMirrored.test(String.fromCodePoint(codepoint))) mirrored.push(codepoint);
    }
  }
  return mirrored;
}

/** Tables through which a subset reaches glyphs that neither cmap nor GSUB names. */
const TABLES_REACHING_OTHER_GLYPHS = ["COLR", "MATH", "CFF ", "CFF2"];
/** Glyphs between two wanted ones cost less to read along than a second read call. */
const MERGE_GAP_BYTES = 4096;
const GLYPH_HEADER_BYTES = 10;
/** Composite glyphs nest a few levels; a cycle in a damaged font must not loop. */
const MAX_COMPONENT_DEPTH = 16;
const ARG_1_AND_2_ARE_WORDS = 0x1;
const WE_HAVE_A_SCALE = 0x8;
const MORE_COMPONENTS = 0x20;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x40;
const WE_HAVE_A_TWO_BY_TWO = 0x80;

/** Reads `length` bytes at `position` of `fd` into `font` at the same offset; a file that got shorter reads as truncated. */
function readRangeSync(fd: number, font: Uint8Array, position: number, length: number): void {
  let filled = 0;
  while (filled < length) {
    const bytesRead = readSync(fd, font, position + filled, length - filled, position + filled);
    if (bytesRead === 0) throw new UnusableFontError("字体文件不完整，表数据超出了文件末尾");
    filled += bytesRead;
  }
}

function tableView(font: Uint8Array, table: TableRange): DataView {
  return new DataView(font.buffer, font.byteOffset + table.offset, table.length);
}

/** The glyphs of the non-default variation sequences of cmap's format 14 subtables (default ones use the cmap glyph). */
function variationSequenceGlyphs(cmap: DataView): number[] {
  const glyphs: number[] = [];
  for (let index = 0; index < cmap.getUint16(2); index++) {
    const offset = cmap.getUint32(4 + index * 8 + 4);
    if (cmap.getUint16(offset) === 14) glyphs.push(...format14Glyphs(cmap, offset));
  }
  return glyphs;
}

function format14Glyphs(cmap: DataView, offset: number): number[] {
  const glyphs: number[] = [];
  const records = cmap.getUint32(offset + 6);
  for (let index = 0; index < records; index++) {
    const nonDefault = cmap.getUint32(offset + 10 + index * 11 + 7);
    if (nonDefault === 0) continue;
    const mappings = cmap.getUint32(offset + nonDefault);
    for (let mapping = 0; mapping < mappings; mapping++) {
      glyphs.push(cmap.getUint16(offset + nonDefault + 4 + mapping * 5 + 3));
    }
  }
  return glyphs;
}

const SINGLE = 1;
const MULTIPLE = 2;
const ALTERNATE = 3;
const LIGATURE = 4;
const CONTEXT = 5;
const CHAINED_CONTEXT = 6;
const EXTENSION = 7;
const REVERSE_CHAINED = 8;

/**
 * Every glyph some GSUB lookup can put in a glyph run, whichever feature, script or context; undefined
 * for a lookup type this reader does not know.
 */
function substitutedGlyphs(gsub: DataView): number[] | undefined {
  const lookupList = gsub.getUint16(8);
  const lookupCount = gsub.getUint16(lookupList);
  const glyphs: number[] = [];
  for (let index = 0; index < lookupCount; index++) {
    const lookup = lookupList + gsub.getUint16(lookupList + 2 + index * 2);
    const type = gsub.getUint16(lookup);
    const subtableCount = gsub.getUint16(lookup + 4);
    for (let subtable = 0; subtable < subtableCount; subtable++) {
      const offset = lookup + gsub.getUint16(lookup + 6 + subtable * 2);
      if (!addSubstitutes(gsub, type, offset, glyphs)) return undefined;
    }
  }
  return glyphs;
}

function addSubstitutes(gsub: DataView, type: number, offset: number, glyphs: number[]): boolean {
  const u16 = (at: number) => gsub.getUint16(at);
  const eachOffset = (table: number, countAt: number, each: (child: number) => void) => {
    for (let index = 0; index < u16(countAt); index++) each(table + u16(countAt + 2 + index * 2));
  };
  const glyphArray = (countAt: number) => {
    for (let index = 0; index < u16(countAt); index++) glyphs.push(u16(countAt + 2 + index * 2));
  };
  switch (type) {
    case SINGLE:
      if (u16(offset) === 1) {
        const delta = u16(offset + 4);
        for (const glyph of coverageGlyphs(gsub, offset + u16(offset + 2))) glyphs.push((glyph + delta) & 0xffff);
      } else glyphArray(offset + 4);
      return true;
    case MULTIPLE:
    case ALTERNATE:
      eachOffset(offset, offset + 4, (set) => glyphArray(set));
      return true;
    case LIGATURE:
      eachOffset(offset, offset + 4, (set) => eachOffset(set, set, (ligature) => glyphs.push(u16(ligature))));
      return true;
    case CONTEXT:
    case CHAINED_CONTEXT:
      return true; // they only call other lookups, read on their own
    case EXTENSION:
      return addSubstitutes(gsub, u16(offset + 2), offset + gsub.getUint32(offset + 4), glyphs);
    case REVERSE_CHAINED: {
      const backtrack = offset + 4;
      const lookahead = backtrack + 2 + u16(backtrack) * 2;
      glyphArray(lookahead + 2 + u16(lookahead) * 2);
      return true;
    }
    default:
      return false;
  }
}

function coverageGlyphs(table: DataView, offset: number): number[] {
  const count = table.getUint16(offset + 2);
  const glyphs: number[] = [];
  if (table.getUint16(offset) === 1) {
    for (let index = 0; index < count; index++) glyphs.push(table.getUint16(offset + 4 + index * 2));
    return glyphs;
  }
  for (let index = 0; index < count; index++) {
    const range = offset + 4 + index * 6;
    for (let glyph = table.getUint16(range); glyph <= table.getUint16(range + 2); glyph++) glyphs.push(glyph);
  }
  return glyphs;
}
