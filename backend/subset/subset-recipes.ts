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
