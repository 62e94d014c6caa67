import {
  compileHarfBuzzSubset,
  HB_MEMORY_MODE_READONLY,
  HB_SUBSET_FLAGS_NO_HINTING,
  HB_SUBSET_SETS_DROP_TABLE_TAG,
  instantiateHarfBuzzSubset,
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
 * One font face held in its own HarfBuzz wasm instance, preprocessed with `hb_subset_preprocess`
 * so that repeated subsets skip the per-font work. Call `destroy()` to release it.
 */
export class SubsetFace {
  private destroyed = false;

  private constructor(
    private readonly hb: HarfBuzzSubsetExports,
    /** malloc'ed copy of the font file; the face (and the preprocessed face) read it in place. */
    private readonly fontPointer: number,
    private readonly face: number,
    /** False when preprocessing did not fit in the instance; subsets still work, just slower. */
    readonly preprocessed: boolean,
    /** Estimated bytes this face keeps alive, for the memory bound. */
    readonly costBytes: number,
  ) {}

  /**
   * Loads face `faceIndex` of `fontBytes` into a new wasm instance sized for it and preprocesses it.
   * Throws UnusableFontError for bytes that are not a whole TrueType/OpenType font (or collection).
   */
  static async load(fontBytes: Uint8Array, faceIndex = 0): Promise<SubsetFace> {
    const flavor = faceFlavor(fontBytes, faceIndex);
    if (flavor === undefined || !SFNT_FLAVORS.has(flavor)) {
      throw new UnusableFontError("无法解析字体文件，不是 TrueType/OpenType 字体");
    }
    if (!faceTablesWithinFile(fontBytes, faceIndex)) {
      throw new UnusableFontError("字体文件不完整，表数据超出了文件末尾");
    }
    const size = fontBytes.byteLength;
    const hb = instantiateHarfBuzzSubset(
      await compileHarfBuzzSubset(size * PEAK_BYTES_PER_SOURCE_BYTE + WORKING_BYTES),
    );
    const fontPointer = hb.malloc(size);
    if (!fontPointer) throw new UnusableFontError(`字体文件过大（${size} 字节），超出子集化内存`);
    new Uint8Array(hb.memory.buffer, fontPointer, size).set(fontBytes);

    const blob = hb.hb_blob_create(fontPointer, size, HB_MEMORY_MODE_READONLY, 0, 0);
    const sourceFace = hb.hb_face_create(blob, faceIndex);
    hb.hb_blob_destroy(blob);
    if (sourceFace === hb.hb_face_get_empty()) {
      hb.free(fontPointer);
      throw new UnusableFontError("无法解析字体文件");
    }
    // The preprocessed face may point into the source bytes, so fontPointer stays allocated
    // until destroy(). On failure hb_subset_preprocess returns a new reference to the source face.
    const face = hb.hb_subset_preprocess(sourceFace);
    hb.hb_face_destroy(sourceFace);
    const preprocessed = face !== sourceFace;
    return new SubsetFace(hb, fontPointer, face, preprocessed, estimateCost(size, flavor, preprocessed));
  }

  /**
   * The font reduced to the glyphs of `codepoints` plus what their layout rules reach (HarfBuzz's
   * glyph closure), layout tables kept, hinting dropped. Returns sfnt bytes (TrueType or CFF flavour).
   */
  subset(codepoints: Iterable<number>): Uint8Array {
    if (this.destroyed) throw new Error("SubsetFace 已释放");
    const wanted = [...codepoints];
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

function estimateCost(sourceBytes: number, flavor: number, preprocessed: boolean): number {
  const keptPerByte = !preprocessed ? 1 : KEPT_BYTES_PER_SOURCE_BYTE[flavor === SFNT_FLAVOR_CFF ? "cff" : "trueType"];
  return Math.ceil(sourceBytes * keptPerByte) + INSTANCE_OVERHEAD_BYTES;
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
