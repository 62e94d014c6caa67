import { Transform, type TransformCallback } from "node:stream";

/**
 * A pass-through for the rendered HTML that drops NUL bytes. React 18's server renderer, when a
 * multi-byte character does not fit at the end of its 2 KB buffer, sends the whole buffer, unused
 * zero bytes included, so a Chinese page carried stray NULs. In UTF-8 a 0x00 byte is only ever
 * U+0000 itself, which an HTML document never holds, so removing every one is lossless.
 */
export function createNulDroppingStream(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (chunk.indexOf(0) === -1) {
        callback(null, chunk);
        return;
      }
      callback(
        null,
        chunk.filter((byte) => byte !== 0),
      );
    },
  });
}
