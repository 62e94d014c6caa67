/** One weight of a family the CSS API serves. */
export type WebFontWeight = { gno: string; weight: number; isDefault: boolean };

/** What the CSS API (`/css2`) needs from the catalogue; the catalogue backend provides it. */
export type WebFontCatalogue = {
  /** The family whose Chinese or English name is `name` (letter case and spaces aside), with its weights; null if none. */
  family(name: string): Promise<{ weights: WebFontWeight[] } | null>;
  /** The sorted code points font `gno` maps, or null for an unknown font. */
  codepoints(gno: string): Promise<number[] | null>;
};
