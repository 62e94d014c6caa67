import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";

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
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_preprocess(face: number): number;
  hb_subset_or_fail(face: number, input: number): number;
};

/** hb_memory_mode_t: HarfBuzz reads the bytes in place and never writes or frees them. */
export const HB_MEMORY_MODE_READONLY = 1;
/** hb_subset_flags_t: drop TrueType instructions and CFF hints (smaller files; browsers hint themselves). */
export const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
/** hb_subset_sets_t: the set of table tags to drop from the subset. */
export const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;

const WASM_PAGE_BYTES = 64 * 1024;
const MIB = 1024 * 1024;
/** wasm32 limit. */
const MAX_MEMORY_PAGES = 65536;
const MEMORY_SECTION_ID = 5;

const requireFromHere = createRequire(import.meta.url);
let wasmBytes: Promise<Uint8Array<ArrayBuffer>> | undefined;
const modulesByPages = new Map<number, Promise<WebAssembly.Module>>();

/**
 * The module compiled with a linear memory of at least `heapBytes`, rounded up to a power-of-two
 * number of MiB and never below the size it ships with (65 MiB). Compiled once per size.
 *
 * The shipped module is built without memory growth, so malloc can never use more than the memory
 * the module declares; its sbrk takes the current memory size as the heap's end. A face whose
 * preprocessing needs more gets a module whose memory section declares more.
 */
export async function compileHarfBuzzSubset(heapBytes = 0): Promise<WebAssembly.Module> {
  const shipped = await loadWasmBytes();
  const pages = memoryPagesFor(heapBytes, readMemoryPages(shipped));
  let compiled = modulesByPages.get(pages);
  if (!compiled) {
    const bytes = pages === readMemoryPages(shipped) ? shipped : withMemoryPages(shipped, pages);
    compiled = Promise.resolve(bytes).then(compileOptimized);
    modulesByPages.set(pages, compiled);
  }
  return compiled;
}

/**
 * `wasm` compiled with each function optimized as soon as it is first called. V8 otherwise runs a
 * function's baseline code until enough calls have made it hot, and HarfBuzz's per-face work (reading and
 * checking a new face's tables) runs once per face: measured, the first subset of a lazily read Noto Sans
 * SC took 0.74–0.86 ms with V8's default and 0.58–0.64 ms with this, later ones 0.47 and 0.35 ms. V8 reads
 * the flag when it creates a module, so it is set for this synchronous compile only (validating the module
 * takes a few milliseconds; functions are compiled as they are first called) and no other wasm module,
 * such as the database's, is compiled with it.
 */
function compileOptimized(wasm: Uint8Array<ArrayBuffer>): WebAssembly.Module {
  setFlagsFromString("--no-wasm-dynamic-tiering");
  try {
    return new WebAssembly.Module(wasm);
  } finally {
    setFlagsFromString("--wasm-dynamic-tiering");
  }
}

/**
 * Spare instances made ahead of the face loads that will take them, per module: one with its heap paged
 * in for a load that reads a whole font, one left untouched for a load that reads parts of it (the
 * pages it does not write then never become resident).
 */
const spareInstances = new Map<WebAssembly.Module, Map<boolean, HarfBuzzSubsetExports>>();
const spareTimers = new Map<WebAssembly.Module, Map<boolean, NodeJS.Timeout>>();
/** Time for the answer of the load that took a spare to go out before its replacement is made. */
const SPARE_DELAY_MS = 100;
/** Most heap a spare touches ahead: resident memory each spare holds while it waits. */
let spareTouchedMaxBytes = 16 * 1024 * 1024;
const PAGE_BYTES = 4096;

/**
 * A fresh instance of `module` for a face that will malloc `heldBytes` first and fill all of it (a whole
 * font file), or that will write only parts of what it mallocs (`heldBytes` 0), made ahead when one is
 * waiting: instantiating allocates the whole linear memory, which takes milliseconds and prompts a
 * garbage collection for that much external memory, and the first write to each of its pages is a page
 * fault (4 ms for a 10 MB font). Each call leaves a new spare of its kind to be made shortly after, with
 * the first min(heldBytes, 16 MB) of its heap touched (none after `leaveSpareInstancesUntouched`).
 */
export function takeHarfBuzzSubsetInstance(module: WebAssembly.Module, heldBytes: number): HarfBuzzSubsetExports {
  const touched = heldBytes > 0;
  const recycled = touched ? undefined : recycledInstances.get(module);
  if (recycled) {
    recycledInstances.delete(module);
    return recycled;
  }
  const spares = mapOf(spareInstances, module);
  const spare = spares.get(touched);
  spares.delete(touched);
  const timers = mapOf(spareTimers, module);
  if (!timers.has(touched)) {
    const timer = setTimeout(() => {
      timers.delete(touched);
      if (!spares.has(touched)) spares.set(touched, touchedAhead(instantiateHarfBuzzSubset(module), heldBytes));
    }, SPARE_DELAY_MS);
    timer.unref();
    timers.set(touched, timer);
  }
  return spare ?? instantiateHarfBuzzSubset(module);
}

function mapOf<V>(maps: Map<WebAssembly.Module, Map<boolean, V>>, module: WebAssembly.Module): Map<boolean, V> {
  let map = maps.get(module);
  if (!map) {
    map = new Map();
    maps.set(module, map);
  }
  return map;
}

/**
 * Spares made from now on in this thread keep their heap untouched: for a thread that only makes
 * subsets, where a page fault delays no other request (`SubsetterPool`).
 */
export function leaveSpareInstancesUntouched(): void {
  spareTouchedMaxBytes = 0;
}

