import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * The C functions exported by harfbuzzjs's standalone `harfbuzz-subset.wasm` that this service calls.
 * Pointers are offsets into `memory`. Signatures follow hb-blob.h, hb-face.h, hb-set.h and hb-subset.h.
 */
export type HarfBuzzSubsetExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, lengthOut: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_get_empty(): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codepoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_preprocess(face: number): number;
  hb_subset_or_fail(face: number, input: number): number;
};

/** hb_memory_mode_t: HarfBuzz reads the bytes in place and never writes or frees them. */
export const HB_MEMORY_MODE_READONLY = 1;
/** hb_subset_flags_t: drop TrueType instructions and CFF hints (smaller files; browsers hint themselves). */
export const HB_SUBSET_FLAGS_NO_HINTING = 0x1;

const requireFromHere = createRequire(import.meta.url);
let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiles harfbuzz-subset.wasm once per process. */
export function compileHarfBuzzSubset(): Promise<WebAssembly.Module> {
  compiled ??= readFile(requireFromHere.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm")).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiled;
}

/**
 * A fresh instance with its own linear memory. The module's memory has a fixed size (about 65 MB,
 * it cannot grow), so each loaded face gets an instance of its own; dropping the instance returns
 * all of its memory at once.
 */
export function instantiateHarfBuzzSubset(module: WebAssembly.Module): HarfBuzzSubsetExports {
  const instance = new WebAssembly.Instance(module, {});
  const exports = instance.exports as unknown as HarfBuzzSubsetExports;
  exports._initialize();
  return exports;
}
