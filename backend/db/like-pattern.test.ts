import { describe, expect, it } from "vitest";
import { likeContaining } from "./like-pattern.js";

describe("likeContaining", () => {
  it("wraps text in wildcards and escapes the pattern characters in it", () => {
    expect(likeContaining("快乐")).toBe("%快乐%");
    expect(likeContaining("100%_off\\")).toBe("%100\\%\\_off\\\\%");
  });
});
