/** What any instance needs to make a subset again from its hash alone. */
export type SubsetRecipe = { gno: string; fontVersion: string; codepoints: number[] };

/**
 * Where the instances of one site leave the recipe of each subset they hand out. A subset file's
 * name is only the hash of its recipe, and a request for it may reach another instance than the one
 * that made it (round-robin, no sticky sessions): that instance finds the recipe here and makes the
 * same file. Without it (one instance) nothing is shared.
 */
export interface SubsetRecipes {
  /** Keeps `recipe` findable by `hash`; settles once another instance can find it. */
  share(hash: string, recipe: SubsetRecipe): Promise<void>;
  /** The recipe shared for `hash`, or null when there is none (never shared, or expired). */
  find(hash: string): Promise<SubsetRecipe | null>;
}

/** Bound on the recipes one instance remembers on its own (about 40 bytes and 8 a code point each). */
const LOCAL_RECIPES_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The recipes of the subsets this instance handed out, when it shares them with no other: a subset
 * it dropped from memory before anyone asked for it again (SubsetCache's `handedOutBytes`), or
 * evicted from its disk, is made again from its recipe when its file is asked for. The oldest are
 * forgotten first past `maxBytes`.
 */
export class LocalSubsetRecipes implements SubsetRecipes {
  private readonly recipes = new Map<string, SubsetRecipe>();
  private bytes = 0;

  constructor(private readonly maxBytes = LOCAL_RECIPES_MAX_BYTES) {}

  share(hash: string, recipe: SubsetRecipe): Promise<void> {
    this.forget(hash);
    this.recipes.set(hash, recipe);
    this.bytes += costOf(recipe);
    for (const oldest of this.recipes.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
    return Promise.resolve();
  }

  find(hash: string): Promise<SubsetRecipe | null> {
    return Promise.resolve(this.recipes.get(hash) ?? null);
  }

  private forget(hash: string): void {
    const recipe = this.recipes.get(hash);
    if (!recipe) return;
    this.recipes.delete(hash);
    this.bytes -= costOf(recipe);
  }
}

function costOf(recipe: SubsetRecipe): number {
  return 40 + recipe.gno.length + recipe.fontVersion.length + 8 * recipe.codepoints.length;
}
