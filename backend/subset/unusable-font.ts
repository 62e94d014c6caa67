/**
 * A font file that cannot be loaded or subset: not a font, truncated, damaged, or too large for the
 * subsetter. The file is at fault, not the request, and other fonts are unaffected.
 */
export class UnusableFontError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnusableFontError";
  }
}
