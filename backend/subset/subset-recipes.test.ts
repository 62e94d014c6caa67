import { describe, expect, it } from "vitest";
import { LocalSubsetRecipes } from "./subset-recipes.js";

describe("LocalSubsetRecipes", () => {
  const recipe = (gno: string, count: number) => ({
    gno,
    fontVersion: "1.0|1000|abc",
    codepoints: Array.from({ length: count }, (_, index) => 0x4e00 + index),
  });

  it("finds each recipe shared, and nothing for a hash never shared", async () => {
    const recipes = new LocalSubsetRecipes();
    await recipes.share("a".repeat(32), recipe("10001", 6));
    expect(await recipes.find("a".repeat(32))).toEqual(recipe("10001", 6));
    expect(await recipes.find("b".repeat(32))).toBeNull();
  });

  it("forgets the oldest past its bound, a recipe shared again counting as new", async () => {
    const recipes = new LocalSubsetRecipes(3 * (40 + 5 + 12 + 8 * 10));
    for (const gno of ["10001", "10002", "10003"]) await recipes.share(gno.repeat(6).slice(0, 32), recipe(gno, 10));
    await recipes.share("10001".repeat(6).slice(0, 32), recipe("10001", 10));
    await recipes.share("10004".repeat(6).slice(0, 32), recipe("10004", 10));
    expect(await recipes.find("10002".repeat(6).slice(0, 32))).toBeNull();
    for (const gno of ["10001", "10003", "10004"]) {
      expect((await recipes.find(gno.repeat(6).slice(0, 32)))?.gno).toBe(gno);
    }
  });
});
