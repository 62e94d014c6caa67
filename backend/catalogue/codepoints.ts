/** The distinct code points of `text` a font must have, whitespace excluded. */
export function requiredCodepoints(text: string): number[] {
  const codepoints = new Set<number>();
  for (const character of text) if (!/\s/u.test(character)) codepoints.add(character.codePointAt(0)!);
  return [...codepoints].sort((a, b) => a - b);
}
