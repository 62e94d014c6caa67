/** Reading and writing the sfnt (TrueType/OpenType) container: offset table plus table directory. */

export type SfntTable = {
  tag: string;
  /** Checksum as recorded in the table directory. */
  checksum: number;
  data: Uint8Array;
};

export type Sfnt = {
  /** 0x00010000 for TrueType outlines, 'OTTO' for CFF. */
  flavor: number;
  tables: SfntTable[];
};

export const SFNT_FLAVOR_CFF = 0x4f54544f; // 'OTTO'
const OFFSET_TABLE_BYTES = 12;
const DIRECTORY_ENTRY_BYTES = 16;
/** Offset of head.checkSumAdjustment, which is left out of the head table's checksum. */
const HEAD_CHECKSUM_ADJUSTMENT_OFFSET = 8;

export function readSfnt(bytes: Uint8Array): Sfnt {
  const view = viewOf(bytes);
  if (bytes.byteLength < OFFSET_TABLE_BYTES) throw new Error("不是 sfnt 字体：文件过短");
  const flavor = view.getUint32(0);
  const numTables = view.getUint16(4);
  const tables: SfntTable[] = [];
  for (let index = 0; index < numTables; index++) {
    const entry = OFFSET_TABLE_BYTES + index * DIRECTORY_ENTRY_BYTES;
    if (entry + DIRECTORY_ENTRY_BYTES > bytes.byteLength) throw new Error("sfnt 表目录越界");
    const offset = view.getUint32(entry + 8);
    const length = view.getUint32(entry + 12);
    if (offset + length > bytes.byteLength) throw new Error("sfnt 表数据越界");
    tables.push({
      tag: readTag(view, entry),
      checksum: view.getUint32(entry + 4),
      data: bytes.subarray(offset, offset + length),
    });
  }
  return { flavor, tables };
}

/** Serializes tables (sorted by tag, 4-byte aligned) with freshly computed checksums. */
export function writeSfnt(sfnt: Sfnt): Uint8Array {
  const tables = sortedByTag(sfnt.tables);
  const directoryEnd = OFFSET_TABLE_BYTES + tables.length * DIRECTORY_ENTRY_BYTES;
  const size = tables.reduce((total, table) => total + padded4(table.data.byteLength), directoryEnd);
  const bytes = new Uint8Array(size);
  const view = viewOf(bytes);
  const searchPower = Math.floor(Math.log2(Math.max(tables.length, 1)));
  view.setUint32(0, sfnt.flavor);
  view.setUint16(4, tables.length);
  view.setUint16(6, 2 ** searchPower * 16);
  view.setUint16(8, searchPower);
  view.setUint16(10, tables.length * 16 - 2 ** searchPower * 16);
  let offset = directoryEnd;
  tables.forEach((table, index) => {
    const entry = OFFSET_TABLE_BYTES + index * DIRECTORY_ENTRY_BYTES;
    writeTag(view, entry, table.tag);
    view.setUint32(entry + 4, tableChecksum(table.tag, table.data));
    view.setUint32(entry + 8, offset);
    view.setUint32(entry + 12, table.data.byteLength);
    bytes.set(table.data, offset);
    offset += padded4(table.data.byteLength);
  });
  return bytes;
}

/** OpenType table checksum: sum of big-endian uint32 words, zero padded; head skips checkSumAdjustment. */
export function tableChecksum(tag: string, data: Uint8Array): number {
  const view = viewOf(data);
  let sum = 0;
  const whole = data.byteLength & ~3;
  for (let offset = 0; offset < whole; offset += 4) {
    if (tag === "head" && offset === HEAD_CHECKSUM_ADJUSTMENT_OFFSET) continue;
    sum = (sum + view.getUint32(offset)) >>> 0;
  }
  if (whole < data.byteLength) {
    let last = 0;
    for (let offset = whole; offset < whole + 4; offset++) last = (last << 8) | (data[offset] ?? 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

export function sortedByTag<T extends { tag: string }>(tables: readonly T[]): T[] {
  return [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

export function padded4(length: number): number {
  return (length + 3) & ~3;
}

export function readTag(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

export function writeTag(view: DataView, offset: number, tag: string): void {
  for (let index = 0; index < 4; index++) view.setUint8(offset + index, tag.charCodeAt(index) & 0xff);
}

export function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const COLLECTION_TAG = 0x74746366; // 'ttcf'

/** sfnt version of face `faceIndex` in a font file or a collection (.ttc); undefined if there is none. */
export function faceFlavor(bytes: Uint8Array, faceIndex = 0): number | undefined {
  const offset = faceOffset(bytes, faceIndex);
  return offset !== undefined && offset + 4 <= bytes.byteLength ? viewOf(bytes).getUint32(offset) : undefined;
}

/**
 * Whether the table directory of face `faceIndex` and every table it lists lie inside `bytes`. A
 * truncated file fails this; HarfBuzz would otherwise quietly treat the cut tables as empty.
 */
export function faceTablesWithinFile(bytes: Uint8Array, faceIndex = 0): boolean {
  const offset = faceOffset(bytes, faceIndex);
  if (offset === undefined || offset + OFFSET_TABLE_BYTES > bytes.byteLength) return false;
  const view = viewOf(bytes);
  const numTables = view.getUint16(offset + 4);
  if (offset + OFFSET_TABLE_BYTES + numTables * DIRECTORY_ENTRY_BYTES > bytes.byteLength) return false;
  for (let index = 0; index < numTables; index++) {
    const entry = offset + OFFSET_TABLE_BYTES + index * DIRECTORY_ENTRY_BYTES;
    if (view.getUint32(entry + 8) + view.getUint32(entry + 12) > bytes.byteLength) return false;
  }
  return true;
}

/** Where the offset table of face `faceIndex` starts: 0 in a plain font file, from the header in a collection. */
export function faceOffset(bytes: Uint8Array, faceIndex: number): number | undefined {
  if (bytes.byteLength < OFFSET_TABLE_BYTES) return undefined;
  const view = viewOf(bytes);
  if (view.getUint32(0) !== COLLECTION_TAG) return faceIndex === 0 ? 0 : undefined;
  const faceCount = view.getUint32(8);
  const directory = 12 + faceIndex * 4;
  if (faceIndex >= faceCount || directory + 4 > bytes.byteLength) return undefined;
  return view.getUint32(directory);
}

export type TableRange = { offset: number; length: number };

/** Tag → file range of each table of the face whose offset table starts at `directory` in `bytes`. */
export function tableRanges(bytes: Uint8Array, directory: number): Map<string, TableRange> {
  const view = viewOf(bytes);
  const tables = new Map<string, TableRange>();
  const count = view.getUint16(directory + 4);
  for (let index = 0; index < count; index++) {
    const entry = directory + OFFSET_TABLE_BYTES + index * DIRECTORY_ENTRY_BYTES;
    tables.set(readTag(view, entry), { offset: view.getUint32(entry + 8), length: view.getUint32(entry + 12) });
  }
  return tables;
}

/** Bytes of the offset table and table directory of a face with `numTables` tables. */
export function directoryLength(numTables: number): number {
  return OFFSET_TABLE_BYTES + numTables * DIRECTORY_ENTRY_BYTES;
}
