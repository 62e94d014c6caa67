import { closeSync, fstatSync, openSync, read } from "node:fs";
import {
  compileHarfBuzzSubset,
  HB_MEMORY_MODE_READONLY,
  HB_SUBSET_FLAGS_NO_HINTING,
  HB_SUBSET_SETS_DROP_TABLE_TAG,
  takeHarfBuzzSubsetInstance,
  type HarfBuzzSubsetExports,
} from "./harfbuzz-wasm.js";
import { faceFlavor, faceTablesWithinFile, SFNT_FLAVOR_CFF } from "./sfnt.js";

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
 * A font file that cannot be loaded or subset: not a font, truncated, damaged, or too large for the
 * subsetter. The file is at fault, not the request, and other fonts are unaffected.
 */
export class UnusableFontError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnusableFontError";
  }
}

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
    /**
     * Estimated bytes this face keeps alive once preprocessed, for the memory bound: counted from the
     * start, so that preprocessing later never takes the faces over it.
     */
    readonly costBytes: number,
  ) {}

  /**
   * Loads face `faceIndex` of the font file at `filePath` into a new wasm instance sized for it, read
   * straight into the instance's memory. Throws UnusableFontError for a missing file or for bytes that
   * are not a whole TrueType/OpenType font (or collection).
   */
  static async open(filePath: string, faceIndex = 0): Promise<SubsetFace> {
    // Opening, fstat and closing are synchronous: the font source has just looked the path up, so they
    // do not wait for the disk, and each would otherwise be a round trip through the thread pool before
    // a first preview. The read, which may wait for the disk, is not.
    const fd = openFont(filePath);
    try {
      const { size } = fstatSync(fd);
      const hb = await instanceFor(size);
      const fontPointer = hb.malloc(size);
      if (!fontPointer) throw new UnusableFontError(`字体文件过大（${size} 字节），超出子集化内存`);
      try {
        const bytes = new Uint8Array(hb.memory.buffer, fontPointer, size);
        await readFully(fd, bytes);
        return SubsetFace.create(hb, fontPointer, bytes, faceIndex);
      } catch (error) {
        hb.free(fontPointer);
        throw error;
      }
    } finally {
      closeSync(fd);
    }
  }

  private static create(
    hb: HarfBuzzSubsetExports,
    fontPointer: number,
    fontBytes: Uint8Array,
    faceIndex: number,
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
    return new SubsetFace(hb, fontPointer, face, estimateCost(fontBytes.byteLength, flavor));
  }

  /** False until `preprocess()` has run, and after it when preprocessing did not fit in the instance. */
  get preprocessed(): boolean {
    return this.isPreprocessed;
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
    this.hb.hb_face_destroy(this.face);
    this.hb.free(this.fontPointer);
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

/** A new wasm instance whose memory fits preprocessing a font of `size` bytes. */
async function instanceFor(size: number): Promise<HarfBuzzSubsetExports> {
  const module = await compileHarfBuzzSubset(size * PEAK_BYTES_PER_SOURCE_BYTE + WORKING_BYTES);
  return takeHarfBuzzSubsetInstance(module, size);
}

function openFont(filePath: string): number {
  try {
    return openSync(filePath, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new UnusableFontError("字体文件不存在");
    throw error;
  }
}

/** Fills `target` from the start of the file `fd`; a file that changed size meanwhile reads as truncated. */
async function readFully(fd: number, target: Uint8Array): Promise<void> {
  let filled = 0;
  while (filled < target.byteLength) {
    const bytesRead = await readAt(fd, target, filled);
    if (bytesRead === 0) throw new UnusableFontError("字体文件不完整，表数据超出了文件末尾");
    filled += bytesRead;
  }
}

function readAt(fd: number, target: Uint8Array, offset: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, target, offset, target.byteLength - offset, offset, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    ),
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

const SFNT_FLAVORS = new Set([0x00010000, 0x74727565, SFNT_FLAVOR_CFF]);
