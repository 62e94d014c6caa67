/**
 * Escapes a value for a double-quoted CSS string in a `<style>` element: quotes, backslashes and
 * control characters as CSS escapes, and `<`, `>` and `&` too, so `</style>` cannot appear.
 */
export function cssString(value: string): string {
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\" || ch === "<" || ch === ">" || ch === "&" || code < 0x20 || code === 0x7f) {
      out += `\\${code.toString(16)} `;
    } else {
      out += ch;
    }
  }
  return `"${out}"`;
}
