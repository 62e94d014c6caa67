/** Inclusive [first, last] runs of consecutive code points. */
export type CodepointRange = [first: number, last: number];

export function toRanges(sortedCodepoints: ArrayLike<number>): CodepointRange[] {
  const ranges: CodepointRange[] = [];
  for (let index = 0; index < sortedCodepoints.length; index++) {
    const codepoint = sortedCodepoints[index]!;
    const last = ranges[ranges.length - 1];
    if (last && codepoint === last[1] + 1) last[1] = codepoint;
    else if (!last || codepoint > last[1]) ranges.push([codepoint, codepoint]);
  }
  return ranges;
}
