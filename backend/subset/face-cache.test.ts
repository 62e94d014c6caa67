import { afterEach, describe, expect, it, vi } from "vitest";
import { ACTIVE_FACE_MS, FaceCache } from "./face-cache.js";
import type { SubsetFace } from "./subset-face.js";

/** A face read lazily: counted at what it read until preprocessed, then at its preprocessed estimate. */
function lazyFace(readBytes: number, preprocessedBytes: number) {
  const face = {
    preprocessed: false,
    destroyed: false,
    get costBytes() {
      return face.preprocessed ? preprocessedBytes : readBytes;
    },
    costBytesPreprocessed: preprocessedBytes,
    preprocess() {
      face.preprocessed = true;
    },
    destroy() {
      face.destroyed = true;
    },
  };
  return face;
}

describe("FaceCache preprocessing", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never evicts a face used in the last minute to make room for preprocessing another", async () => {
    vi.useFakeTimers();
    let now = 1_000_000;
    const cache = new FaceCache(100, () => now);
    const faces = { a: lazyFace(30, 60), b: lazyFace(30, 60), c: lazyFace(30, 60) };
    const use = (key: keyof typeof faces) =>
      cache.withFace(
        key,
        async () => faces[key] as unknown as SubsetFace,
        () => undefined,
      );
    // A page's three previews, asked again and again.
    for (let visit = 0; visit < 3; visit++) for (const key of ["a", "b", "c"] as const) await use(key);

    cache.preprocessSoon("a", 10);
    await vi.advanceTimersByTimeAsync(10);
    await use("a");
    expect(faces.a.preprocessed).toBe(false);
    expect([faces.b.destroyed, faces.c.destroyed]).toEqual([false, false]);
    expect(cache.size).toBe(3);

    // A minute later only `a` is still asked for: the idle faces make room for it.
    now += ACTIVE_FACE_MS + 1;
    await use("a");
    cache.preprocessSoon("a", 10);
    await vi.advanceTimersByTimeAsync(10);
    await use("a");
    expect(faces.a.preprocessed).toBe(true);
    expect(faces.b.destroyed).toBe(true);
    expect(faces.c.destroyed).toBe(false);
    expect(cache.bytes).toBe(90);
  });

  it("preprocesses at once when the preprocessed face fits in the budget", async () => {
    vi.useFakeTimers();
    const cache = new FaceCache(200);
    const face = lazyFace(30, 60);
    await cache.withFace(
      "a",
      async () => face as unknown as SubsetFace,
      () => undefined,
    );
    await cache.withFace(
      "b",
      async () => lazyFace(30, 60) as unknown as SubsetFace,
      () => undefined,
    );
    cache.preprocessSoon("a", 10);
    await vi.advanceTimersByTimeAsync(10);
    await cache.withFace(
      "a",
      async () => face as unknown as SubsetFace,
      () => undefined,
    );
    expect(face.preprocessed).toBe(true);
    expect(cache.bytes).toBe(90);
  });
});