/** `hb` with the heap a first malloc of `bytes` gets already paged in (freed again: the next malloc reuses it). */
function touchedAhead(hb: HarfBuzzSubsetExports, bytes: number): HarfBuzzSubsetExports {
  const length = Math.min(bytes, spareTouchedMaxBytes);
  const pointer = length > 0 ? hb.malloc(length) : 0;
  if (!pointer) return hb;
  const heap = new Uint8Array(hb.memory.buffer, pointer, length);
  for (let offset = 0; offset < length; offset += PAGE_BYTES) heap[offset] = 0;
  hb.free(pointer);
  return hb;
}

/**
 * Instances given back by a face that wrote little of its heap, one per module, for the next load that
 * writes parts of its heap: their pages are resident already, so that load and its first subset take no
 * page faults (a lazily read Noto Sans SC: 0.5 ms less), and no new instance is made for it.
 */
const recycledInstances = new Map<WebAssembly.Module, HarfBuzzSubsetExports>();
/** Faces an instance has served: bounded, so that whatever faces might leave allocated in its heap cannot build up. */
const instanceUses = new WeakMap<HarfBuzzSubsetExports, number>();
const MAX_INSTANCE_USES = 64;
const moduleOf = new WeakMap<HarfBuzzSubsetExports, WebAssembly.Module>();

/**
 * Gives `hb` back after its face was destroyed and everything it malloc'ed freed, when the face wrote
 * little of the heap (a lazily read face not preprocessed): it serves the next load of its module that
 * writes parts of its heap. Otherwise, or when one is already waiting, it is dropped with its memory.
 */
export function recycleHarfBuzzSubsetInstance(hb: HarfBuzzSubsetExports): void {
  const module = moduleOf.get(hb);
  const uses = (instanceUses.get(hb) ?? 0) + 1;
  if (!module || uses >= MAX_INSTANCE_USES || recycledInstances.has(module)) return;
  instanceUses.set(hb, uses);
  recycledInstances.set(module, hb);
}

/** Makes sure an instance of `module` waits for the next load that writes parts of its heap: a new one if none does. */
export function readyHarfBuzzSubsetInstance(module: WebAssembly.Module): void {
  if (!recycledInstances.has(module)) recycledInstances.set(module, instantiateHarfBuzzSubset(module));
}

const instancesMade = new WeakMap<WebAssembly.Module, number>();
let allInstancesMade = 0;

/**
 * Instances of `module` (or of any module) made so far, spares included: shows whether a load took a
 * spare or a recycled instance, or had to make its own.
 */
export function harfbuzzSubsetInstancesMade(module?: WebAssembly.Module): number {
  return module ? (instancesMade.get(module) ?? 0) : allInstancesMade;
}

/** A fresh instance with its own linear memory; dropping it returns all of that memory at once. */
export function instantiateHarfBuzzSubset(module: WebAssembly.Module): HarfBuzzSubsetExports {
  instancesMade.set(module, harfbuzzSubsetInstancesMade(module) + 1);
  allInstancesMade++;
  const instance = new WebAssembly.Instance(module, {});
  const exports = instance.exports as unknown as HarfBuzzSubsetExports;
  exports._initialize();
  moduleOf.set(exports, module);
  return exports;
}

function loadWasmBytes(): Promise<Uint8Array<ArrayBuffer>> {
  wasmBytes ??= readFile(requireFromHere.resolve("harfbuzzjs/dist/harfbuzz-subset.wasm")).then(
    (bytes) => new Uint8Array(bytes),
  );
  return wasmBytes;
}

export function memoryPagesFor(heapBytes: number, minimumPages: number): number {
  let mib = 1;
  while (mib * MIB < heapBytes) mib *= 2;
  return Math.min(MAX_MEMORY_PAGES, Math.max(minimumPages, (mib * MIB) / WASM_PAGE_BYTES));
}

/** Initial page count of the module's own (not imported) memory. */
export function readMemoryPages(wasm: Uint8Array): number {
  const section = findSection(wasm, MEMORY_SECTION_ID);
  const [, afterCount] = readLeb128(wasm, section.payloadStart);
  const [initial] = readLeb128(wasm, afterCount + 1);
  return initial;
}

/** A copy of `wasm` whose single memory has `pages` as both initial and maximum size. */
export function withMemoryPages(wasm: Uint8Array, pages: number): Uint8Array<ArrayBuffer> {
  const section = findSection(wasm, MEMORY_SECTION_ID);
  const [count, afterCount] = readLeb128(wasm, section.payloadStart);
  const flags = wasm[afterCount] ?? 0;
  if (count !== 1 || (flags & ~1) !== 0) throw new Error("harfbuzz-subset.wasm: 不支持的内存段格式");
  const payload = [1, 1, ...encodeLeb128(pages), ...encodeLeb128(pages)];
  const header = [MEMORY_SECTION_ID, ...encodeLeb128(payload.length)];
  const patched = new Uint8Array(section.start + header.length + payload.length + (wasm.byteLength - section.end));
  patched.set(wasm.subarray(0, section.start));
  patched.set(header, section.start);
  patched.set(payload, section.start + header.length);
  patched.set(wasm.subarray(section.end), section.start + header.length + payload.length);
  return patched;
}

function findSection(wasm: Uint8Array, id: number): { start: number; payloadStart: number; end: number } {
  let position = 8; // magic and version
  while (position < wasm.byteLength) {
    const [size, payloadStart] = readLeb128(wasm, position + 1);
    if (wasm[position] === id) return { start: position, payloadStart, end: payloadStart + size };
    position = payloadStart + size;
  }
  throw new Error(`harfbuzz-subset.wasm: 缺少段 ${id}`);
}

function readLeb128(bytes: Uint8Array, start: number): [value: number, next: number] {
  let value = 0;
  let shift = 0;
  let position = start;
  let byte: number;
  do {
    byte = bytes[position++] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, position];
}

function encodeLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return bytes;
}
