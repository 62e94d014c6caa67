import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";

/**
 * A text with holes, each part between them compressed once: every answer fills the holes with its
 * own value (a kept page's Content-Security-Policy nonce) and gets a gzip body without compressing
 * anything again. Each part is a run of deflate blocks ending on a byte boundary (a sync flush), so
 * the parts and a stored block per hole follow one another as one valid deflate stream; the gzip
 * trailer's CRC-32 is taken over the filled text.
 *
 * A part may refer back to the parts before it, as a page compressed whole does (a kept page's
 * parts are its head, its body and its inline scripts, which repeat each other's class names and
 * addresses): it is compressed with what precedes it as the dictionary, the holes in that history
 * filled with a byte no part contains. No match can then reach into a hole, so the distances hold
 * whatever an answer puts there, as long as the filling has the length the template was made for.
 */
export type GzipTemplate = {
  /** The parts as they read, for the CRC-32 and for answers that are not compressed. */
  parts: Buffer[];
  /** Each part deflated, ending with a sync flush; they decode only in order, after the holes' fillings. */
  deflatedParts: Buffer[];
  /** The length of filling the parts were compressed for. */
  fillingBytes: number;
  /** Bytes held: the parts and their deflated copies. */
  bytes: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last block: stored, final, empty. */
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_BLOCK_MAX_BYTES = 0xffff;

/** Deflate's window: how far back a match may reach. */
const WINDOW_BYTES = 32 * 1024;

export function gzipTemplate(parts: Buffer[], fillingBytes: number): GzipTemplate {
  const blank = byteInNoPart(parts);
  const hole = blank === undefined ? undefined : Buffer.alloc(fillingBytes, blank);
  let history = Buffer.alloc(0);
  const deflatedParts = parts.map((part, index) => {
    if (index > 0 && hole) history = Buffer.concat([history, hole]).subarray(-WINDOW_BYTES);
    const deflated = deflateRawSync(part, {
      // Compressed once, answered many times: the smallest body costs no answer anything.
      level: constants.Z_BEST_COMPRESSION,
      memLevel: 9,
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(hole && history.byteLength > 0 ? { dictionary: history } : {}),
    });
    if (hole) history = Buffer.concat([history, part]).subarray(-WINDOW_BYTES);
    return deflated;
  });
  const bytes = [...parts, ...deflatedParts].reduce((sum, buffer) => sum + buffer.byteLength, 0);
  return { parts, deflatedParts, fillingBytes, bytes };
}

/** A byte value found in none of the parts (UTF-8 text never holds 0xff), if there is one. */
function byteInNoPart(parts: Buffer[]): number | undefined {
  const seen = new Uint8Array(256);
  for (const part of parts) for (const byte of part) seen[byte] = 1;
  for (let byte = 0xff; byte >= 0; byte--) if (!seen[byte]) return byte;
  return undefined;
}

/** The parts with `filling` between each two of them, as they read. */
export function filledText(template: GzipTemplate, filling: Buffer): Buffer {
  return Buffer.concat(template.parts.flatMap((part, index) => (index === 0 ? [part] : [filling, part])));
}

/** The same text as `filledText`, as a gzip member (compressed afresh for a filling of another length). */
export function filledGzip(template: GzipTemplate, filling: Buffer): Buffer {
  if (filling.byteLength !== template.fillingBytes) return gzipSync(filledText(template, filling));
  const storedFilling = storedBlocks(filling);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  const read = (text: Buffer) => {
    // zlib.crc32 answers 0 for some empty buffers instead of the running value it was given.
    if (text.byteLength > 0) crc = crc32(text, crc);
    length += text.byteLength;
  };
  template.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(storedFilling);
      read(filling);
    }
    pieces.push(template.deflatedParts[index]!);
    read(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** `data` as non-final stored deflate blocks, which start on the byte boundary a sync flush leaves. */
function storedBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  let offset = 0;
  do {
    const chunk = data.subarray(offset, offset + STORED_BLOCK_MAX_BYTES);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.byteLength, 1);
    header.writeUInt16LE(~chunk.byteLength & 0xffff, 3);
    blocks.push(header, chunk);
    offset += STORED_BLOCK_MAX_BYTES;
  } while (offset < data.byteLength);
  return Buffer.concat(blocks);
}
