/**
 * `value` read from a table column, when it is one of `allowed`. Anything else is a broken row that
 * no answer may carry, so it fails loudly instead.
 */
export function storedOneOf<const T extends string | number>(
  allowed: readonly T[],
  value: string | number,
  column: string,
): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) throw new Error(`${column} 的值 ${value} 不在 ${allowed.join("、")} 之中`);
  return match;
}
