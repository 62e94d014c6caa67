import { describe, expect, it } from "vitest";
import { ByteBoundedCache } from "./byte-bounded-cache.js";

describe("ByteBoundedCache", () => {
  it("keeps at most its bytes, the least recently used going first, and skips what alone is too large", () => {
    const cache = new ByteBoundedCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C", 4);
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual(["A", undefined, "C"]);
    cache.set("huge", "H", 11);
    expect(cache.peek("huge")).toBeUndefined();
    expect(cache.bytes).toBe(8);
  });

  it("peeks at an entry without counting it as used", () => {
    const cache = new ByteBoundedCache<string>(8);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.peek("a")).toBe("A");
    cache.set("c", "C", 4); // a is still the least recently used
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual([undefined, "B", "C"]);
  });

  it("forgets a deleted entry and its bytes", () => {
    const cache = new ByteBoundedCache<string>(10);
    cache.set("a", "A", 4);
    cache.delete("a");
    cache.delete("never");
    expect([cache.get("a"), cache.bytes]).toEqual([undefined, 0]);
  });
});
