import type { FontSourceFile } from "./font-source.js";
import { FaceCache } from "./face-cache.js";
import { compileHarfBuzzSubset } from "./harfbuzz-wasm.js";
import { prepareLoading, SubsetFace } from "./subset-face.js";
import { normalizeCodepoints } from "./subset-key.js";
import { encodeWoff } from "./woff.js";
import { encodeWoff2 } from "./woff2.js";

/** "ttf" is the plain sfnt HarfBuzz writes (TrueType outlines, or CFF for CFF sources). */
export type SubsetFormat = "ttf" | "woff" | "woff2";

/** A font file to subset; `faceIndex` picks a face in a collection (.ttc), default 0. */
export type SubsetFontFile = Pick<FontSourceFile, "filePath" | "version"> & { faceIndex?: number };

/** A preview's subset: the sfnt HarfBuzz wrote, and its WOFF (zlib, fast to make) for browsers. */
export type WebSubset = { sfnt: Uint8Array; woff: Uint8Array };

/**
 * Subsets a face makes before it is preprocessed: a face asked again and again (a visitor typing in a
 * preview, a popular font) repays preprocessing's long CPU work, one asked once (one of a page of twenty
 * previews) answers sooner and costs less without it.
 */
export const PREPROCESS_AFTER_SUBSETS = 3;
/** Time for the answer that triggered preprocessing to go out before the CPU is taken. */
const PREPROCESS_DELAY_MS = 100;

/** HarfBuzz subsetting in this process, with faces kept under a memory budget, preprocessed once in demand. */
export class Subsetter {
  private constructor(private readonly faces: FaceCache) {}

  static async create(options: { memoryBudgetBytes: number }): Promise<Subsetter> {
    await compileHarfBuzzSubset(); // fail at start-up, not on the first request, if the wasm is missing
    return new Subsetter(new FaceCache(options.memoryBudgetBytes));
  }

  /** The subset of `font` for the code points of `text` (a string, or code points), in `format`. */
  async subset(font: SubsetFontFile, text: string | readonly number[], format: SubsetFormat): Promise<Uint8Array> {
    const codepoints = typeof text === "string" ? normalizeCodepoints(text) : text;
    const key = faceKey(font);
    const sfnt = await this.faces.withFace(
      key,
      () => openFace(font),
      (face) => {
        const bytes = face.subset(codepoints);
        if (face.canPreprocess && face.subsetCount >= PREPROCESS_AFTER_SUBSETS) {
          this.faces.preprocessSoon(key, PREPROCESS_DELAY_MS);
        }
        return bytes;
      },
    );
    if (format === "woff") return encodeWoff(sfnt);
    if (format === "woff2") return encodeWoff2(sfnt);
    return sfnt;
  }

  async subsetForWeb(font: SubsetFontFile, codepoints: readonly number[]): Promise<WebSubset> {
    const sfnt = await this.subset(font, codepoints, "ttf");
    return { sfnt, woff: await encodeWoff(sfnt) };
  }

  /**
   * Gets the face of `font` ready for its first load in this process (`prepareLoading`): otherwise that load
   * reads the whole file (a 10 MB font: about 10 ms) and may have to make a wasm instance.
   */
  prepare(font: SubsetFontFile): Promise<void> {
    return prepareLoading(font.filePath, font.faceIndex ?? 0);
  }

  /** Faces in memory and their estimated bytes. */
  get memory(): { faces: number; bytes: number } {
    return { faces: this.faces.size, bytes: this.faces.bytes };
  }

  isLoaded(font: SubsetFontFile): boolean {
    return this.faces.peek(faceKey(font)) !== undefined;
  }

  /** Whether the loaded face of `font` is preprocessed and its estimated bytes; undefined when not loaded. */
  faceInfo(font: SubsetFontFile): { preprocessed: boolean; costBytes: number } | undefined {
    const face = this.faces.peek(faceKey(font));
    return face && { preprocessed: face.preprocessed, costBytes: face.costBytes };
  }

  /** Loads the face of `font` if needed and preprocesses it now (benchmarks compare preprocessed faces). */
  async preprocess(font: SubsetFontFile): Promise<void> {
    await this.faces.withFace(
      faceKey(font),
      () => openFace(font),
      (face) => face.preprocess(),
    );
  }

  close(): Promise<void> {
    return this.faces.clear();
  }
}

/** Names a face of a font file as it is now: its path, its index in a collection, and its version. */
export function faceKey(font: SubsetFontFile): string {
  return `${font.filePath}#${font.faceIndex ?? 0}@${font.version}`;
}

function openFace(font: SubsetFontFile): Promise<SubsetFace> {
  return SubsetFace.open(font.filePath, font.faceIndex ?? 0);
}
