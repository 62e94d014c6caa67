import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A text with holes, each part between them compressed once: every answer fills the holes with its
 * own value (a kept page's Content-Security-Policy nonce) and gets a gzip body without compressing
 * anything again. Each part is its own run of deflate blocks ending on a byte boundary (a sync
 * flush) that refers to nothing before it, so the parts and a stored block per hole follow one
 * another as one valid deflate stream; the gzip trailer's CRC-32 is taken over the filled text.
 */
export type GzipTemplate = {
  /** The parts as they read, for the CRC-32 and for answers that are not compressed. */
  parts: Buffer[];
  /** Each part deflated on its own, ending with a sync flush. */
  deflatedParts: Buffer[];
  /** Bytes held: the parts and their deflated copies. */
  bytes: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last block: stored, final, empty. */
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const STORED_BLOCK_MAX_BYTES = 0xffff;

export function gzipTemplate(parts: Buffer[]): GzipTemplate {
  const deflatedParts = parts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
  const bytes = [...parts, ...deflatedParts].reduce((sum, buffer) => sum + buffer.byteLength, 0);
  return { parts, deflatedParts, bytes };
}

/** The parts with `filling` between each two of them, as they read. */
export function filledText(template: GzipTemplate, filling: Buffer): Buffer {
  return Buffer.concat(template.parts.flatMap((part, index) => (index === 0 ? [part] : [filling, part])));
}

/** The same text as `filledText`, as a gzip member. */
export function filledGzip(template: GzipTemplate, filling: Buffer): Buffer {
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
