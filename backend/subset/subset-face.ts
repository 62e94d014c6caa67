import { closeSync, fstatSync, openSync, read, readSync, statSync, type Stats } from "node:fs";
import {
  compileHarfBuzzSubset,
  HB_MEMORY_MODE_READONLY,
  HB_SUBSET_FLAGS_NO_HINTING,
  HB_SUBSET_SETS_DROP_TABLE_TAG,
  readyHarfBuzzSubsetInstance,
  recycleHarfBuzzSubsetInstance,
  takeHarfBuzzSubsetInstance,
  type HarfBuzzSubsetExports,
} from "./harfbuzz-wasm.js";
import { LazyOutlines, loadingPlanFor, rememberLoadingPlan, type LoadingPlan } from "./lazy-outlines.js";
import {
  directoryLength,
  faceFlavor,
  faceOffset,
  faceTablesWithinFile,
  SFNT_FLAVOR_CFF,
  tableRanges,
  viewOf,
  type TableRange,
} from "./sfnt.js";
import { UnusableFontError } from "./unusable-font.js";

/**
 * Memory a preprocessed face keeps per byte of source font: the source bytes, the preprocessed copy and
 * its accelerators. Measured: Noto Sans SC 10 MB → 21.8 MB, Cactus Classical Serif 27 MB → 57.5 MB,
 * ZCOOL KuaiLe 1.4 MB → 3.3 MB (TrueType); Noto Sans CJK .ttc 19 MB → 72.7 MB (CFF).
 */
const KEPT_BYTES_PER_SOURCE_BYTE = { trueType: 2.5, cff: 4 } as const;
/** Peak while preprocessing, per source byte: CFF needed between 100 and 128 MiB for 19 MB. */
const PEAK_BYTES_PER_SOURCE_BYTE = 6;
/** Heap room beyond the font for one subset's work (a 2000-character subset output is a few MB). */
const WORKING_BYTES = 16 * 1024 * 1024;
/** Static data, stack and the pages a subset's work leaves touched, counted against the budget. */
const INSTANCE_OVERHEAD_BYTES = 4 * 1024 * 1024;

/**
 * One font face held in its own HarfBuzz wasm instance. It subsets as soon as it is loaded; `preprocess()`
 * (`hb_subset_preprocess`) then makes repeated subsets skip the per-font work, at a cost of 60–800 ms of
 * CPU for a CJK font, so it is worth it only for a face that keeps being used. Call `destroy()` to release it.
 */
export class SubsetFace {
  private destroyed = false;
  private preprocessTried = false;
  private isPreprocessed = false;
  private subsetsMade = 0;

  private constructor(
    private readonly hb: HarfBuzzSubsetExports,
    /** malloc'ed copy of the font file; the face (and the preprocessed face) read it in place. */
    private readonly fontPointer: number,
    private face: number,
    /** Reads the outlines each subset needs, for a face loaded without them; undefined once all are read. */
    private outlines: LazyOutlines | undefined,
    /** The font file, kept open while `outlines` reads from it. */
    private fd: number | undefined,
    /** Estimated bytes this face keeps alive once preprocessed. */
    private readonly preprocessedCostBytes: number,
  ) {}

  /**
   * Bytes this face is counted for under the memory bound. A face read lazily and not preprocessed holds
   * little more than what it read (Noto Sans SC after a preview: about 1 MB, against 11 read whole):
   * that, and the instance's overhead. Any other face is counted at its preprocessed estimate from the
   * start, so that preprocessing it later never takes the faces over the bound; preprocessing a lazy face
   * raises its count to that, and the least recently used other faces then make room.
   */
  get costBytes(): number {
    if (this.outlines && !this.preprocessTried) return this.outlines.bytesRead + INSTANCE_OVERHEAD_BYTES;
    return this.preprocessedCostBytes;
  }

  /** What `costBytes` becomes once the face is preprocessed. */
  get costBytesPreprocessed(): number {
    return this.preprocessedCostBytes;
  }

