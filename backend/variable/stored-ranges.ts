import type { CodepointRange } from "./package-slices.js";

/** [[0x4e00, 0x4e8c], [0xff01, 0xff01]] → `4e00-4e8c,ff01`. */
export function formatStoredRanges(ranges: readonly CodepointRange[]): string {
  return ranges
    .map(([first, last]) => (first === last ? first.toString(16) : `${first.toString(16)}-${last.toString(16)}`))
    .join(",");
}

/** The inverse of formatStoredRanges; malformed parts are skipped. */
export function parseStoredRanges(text: string): CodepointRange[] {
  const ranges: CodepointRange[] = [];
  for (const part of text.split(",")) {
    const match = /^([0-9a-f]{1,6})(?:-([0-9a-f]{1,6}))?$/.exec(part);
    if (!match) continue;
    const first = parseInt(match[1]!, 16);
    ranges.push([first, match[2] ? parseInt(match[2], 16) : first]);
  }
  return ranges;
}
