/** The 3755 common characters of GB2312 level 1 (rows 16–55), the usual preview vocabulary. */
export function gb2312Level1(): string {
  return gb2312Rows(0xb0, 0xd7);
}

/** The 3008 less common characters of GB2312 level 2 (rows 56–87), which every font of GB2312 has too. */
export function gb2312Level2(): string {
  return gb2312Rows(0xd8, 0xf7);
}

function gb2312Rows(firstRow: number, lastRow: number): string {
  const bytes: number[] = [];
  for (let row = firstRow; row <= lastRow; row++) for (let cell = 0xa1; cell <= 0xfe; cell++) bytes.push(row, cell);
  return new TextDecoder("gb18030").decode(Uint8Array.from(bytes)).replace(/[\s\uFFFD]/g, "");
}

/** The value at `quantile` (0–1) of `times`, nearest rank. */
export function percentile(times: number[], quantile: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1))]!;
}
