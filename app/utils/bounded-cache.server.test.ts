import { describe, expect, it, vi } from "vitest";
import { BoundedCache } from "./bounded-cache.server";

describe("BoundedCache", () => {
  it("loads a key once, shares a load in progress, and drops the least recently used past its bound", async () => {
    const cache = new BoundedCache<string>({ maxEntries: 2 });
    const load = vi.fn(async (key: string) => `value of ${key}`);
    const [a1, a2] = await Promise.all([cache.get("a", () => load("a")), cache.get("a", () => load("a"))]);
    expect([a1, a2]).toEqual(["value of a", "value of a"]);
    expect(load).toHaveBeenCalledTimes(1);

    await cache.get("b", () => load("b"));
    await cache.get("a", () => load("a")); // a is now the most recently used
    await cache.get("c", () => load("c")); // b goes
    expect(cache.size).toBe(2);
    await cache.get("a", () => load("a"));
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get("b", () => load("b"));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("does not keep a failed load", async () => {
    const cache = new BoundedCache<number>({ maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cache.get("k", async () => 7)).resolves.toBe(7);
  });

  it("loads again once an entry is older than its time to live", async () => {
    vi.useFakeTimers();
    try {
      const cache = new BoundedCache<number>({ maxEntries: 10, ttlMs: 1_000 });
      let loads = 0;
      const load = async () => ++loads;
      expect(await cache.get("k", load)).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await cache.get("k", load)).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get("k", load)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers a stale value while one reload runs, then the reloaded one; past its stale time the caller waits", async () => {
    vi.useFakeTimers();
    try {
      const cache = new BoundedCache<number>({ maxEntries: 10, lifetime: () => ({ freshMs: 1_000, staleMs: 5_000 }) });
      let loads = 0;
      let release: (() => void) | undefined;
      const slowLoad = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
      const first = cache.get("k", slowLoad);
      release!();
      expect(await first).toBe(1);

      vi.advanceTimersByTime(1_500);
      expect(await cache.get("k", slowLoad)).toBe(1); // stale, a reload starts
      expect(await cache.get("k", slowLoad)).toBe(1); // still stale, no second reload
      release!();
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get("k", slowLoad)).toBe(2);
      expect(loads).toBe(2);

      vi.advanceTimersByTime(7_000);
      const waited = cache.get("k", slowLoad);
      release!();
      expect(await waited).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the stale value when its reload fails, and does not keep a value whose lifetime is nil", async () => {
    vi.useFakeTimers();
    try {
      const cache = new BoundedCache<number>({
        maxEntries: 10,
        lifetime: (value) => (value < 0 ? { freshMs: 0, staleMs: 0 } : { freshMs: 1_000, staleMs: 5_000 }),
      });
      expect(await cache.get("k", async () => 1)).toBe(1);
      vi.advanceTimersByTime(1_500);
      expect(await cache.get("k", () => Promise.reject(new Error("down")))).toBe(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get("k", async () => 2)).toBe(1); // the failed reload left the stale value; this one reloads
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get("k", async () => 3)).toBe(2);

      expect(await cache.get("uncacheable", async () => -1)).toBe(-1);
      await vi.advanceTimersByTimeAsync(0);
      expect(await cache.get("uncacheable", async () => -2)).toBe(-2);
    } finally {
      vi.useRealTimers();
    }
  });
});
