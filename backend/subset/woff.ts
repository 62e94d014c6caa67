import { promisify } from "node:util";
import { deflate, deflateSync, inflateSync } from "node:zlib";
import { padded4, readSfnt, readTag, sortedByTag, tableChecksum, viewOf, writeTag, type Sfnt } from "./sfnt.js";

/** WOFF 1.0 (W3C Recommendation 2012): sfnt tables, each zlib-compressed when that makes it smaller. */

const deflateInPool = promisify(deflate);
/**
 * Tables at least this large are deflated in libuv's thread pool: in place, the tables of a subset
 * of 2 000 characters took about 180 ms, holding every request of the process. A small table
 * deflates in microseconds, less than the trip to the pool costs.
 */
const POOLED_TABLE_BYTES = 32 * 1024;
/**
 * A table this small (in a preview's subset most are: head, hhea, maxp, post, loca of a few glyphs)
 * hardly ever shrinks by more than zlib's header and checksum: it is stored as it is, without
 * setting up a compressor for it.
 */
const STORED_TABLE_BYTES = 128;
/**
 * Below this size the compressor's window and hash table are sized to the table: setting up the
 * default ones (a 32 KB window, a 64 KB hash) cost more than compressing a table of a few hundred
 * bytes, for every table of every new subset.
 */
const SIZED_COMPRESSOR_BYTES = 8 * 1024;

export const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const HEADER_BYTES = 44;
const DIRECTORY_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_DIRECTORY_ENTRY_BYTES = 16;

type EncodedTable = { tag: string; checksum: number; origLength: number; stored: Uint8Array };

/** Wraps sfnt bytes (as produced by the subsetter) in WOFF 1.0. */
export async function encodeWoff(sfntBytes: Uint8Array): Promise<Uint8Array> {
  const sfnt = readSfnt(sfntBytes);
  const tables = await Promise.all(sortedByTag(sfnt.tables).map(encodeTable));
  const directoryEnd = HEADER_BYTES + tables.length * DIRECTORY_ENTRY_BYTES;
  const length = tables.reduce((total, table) => total + padded4(table.stored.byteLength), directoryEnd);
  const totalSfntSize = tables.reduce(
    (total, table) => total + padded4(table.origLength),
    SFNT_HEADER_BYTES + tables.length * SFNT_DIRECTORY_ENTRY_BYTES,
  );

  const woff = new Uint8Array(length); // zero filled: reserved fields, metadata/private block fields, padding
  const view = viewOf(woff);
  view.setUint32(0, WOFF_SIGNATURE);
  view.setUint32(4, sfnt.flavor);
  view.setUint32(8, length);
  view.setUint16(12, tables.length);
  view.setUint32(16, totalSfntSize);
  view.setUint16(20, 1); // majorVersion of the WOFF file's content
  let offset = directoryEnd;
  tables.forEach((table, index) => {
    const entry = HEADER_BYTES + index * DIRECTORY_ENTRY_BYTES;
    writeTag(view, entry, table.tag);
    view.setUint32(entry + 4, offset);
    view.setUint32(entry + 8, table.stored.byteLength);
    view.setUint32(entry + 12, table.origLength);
    view.setUint32(entry + 16, table.checksum);
    woff.set(table.stored, offset);
    offset += padded4(table.stored.byteLength);
  });
  return woff;
}

async function encodeTable(table: Sfnt["tables"][number]): Promise<EncodedTable> {
  const compressed = await compress(table.data);
  const stored = compressed && compressed.byteLength < table.data.byteLength ? compressed : table.data;
  return {
    tag: table.tag,
    checksum: tableChecksum(table.tag, table.data),
    origLength: table.data.byteLength,
    stored,
  };
}

/** The table deflated, or null for a table too small to be worth it. */
async function compress(data: Uint8Array): Promise<Uint8Array | null> {
  const bytes = data.byteLength;
  if (bytes < STORED_TABLE_BYTES) return null;
  if (bytes >= POOLED_TABLE_BYTES) return deflateInPool(data);
  if (bytes >= SIZED_COMPRESSOR_BYTES) return deflateSync(data);
  // A window at least as long as the table (plus zlib's look-ahead) finds every match the default would.
  const windowBits = Math.max(9, Math.ceil(Math.log2(bytes + 262)));
  return deflateSync(data, { windowBits, memLevel: Math.max(1, Math.ceil(Math.log2(bytes)) - 6) });
}

export type WoffFile = {
  flavor: number;
  /** Header `length`; equals the file size in a valid file. */
  length: number;
  totalSfntSize: number;
  tables: Array<{
    tag: string;
    offset: number;
    compLength: number;
    origLength: number;
    origChecksum: number;
    data: Uint8Array;
  }>;
};

/** Parses a WOFF 1.0 file and inflates its tables, checking the structural rules of the format. */
export function decodeWoff(bytes: Uint8Array): WoffFile {
  const view = viewOf(bytes);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0) !== WOFF_SIGNATURE) throw new Error("不是 WOFF 文件");
  const numTables = view.getUint16(12);
  const tables: WoffFile["tables"] = [];
  for (let index = 0; index < numTables; index++) {
    const entry = HEADER_BYTES + index * DIRECTORY_ENTRY_BYTES;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    if (offset % 4 !== 0) throw new Error("WOFF 表未按 4 字节对齐");
    if (offset + compLength > bytes.byteLength) throw new Error("WOFF 表数据越界");
    if (compLength > origLength) throw new Error("WOFF 压缩长度大于原长度");
    const stored = bytes.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
    if (data.byteLength !== origLength) throw new Error("WOFF 表解压后长度不符");
    tables.push({
      tag: readTag(view, entry),
      offset,
      compLength,
      origLength,
      origChecksum: view.getUint32(entry + 16),
      data,
    });
  }
  return { flavor: view.getUint32(4), length: view.getUint32(8), totalSfntSize: view.getUint32(16), tables };
}
