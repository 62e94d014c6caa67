import { describe, expect, it } from "vitest";
import { ByteBoundedCache } from "./byte-bounded-cache.js";

describe("ByteBoundedCache", () => {
  it("keeps at most its bytes, the least recently used going first, and skips what alone is too large", () => {
    const cache = new ByteBoundedCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C", 4);
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([true, false, true]);
    cache.set("huge", "H", 11);
    expect(cache.has("huge")).toBe(false);
    expect(cache.bytes).toBe(8);
  });

  it("forgets a deleted entry and its bytes", () => {
    const cache = new ByteBoundedCache<string>(10);
    cache.set("a", "A", 4);
    cache.delete("a");
    cache.delete("never");
    expect([cache.get("a"), cache.bytes]).toEqual([undefined, 0]);
  });
});
