import { Fragment, type ReactNode } from "react";

export type TextPart = { text: string; match: boolean };

/** Search terms: the keyword split at spaces and punctuation, each at most this long. */
const TERM_MAX = 50;
const SEPARATORS = /[\s\p{P}\p{S}]+/u;

/**
 * Splits `text` into the parts that match `keyword` and the rest. The search splits Chinese into
 * words the page does not know, so each term is matched by its longest pieces found in the text
 * (楷书字体 marks 楷书 and 字体 apart); pieces are at least two characters unless the term is one.
 * Letters match regardless of case.
 */
export function highlightParts(text: string, keyword: string): TextPart[] {
  const terms = keyword
    .split(SEPARATORS)
    .map((term) => [...term].slice(0, TERM_MAX).join(""))
    .filter(Boolean);
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];

  const chars = [...text];
  const lower = chars.map((char) => char.toLowerCase());
  const marked: boolean[] = new Array(chars.length).fill(false);

  for (const term of terms) {
    const termChars = [...term.toLowerCase()];
    const shortest = Math.min(2, termChars.length);
    for (let length = termChars.length; length >= shortest; length--) {
      for (let start = 0; start + length <= termChars.length; start++) {
        markOccurrences(lower, marked, termChars.slice(start, start + length));
      }
    }
  }

  const parts: TextPart[] = [];
  for (let index = 0; index < chars.length; index++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[index]) last.text += chars[index];
    else parts.push({ text: chars[index]!, match: marked[index]! });
  }
  return parts;
}

/** Marks each place `piece` occurs where none of it is marked yet (longer pieces go first). */
function markOccurrences(chars: string[], marked: boolean[], piece: string[]) {
  for (let at = 0; at + piece.length <= chars.length; at++) {
    let same = true;
    for (let k = 0; k < piece.length; k++) {
      if (marked[at + k] || chars[at + k] !== piece[k]) {
        same = false;
        break;
      }
    }
    if (!same) continue;
    for (let k = 0; k < piece.length; k++) marked[at + k] = true;
    at += piece.length - 1;
  }
}

/** `text` with the words of `keyword` in `<mark>`. */
export function Highlighted({ text, keyword }: { text: string; keyword: string }): ReactNode {
  return highlightParts(text, keyword).map((part, index) =>
    part.match ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>,
  );
}
