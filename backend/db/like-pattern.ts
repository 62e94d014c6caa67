/** A LIKE/ILIKE pattern for values containing `text`; `%`, `_` and backslashes in it match literally. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
