import {
  HB_MEMORY_MODE_READONLY,
  HB_SUBSET_FLAGS_NO_HINTING,
  instantiateHarfBuzzSubset,
  type HarfBuzzSubsetExports,
} from "./harfbuzz-wasm.js";
import { viewOf } from "./sfnt.js";

/**
 * Memory a preprocessed face takes per byte of source font, measured on the catalogue's CJK fonts
 * (Noto Sans SC 10 MB → 21.8 MB used, Noto Serif SC 14 MB → 29.9 MB, ZCOOL KuaiLe 1.4 MB → 3.3 MB,
 * WenQuanYi Micro Hei 4.9 MB → 12.4 MB): the source bytes, the preprocessed copy and its accelerators.
 */
const PREPROCESSED_BYTES_PER_SOURCE_BYTE = 2.5;
/** Static data, stack and subset working memory of one wasm instance. */
const INSTANCE_OVERHEAD_BYTES = 2 * 1024 * 1024;

export class FontLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FontLoadError";
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

  static load(module: WebAssembly.Module, fontBytes: Uint8Array, faceIndex = 0): SubsetFace {
    if (!isSfntOrCollection(fontBytes)) throw new FontLoadError("无法解析字体文件：不是 TrueType/OpenType 字体");
    const hb = instantiateHarfBuzzSubset(module);
    const fontPointer = hb.malloc(fontBytes.byteLength);
    if (!fontPointer) {
      throw new FontLoadError(`字体文件过大（${fontBytes.byteLength} 字节），超出子集化内存`);
    }
    new Uint8Array(hb.memory.buffer, fontPointer, fontBytes.byteLength).set(fontBytes);

    const blob = hb.hb_blob_create(fontPointer, fontBytes.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    const sourceFace = hb.hb_face_create(blob, faceIndex);
    hb.hb_blob_destroy(blob);
    if (sourceFace === hb.hb_face_get_empty()) {
      hb.free(fontPointer);
      throw new FontLoadError("无法解析字体文件");
    }
    // The preprocessed face may point into the source bytes, so fontPointer stays allocated
    // until destroy(). On failure hb_subset_preprocess returns a new reference to the source face.
    const face = hb.hb_subset_preprocess(sourceFace);
    hb.hb_face_destroy(sourceFace);
    const preprocessed = face !== sourceFace;
    const perByte = preprocessed ? PREPROCESSED_BYTES_PER_SOURCE_BYTE : 1;
    const costBytes = Math.ceil(fontBytes.byteLength * perByte) + INSTANCE_OVERHEAD_BYTES;
    return new SubsetFace(hb, fontPointer, face, preprocessed, costBytes);
  }

  /**
   * The font reduced to the glyphs of `codepoints` plus what their layout rules reach (HarfBuzz's
   * glyph closure), layout tables kept, hinting dropped. Returns sfnt bytes (TrueType or CFF flavour).
   */
  subset(codepoints: Iterable<number>): Uint8Array {
    if (this.destroyed) throw new Error("SubsetFace 已释放");
    const hb = this.hb;
    const input = hb.hb_subset_input_create_or_fail();
    if (!input) throw new Error("HarfBuzz 无法创建子集参数（内存不足）");
    try {
      const unicodes = hb.hb_subset_input_unicode_set(input);
      for (const codepoint of codepoints) hb.hb_set_add(unicodes, codepoint);
      hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
      const subsetFace = hb.hb_subset_or_fail(this.face, input);
      if (!subsetFace) throw new Error("HarfBuzz 子集化失败");
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
      if (length === 0) throw new Error("HarfBuzz 子集化结果为空（内存不足或字体损坏）");
      const data = hb.hb_blob_get_data(blob, 0);
      return new Uint8Array(hb.memory.buffer, data, length).slice();
    } finally {
      hb.hb_blob_destroy(blob);
    }
  }
}

/** sfnt versions of TrueType (0x00010000, 'true'), CFF ('OTTO') and collections ('ttcf'). */
const SFNT_SIGNATURES = new Set([0x00010000, 0x74727565, 0x4f54544f, 0x74746366]);

function isSfntOrCollection(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 12 && SFNT_SIGNATURES.has(viewOf(bytes).getUint32(0));
}
