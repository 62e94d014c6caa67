import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import {
  compileHarfBuzzSubset,
  harfbuzzSubsetInstancesMade,
  instantiateHarfBuzzSubset,
  memoryPagesFor,
  readyHarfBuzzSubsetInstance,
  recycleHarfBuzzSubsetInstance,
  readMemoryPages,
  takeHarfBuzzSubsetInstance,
  withMemoryPages,
} from "./harfbuzz-wasm.js";

const shipped = readFileSync(createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm"));
const PAGE = 64 * 1024;
const MIB = 1024 * 1024;

describe("harfbuzz-subset.wasm memory sizing", () => {
  it("reads the shipped memory size (65 MiB, no growth)", () => {
    expect(readMemoryPages(shipped)).toBe(1040);
  });

  it("rounds a heap request up to a power-of-two MiB, never below the shipped size", () => {
    expect(memoryPagesFor(0, 1040)).toBe(1040);
    expect(memoryPagesFor(40 * MIB, 1040)).toBe(1040);
    expect(memoryPagesFor(70 * MIB, 1040)).toBe((128 * MIB) / PAGE);
    expect(memoryPagesFor(130 * MIB, 1040)).toBe((256 * MIB) / PAGE);
    expect(memoryPagesFor(10 * 1024 * MIB, 1040)).toBe(65536);
  });

  it("declares a bigger memory that malloc can actually use", async () => {
    const patched = withMemoryPages(shipped, (128 * MIB) / PAGE);
    expect(readMemoryPages(patched)).toBe(2048);
    const hb = instantiateHarfBuzzSubset(await WebAssembly.compile(patched));
    expect(hb.memory.buffer.byteLength).toBe(128 * MIB);
    const pointer = hb.malloc(100 * MIB); // more than the whole shipped memory
    expect(pointer).toBeGreaterThan(0);
    hb.free(pointer);
  });

  it("compiles each size once", async () => {
    expect(await compileHarfBuzzSubset(200 * MIB)).toBe(await compileHarfBuzzSubset(150 * MIB));
    expect(await compileHarfBuzzSubset()).not.toBe(await compileHarfBuzzSubset(150 * MIB));
  });
});

describe("harfbuzz-subset.wasm instances for faces", () => {
  it("hands out a spare made ahead, then a separate, working instance each time", async () => {
    const module = await compileHarfBuzzSubset(100 * MIB); // no instance of this size taken before
    const made = () => harfbuzzSubsetInstancesMade(module);
    const first = takeHarfBuzzSubsetInstance(module, 10 * MIB);
    expect(made()).toBe(1); // no spare yet: made for this load
    await vi.waitFor(() => expect(made()).toBe(2)); // the spare, made meanwhile
    const second = takeHarfBuzzSubsetInstance(module, 10 * MIB);
    expect(made()).toBe(2); // the load took it instead of making one
    expect(second.memory).not.toBe(first.memory);
    for (const hb of [first, second]) {
      expect(hb.memory.buffer.byteLength).toBe(128 * MIB);
      const pointer = hb.malloc(10 * MIB);
      expect(pointer).toBeGreaterThan(0);
      new Uint8Array(hb.memory.buffer, pointer, 10 * MIB).fill(7);
      hb.free(pointer);
    }
  });

  it("keeps a spare for loads that read a whole font apart from one for loads that read parts", async () => {
    const module = await compileHarfBuzzSubset(300 * MIB); // no instance of this size taken before
    const made = () => harfbuzzSubsetInstancesMade(module);
    takeHarfBuzzSubsetInstance(module, 0);
    await vi.waitFor(() => expect(made()).toBe(2)); // the untouched spare
    takeHarfBuzzSubsetInstance(module, 10 * MIB);
    expect(made()).toBe(3); // not the untouched spare: one made for it
    takeHarfBuzzSubsetInstance(module, 0);
    expect(made()).toBe(3); // the untouched spare
    await vi.waitFor(() => expect(made()).toBe(5)); // one of each kind again
  });

  it("gives an instance back by a face that wrote little to the next load that writes parts of its heap, and to it only", async () => {
    const module = await compileHarfBuzzSubset(1500 * MIB); // 2 GiB: no instance of this size taken before
    const made = () => harfbuzzSubsetInstancesMade(module);
    const used = takeHarfBuzzSubsetInstance(module, 0);
    const other = takeHarfBuzzSubsetInstance(module, 0);
    recycleHarfBuzzSubsetInstance(used);
    recycleHarfBuzzSubsetInstance(other); // one waits at a time: this one is dropped
    const before = made();
    expect(takeHarfBuzzSubsetInstance(module, 10 * MIB)).not.toBe(used); // a whole read wants its heap paged in
    expect(made()).toBe(before + 1);
    expect(takeHarfBuzzSubsetInstance(module, 0)).toBe(used);
    expect(made()).toBe(before + 1);
    expect(takeHarfBuzzSubsetInstance(module, 0)).not.toBe(used); // given out once
  });

  it("makes an instance ready for the next load that writes parts of its heap, unless one waits", async () => {
    const module = await compileHarfBuzzSubset(1000 * MIB); // 1 GiB: a size of its own
    const made = () => harfbuzzSubsetInstancesMade(module);
    readyHarfBuzzSubsetInstance(module);
    readyHarfBuzzSubsetInstance(module);
    expect(made()).toBe(1);
    const ready = takeHarfBuzzSubsetInstance(module, 0);
    expect(made()).toBe(1);
    expect(ready.malloc(1024)).toBeGreaterThan(0);
  });

  it("stops recycling an instance after a bounded number of faces", async () => {
    const module = await compileHarfBuzzSubset(3000 * MIB); // 4 GiB: a size of its own
    const hb = takeHarfBuzzSubsetInstance(module, 0);
    let faces = 1;
    for (; faces < 1000; faces++) {
      recycleHarfBuzzSubsetInstance(hb);
      if (takeHarfBuzzSubsetInstance(module, 0) !== hb) break;
    }
    expect(faces).toBeGreaterThan(10);
    expect(faces).toBeLessThan(1000);
  });
});