  /**
   * Loads face `faceIndex` of the font file at `filePath` into a new wasm instance sized for it, read
   * straight into the instance's memory: of a TrueType face every table but the outlines, which each
   * subset reads as it needs them (`LazyOutlines`), of any other face the whole file. Throws
   * UnusableFontError for a missing file or for bytes that are not a whole TrueType/OpenType font (or collection).
   * `{ lazyOutlines: false }` reads every face whole.
   */
  static async open(filePath: string, faceIndex = 0, { lazyOutlines = true } = {}): Promise<SubsetFace> {
    // Opening, fstat and the first page are synchronous: the font source has just looked the path up, so
    // they do not wait for the disk, and each would otherwise be a round trip through the thread pool
    // before a first preview. So are the parts a planned load reads: this process read the whole file
    // before, so they are in the page cache. A whole file, which may wait for the disk, is read asynchronously.
    const fd = openFont(filePath);
    let outlines: LazyOutlines | undefined;
    try {
      const stats = fstatSync(fd);
      const { size } = stats;
      const fileKey = fileKeyOf(stats, faceIndex);
      const plan = lazyOutlines ? loadingPlanFor(fileKey) : null;
      // A planned load reads the header with the rest; otherwise it tells a face a plan may be made for.
      const header = plan ? undefined : readHeader(fd, size, faceIndex, plan === undefined);
      const hb = await instanceFor(size, plan ? 0 : size);
      const fontPointer = hb.malloc(size);
      if (!fontPointer) throw new UnusableFontError(`字体文件过大（${size} 字节），超出子集化内存`);
      try {
        const bytes = new Uint8Array(hb.memory.buffer, fontPointer, size);
        if (plan) outlines = LazyOutlines.forFace(fd, bytes, plan);
        if (header) bytes.set(header.bytes);
        if (!outlines) await readFully(fd, bytes, header?.bytes.byteLength ?? 0);
        const face = SubsetFace.create(hb, fontPointer, bytes, faceIndex, outlines && { outlines, fd });
        if (header?.tables) planLoadingSoon(filePath, faceIndex, fileKey);
        return face;
      } catch (error) {
        outlines = undefined;
        hb.free(fontPointer);
        throw error;
      }
    } finally {
      if (!outlines) closeSync(fd);
    }
  }

