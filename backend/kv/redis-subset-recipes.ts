import type { Redis } from "ioredis";
import type { SubsetRecipe, SubsetRecipes } from "../subset/subset-recipes.js";

/** How long a recipe stays findable after it was last shared: longer than any page or browser keeps a subset's address. */
export const SUBSET_RECIPE_TTL_S = 30 * 24 * 60 * 60;
/** Recipes this process remembers having shared, so that a subset served again costs no round trip. */
const REMEMBERED_SHARES = 10_000;

const keyOf = (hash: string) => `subset-recipe:${hash}`;

/**
 * Subset recipes in Redis (REDIS_URL), one key each, expiring SUBSET_RECIPE_TTL_S after they were
 * last shared. A recipe is shared again once half of that has passed since this process shared it.
 */
export class RedisSubsetRecipes implements SubsetRecipes {
  private readonly sharedAt = new Map<string, number>();

  constructor(private readonly redis: Redis) {}

  async share(hash: string, recipe: SubsetRecipe): Promise<void> {
    const last = this.sharedAt.get(hash);
    if (last !== undefined && Date.now() - last < (SUBSET_RECIPE_TTL_S * 1000) / 2) return;
    await this.redis.set(keyOf(hash), encodeRecipe(recipe), "EX", SUBSET_RECIPE_TTL_S);
    this.sharedAt.delete(hash);
    this.sharedAt.set(hash, Date.now());
    if (this.sharedAt.size > REMEMBERED_SHARES) this.sharedAt.delete(this.sharedAt.keys().next().value!);
  }

  async find(hash: string): Promise<SubsetRecipe | null> {
    return decodeRecipe(await this.redis.get(keyOf(hash)));
  }
}

/** Code points in base 36, the shortest plain text for them (a 500-character text is about 2 KB). */
export function encodeRecipe(recipe: SubsetRecipe): string {
  return JSON.stringify({
    g: recipe.gno,
    v: recipe.fontVersion,
    c: recipe.codepoints.map((codepoint) => codepoint.toString(36)).join("."),
  });
}

/** The recipe in `raw`, or null when it is absent or not one (a key written by something else). */
export function decodeRecipe(raw: string | null): SubsetRecipe | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { g?: unknown; v?: unknown; c?: unknown };
    if (typeof value.g !== "string" || typeof value.v !== "string" || typeof value.c !== "string") return null;
    const codepoints = value.c === "" ? [] : value.c.split(".").map((part) => parseInt(part, 36));
    if (codepoints.some((codepoint) => !Number.isInteger(codepoint) || codepoint < 0 || codepoint > 0x10ffff)) {
      return null;
    }
    return { gno: value.g, fontVersion: value.v, codepoints };
  } catch {
    return null;
  }
}
