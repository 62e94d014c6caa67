/**
 * A CSS family name must not start with a digit (an unquoted identifier cannot), so one that would gets a
 * leading "A" ("10001-…" → "A10001-…").
 */
export function withLeadingLetter(familyName: string): string {
  return /^[0-9]/.test(familyName) ? `A${familyName}` : familyName;
}

/** CSS family for one subset: gno plus the start of the subset's cache hash, e.g. "A10001-3f9a1c2b". */
export function subsetFamilyName(gno: string, subsetHash: string): string {
  return withLeadingLetter(`${gno}-${subsetHash.slice(0, 8)}`);
}