  private static create(
    hb: HarfBuzzSubsetExports,
    fontPointer: number,
    fontBytes: Uint8Array,
    faceIndex: number,
    lazy: { outlines: LazyOutlines; fd: number } | undefined,
  ): SubsetFace {
    const flavor = faceFlavor(fontBytes, faceIndex);
    if (flavor === undefined || !SFNT_FLAVORS.has(flavor)) {
      throw new UnusableFontError("无法解析字体文件，不是 TrueType/OpenType 字体");
    }
    if (!faceTablesWithinFile(fontBytes, faceIndex)) {
      throw new UnusableFontError("字体文件不完整，表数据超出了文件末尾");
    }
    const blob = hb.hb_blob_create(fontPointer, fontBytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    const face = hb.hb_face_create(blob, faceIndex);
    hb.hb_blob_destroy(blob);
    if (face === hb.hb_face_get_empty()) throw new UnusableFontError("无法解析字体文件");
    const cost = estimateCost(fontBytes.byteLength, flavor);
    return new SubsetFace(hb, fontPointer, face, lazy?.outlines, lazy?.fd, cost);
  }

  /** False until `preprocess()` has run, and after it when preprocessing did not fit in the instance. */
  get preprocessed(): boolean {
    return this.isPreprocessed;
  }

  /** Whether some outlines are still to be read from the font file as subsets need them. */
  get readsOutlinesLazily(): boolean {
    return this.outlines !== undefined;
  }

  /** Subsets made since the face was loaded. */
  get subsetCount(): number {
    return this.subsetsMade;
  }

  /** Whether `preprocess()` may still make this face faster: not yet run (successfully or not). */
  get canPreprocess(): boolean {
    return !this.destroyed && !this.preprocessTried;
  }

  /**
   * Replaces the face by its `hb_subset_preprocess`ed form: synchronous CPU work, 60–800 ms for a CJK font.
   * Subsets stay identical. When preprocessing does not fit in the instance the face is kept as it was.
   */
  preprocess(): void {
    if (!this.canPreprocess) return;
    this.preprocessTried = true;
    this.outlines?.readAll(); // preprocessing copies every glyph
    this.releaseFile();
    // The preprocessed face may point into the source bytes, so fontPointer stays allocated
    // until destroy(). On failure hb_subset_preprocess returns a new reference to the source face.
    const preprocessed = this.hb.hb_subset_preprocess(this.face);
    this.hb.hb_face_destroy(this.face);
    this.isPreprocessed = preprocessed !== this.face;
    this.face = preprocessed;
  }

  /**
   * The font reduced to the glyphs of `codepoints` plus what their layout rules reach (HarfBuzz's
   * glyph closure), layout tables kept, hinting dropped. Returns sfnt bytes (TrueType or CFF flavour).
   */
  subset(codepoints: Iterable<number>): Uint8Array {
    if (this.destroyed) throw new Error("SubsetFace 已释放");
    const wanted = [...codepoints];
    this.outlines?.readFor(wanted);
    this.subsetsMade++;
    // Some fonts (Unifont EX) carry tables HarfBuzz fails to subset; a preview does not need them.
    return this.trySubset(wanted, []) ?? this.trySubset(wanted, TABLES_A_PREVIEW_CAN_DO_WITHOUT) ?? failSubset();
  }

  private trySubset(codepoints: number[], droppedTables: readonly string[]): Uint8Array | undefined {
    const hb = this.hb;
    const input = hb.hb_subset_input_create_or_fail();
    if (!input) throw new Error("HarfBuzz 无法创建子集参数（内存不足）");
    try {
      const unicodes = hb.hb_subset_input_unicode_set(input);
      for (const codepoint of codepoints) hb.hb_set_add(unicodes, codepoint);
      const dropSet = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
      for (const tag of droppedTables) hb.hb_set_add(dropSet, tableTag(tag));
      hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
      const subsetFace = hb.hb_subset_or_fail(this.face, input);
      if (!subsetFace) return undefined;
      try {
        return this.copyFaceBytes(subsetFace);
      } finally {
        hb.hb_face_destroy(subsetFace);
      }
    } finally {
      hb.hb_subset_input_destroy(input);
    }
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const wroteLittle = this.outlines !== undefined;
    this.releaseFile();
    this.hb.hb_face_destroy(this.face);
    this.hb.free(this.fontPointer);
    if (wroteLittle) recycleHarfBuzzSubsetInstance(this.hb);
  }

  private releaseFile(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.outlines = undefined;
  }

  private copyFaceBytes(face: number): Uint8Array {
    const hb = this.hb;
    const blob = hb.hb_face_reference_blob(face);
    try {
      const length = hb.hb_blob_get_length(blob);
      if (length === 0) throw new UnusableFontError("子集化结果为空，字体文件可能已损坏");
      const data = hb.hb_blob_get_data(blob, 0);
      return new Uint8Array(hb.memory.buffer, data, length).slice();
    } finally {
      hb.hb_blob_destroy(blob);
    }
  }
}

function estimateCost(sourceBytes: number, flavor: number): number {
  const keptPerByte = KEPT_BYTES_PER_SOURCE_BYTE[flavor === SFNT_FLAVOR_CFF ? "cff" : "trueType"];
  return Math.ceil(sourceBytes * keptPerByte) + INSTANCE_OVERHEAD_BYTES;
}

/**
 * A new wasm instance whose memory fits preprocessing a font of `size` bytes, for a load that fills the
 * first `filledBytes` of its heap (the whole file), or 0 when it writes only parts of the font's place:
 * the pages it leaves unwritten never become resident.
 */
async function instanceFor(size: number, filledBytes: number): Promise<HarfBuzzSubsetExports> {
  return takeHarfBuzzSubsetInstance(await moduleFor(size), filledBytes);
}

/** The wasm module whose memory fits preprocessing a font of `size` bytes. */
function moduleFor(size: number): Promise<WebAssembly.Module> {
  return compileHarfBuzzSubset(size * PEAK_BYTES_PER_SOURCE_BYTE + WORKING_BYTES);
}

/** The first bytes of the file read before its instance exists, and what they say about how to read the rest. */
type FontHeader = {
  bytes: Uint8Array;
  /** The face's tables, when it is a TrueType face whose outlines may be read lazily. */
  tables?: Map<string, TableRange>;
};

/** Enough for the table directory of any font the catalogue ships (12 + 16 bytes per table). */
const HEADER_BYTES = 4096;

function readHeader(fd: number, size: number, faceIndex: number, lazyOutlines: boolean): FontHeader {
  const bytes = new Uint8Array(Math.min(size, HEADER_BYTES));
  const length = readSync(fd, bytes, 0, bytes.byteLength, 0);
  if (length < bytes.byteLength) return { bytes: bytes.subarray(0, length) };
  if (!lazyOutlines) return { bytes };
  const directory = faceOffset(bytes, faceIndex);
  if (directory === undefined || directory + directoryLength(0) > length) return { bytes };
  const view = viewOf(bytes);
  if (!TRUE_TYPE_FLAVORS.has(view.getUint32(directory))) return { bytes };
  if (directory + directoryLength(view.getUint16(directory + 4)) > length) return { bytes };
  const tables = tableRanges(bytes, directory);
  return { bytes, tables: LazyOutlines.mayServe(tables) ? tables : undefined };
}

/** Names a font file's contents, and the face in it: same key, same bytes. */
function fileKeyOf({ dev, ino, size, mtimeMs }: Stats, faceIndex: number): string {
  return `${dev}:${ino}:${size}:${mtimeMs}#${faceIndex}`;
}

/** Files whose loading plan is being worked out, by file key. */
const plansUnderWay = new Set<string>();
/** Time for the answer of the load that read the file whole to go out before the CPU is taken. */
const PLAN_DELAY_MS = 100;

/**
 * Gets the font file at `filePath`, just loaded whole, ready to be loaded lazily next time
 * (`prepareLoading`), shortly: a face loaded whole may be evicted before then.
 */
function planLoadingSoon(filePath: string, faceIndex: number, fileKey: string): void {
  if (plansUnderWay.has(fileKey)) return;
  plansUnderWay.add(fileKey);
  setTimeout(() => {
    prepareLoading(filePath, faceIndex, fileKey)
      .catch((error: unknown) => console.warn(`字体文件 ${filePath} 的下次载入未能准备`, error))
      .finally(() => plansUnderWay.delete(fileKey));
  }, PLAN_DELAY_MS).unref();
}

/**
 * Gets face `faceIndex` of the font file at `filePath` ready for its next load in this process (the first,
 * or the one after a load that read it whole): works out its loading plan (`planLoading`; none when the
 * file changed since `fileKey`, when given) and, for a face that will be read lazily, makes an instance of
 * the wasm module its size needs, so that the load finds one (compiling a module for a size and
 * instantiating it take milliseconds). A missing or unusable file is left for its load to report.
 */
export async function prepareLoading(filePath: string, faceIndex = 0, fileKey?: string): Promise<void> {
  if (!planLoading(filePath, faceIndex, fileKey)) return;
  readyHarfBuzzSubsetInstance(await moduleFor(statSync(filePath).size));
}

/**
 * Works out and remembers how to load face `faceIndex` of the font file at `filePath` lazily
 * (`LazyOutlines.plan`; remembered as impossible when it cannot be, or when working it out fails), from the
 * file itself, unless that is known already, the file is gone, or it changed since `fileKey` when given. A
 * few milliseconds of CPU and about the tables' size read, once per file and process.
 */
function planLoading(filePath: string, faceIndex: number, fileKey?: string): LoadingPlan | null {
  let fd: number;
  try {
    fd = openFont(filePath);
  } catch (error) {
    if (error instanceof UnusableFontError) return null; // gone: nothing to plan for
    throw error;
  }
  let key: string | undefined;
  try {
    const stats = fstatSync(fd);
    key = fileKeyOf(stats, faceIndex);
    if (fileKey !== undefined && key !== fileKey) return null;
    const known = loadingPlanFor(key);
    if (known !== undefined) return known;
    const { bytes, tables } = readHeader(fd, stats.size, faceIndex, true);
    const plan = (tables && LazyOutlines.plan(fd, new Uint8Array(stats.size), tables, bytes.byteLength)) ?? null;
    rememberLoadingPlan(key, plan);
    return plan;
  } catch (error) {
    if (key) rememberLoadingPlan(key, null);
    console.warn(`字体文件 ${filePath} 的按需读取计划未能生成，它将继续被整个读入`, error);
    return null;
  } finally {
    closeSync(fd);
  }
}

function openFont(filePath: string): number {
  try {
    return openSync(filePath, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new UnusableFontError("字体文件不存在");
    throw error;
  }
}

/** Fills `target` from `from` to its end with the file's bytes at the same offsets. */
function readFully(fd: number, target: Uint8Array, from: number): Promise<void> {
  return readRange(fd, target, from, target.byteLength - from);
}

/** Reads `length` bytes at `offset` of the file into `target` at `offset`; a file that changed size reads as truncated. */
async function readRange(fd: number, target: Uint8Array, offset: number, length: number): Promise<void> {
  let filled = 0;
  while (filled < length) {
    const bytesRead = await readAt(fd, target, offset + filled, length - filled);
    if (bytesRead === 0) throw new UnusableFontError("字体文件不完整，表数据超出了文件末尾");
    filled += bytesRead;
  }
}

function readAt(fd: number, target: Uint8Array, offset: number, length: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, target, offset, length, offset, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))),
  );
}

/** sfnt versions of TrueType (0x00010000, 'true') and CFF ('OTTO') faces. */
/** Tables for math, justification, baselines and font-editor data: not used to draw a preview. */
const TABLES_A_PREVIEW_CAN_DO_WITHOUT = ["MATH", "JSTF", "BASE", "PfEd", "TeX ", "FFTM", "prop"] as const;

function tableTag(tag: string): number {
  return ((tag.charCodeAt(0) << 24) | (tag.charCodeAt(1) << 16) | (tag.charCodeAt(2) << 8) | tag.charCodeAt(3)) >>> 0;
}

function failSubset(): never {
  throw new UnusableFontError("HarfBuzz 无法子集化该字体，字体文件可能已损坏");
}

const TRUE_TYPE_FLAVORS = new Set([0x00010000, 0x74727565]);
const SFNT_FLAVORS = new Set([...TRUE_TYPE_FLAVORS, SFNT_FLAVOR_CFF]);
