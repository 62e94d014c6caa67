/** The glyph a code point maps to in a character map; 0 for none. */
export type CmapLookup = (codepoint: number) => number;

/**
 * Where HarfBuzz looks up code points, in its order of preference: the first of these subtables the
 * font has. A symbol subtable comes first and is read with remappings of its own, as is Mac Roman, used
 * when none of these exists: for those, and for a format not read here, undefined.
 */
const UNICODE_SUBTABLES_BY_PREFERENCE = [
  [3, 10],
  [0, 6],
  [0, 4],
  [3, 1],
  [0, 3],
  [0, 2],
  [0, 1],
  [0, 0],
] as const;

/** The lookup of the subtable of the cmap table `cmap` that HarfBuzz reads code points from. */
export function bestCmapLookup(cmap: DataView): CmapLookup | undefined {
  const offset = bestSubtableOffset(cmap);
  return offset === undefined ? undefined : cmapLookup(cmap, offset, cmap.getUint16(offset));
}

/**
 * That subtable copied out of `cmap` on its own (a few to a hundred kilobytes for a CJK font, against
 * the megabytes of the font), with its lookup: what is worth keeping to tell a font's coverage later.
 */
export function bestCmapSubtable(cmap: DataView): { bytes: Uint8Array; lookup: CmapLookup } | undefined {
  const offset = bestSubtableOffset(cmap);
  if (offset === undefined) return undefined;
  const format = cmap.getUint16(offset);
  // Format 4's 16-bit length overflows in large subtables, which fonts and HarfBuzz then read to the table's end.
  const length =
    format === 12 || format === 13
      ? cmap.getUint32(offset + 4)
      : format === 4
        ? cmap.byteLength - offset
        : cmap.getUint16(offset + 2);
  const bytes = new Uint8Array(cmap.buffer.slice(cmap.byteOffset + offset, cmap.byteOffset + offset + length));
  const lookup = cmapLookup(new DataView(bytes.buffer), 0, format);
  return lookup && { bytes, lookup };
}

function bestSubtableOffset(cmap: DataView): number | undefined {
  const subtables = new Map<string, number>();
  for (let index = 0; index < cmap.getUint16(2); index++) {
    const record = 4 + index * 8;
    subtables.set(`${cmap.getUint16(record)},${cmap.getUint16(record + 2)}`, cmap.getUint32(record + 4));
  }
  if (subtables.has("3,0")) return undefined;
  for (const [platform, encoding] of UNICODE_SUBTABLES_BY_PREFERENCE) {
    const offset = subtables.get(`${platform},${encoding}`);
    if (offset !== undefined) return offset;
  }
  return undefined;
}

function cmapLookup(cmap: DataView, offset: number, format: number): CmapLookup | undefined {
  if (format === 4) return format4Lookup(cmap, offset);
  if (format === 12 || format === 13) return groupLookup(cmap, offset, format === 13);
  if (format === 6) {
    const first = cmap.getUint16(offset + 6);
    const count = cmap.getUint16(offset + 8);
    return (codepoint) => {
      const index = codepoint - first;
      return index >= 0 && index < count ? cmap.getUint16(offset + 10 + index * 2) : 0;
    };
  }
  if (format === 0) return (codepoint) => (codepoint < 256 ? cmap.getUint8(offset + 6 + codepoint) : 0);
  return undefined;
}

function format4Lookup(cmap: DataView, offset: number): CmapLookup {
  const segments = cmap.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codepoint) => {
    if (codepoint > 0xffff) return 0;
    let low = 0;
    let high = segments - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cmap.getUint16(ends + middle * 2) < codepoint) low = middle + 1;
      else high = middle;
    }
    if (segments === 0 || cmap.getUint16(starts + low * 2) > codepoint) return 0;
    const start = cmap.getUint16(starts + low * 2);
    const delta = cmap.getUint16(deltas + low * 2);
    const rangeOffset = cmap.getUint16(rangeOffsets + low * 2);
    if (rangeOffset === 0) return (codepoint + delta) & 0xffff;
    const glyph = cmap.getUint16(rangeOffsets + low * 2 + rangeOffset + (codepoint - start) * 2);
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  };
}

function groupLookup(cmap: DataView, offset: number, manyToOne: boolean): CmapLookup {
  const count = cmap.getUint32(offset + 12);
  const groups = offset + 16;
  return (codepoint) => {
    let low = 0;
    let high = count - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const group = groups + middle * 12;
      if (cmap.getUint32(group + 4) < codepoint) low = middle + 1;
      else if (cmap.getUint32(group) > codepoint) high = middle - 1;
      else {
        const glyph = cmap.getUint32(group + 8);
        return manyToOne ? glyph : glyph + codepoint - cmap.getUint32(group);
      }
    }
    return 0;
  };
}
