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
});
