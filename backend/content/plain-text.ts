/**
 * The readable text of a Markdown body, for search snippets and the search index: headings,
 * emphasis, link targets, images, code fences, quotes, list markers and table rules removed.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n([\s\S]*?)```/g, "$1")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
    .replace(/^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, "")
    .replace(/\|/g, " ")
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/[ \t]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

const SNIPPET_LENGTH = 90;
const SNIPPET_LEAD = 24;

/**
 * About SNIPPET_LENGTH characters of `text` on one line, starting a little before the first of
 * `terms` found in it (case-insensitively), or at the beginning; `…` marks what was cut.
 */
export function snippetAround(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const lower = flat.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((position) => position >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  const characters = Array.from(flat);
  // Positions above are in UTF-16 units; count the characters before the match instead.
  const firstCharacter = Array.from(flat.slice(0, first)).length;
  const start = Math.max(0, Math.min(firstCharacter - SNIPPET_LEAD, characters.length - SNIPPET_LENGTH));
  const end = Math.min(characters.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? "…" : ""}${characters.slice(start, end).join("")}${end < characters.length ? "…" : ""}`;
}
