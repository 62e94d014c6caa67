import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-depth.js";

describe("nestsDeeperThan", () => {
  it("measures arrays and objects, not scalars", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ list: [{ gno: "1", text: "a" }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ list: [{ gno: "1", text: "a", extra: [] }] }, 3)).toBe(true);
  });

  it("copes with nesting far deeper than the call stack", () => {
    const depth = 200_000;
    expect(nestsDeeperThan(JSON.parse("[".repeat(depth) + "]".repeat(depth)), 8)).toBe(true);
  });
});
