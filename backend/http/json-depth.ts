/**
 * Whether `value` (parsed JSON) nests arrays and objects deeper than `maxDepth`; a bare value is depth
 * 0, `[]` depth 1. Walks without recursion, so a hostile body cannot overflow the stack here, and stops
 * at the first level too deep.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}
