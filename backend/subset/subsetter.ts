import { readFile } from "node:fs/promises";
import type { FontSourceFile } from "./font-source.js";
import { FaceCache } from "./face-cache.js";
import { compileHarfBuzzSubset } from "./harfbuzz-wasm.js";
import { SubsetFace, UnusableFontError } from "./subset-face.js";
import { normalizeCodepoints } from "./subset-key.js";
import { encodeWoff } from "./woff.js";
import { encodeWoff2 } from "./woff2.js";

/** "ttf" is the plain sfnt HarfBuzz writes (TrueType outlines, or CFF for CFF sources). */
export type SubsetFormat = "ttf" | "woff" | "woff2";

/** A font file to subset; `faceIndex` picks a face in a collection (.ttc), default 0. */
export type SubsetFontFile = Pick<FontSourceFile, "filePath" | "version"> & { faceIndex?: number };

/** HarfBuzz subsetting in this process, with preprocessed faces kept under a memory budget. */
export class Subsetter {
  private constructor(private readonly faces: FaceCache) {}

  static async create(options: { memoryBudgetBytes: number }): Promise<Subsetter> {
    await compileHarfBuzzSubset(); // fail at start-up, not on the first request, if the wasm is missing
    return new Subsetter(new FaceCache(options.memoryBudgetBytes));
  }

  /** The subset of `font` for the code points of `text` (a string, or code points), in `format`. */
  async subset(font: SubsetFontFile, text: string | readonly number[], format: SubsetFormat): Promise<Uint8Array> {
    const codepoints = typeof text === "string" ? normalizeCodepoints(text) : text;
    const sfnt = await this.faces.withFace(
      faceKey(font),
      () => this.loadFace(font),
      (face) => face.subset(codepoints),
    );
    if (format === "woff") return encodeWoff(sfnt);
    if (format === "woff2") return encodeWoff2(sfnt);
    return sfnt;
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

  close(): Promise<void> {
    return this.faces.clear();
  }

  private async loadFace(font: SubsetFontFile): Promise<SubsetFace> {
    const bytes = await readFile(font.filePath).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new UnusableFontError("字体文件不存在");
      throw error;
    });
    return SubsetFace.load(bytes, font.faceIndex ?? 0);
  }
}

function faceKey(font: SubsetFontFile): string {
  return `${font.filePath}#${font.faceIndex ?? 0}@${font.version}`;
}
