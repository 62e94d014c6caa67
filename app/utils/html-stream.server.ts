import { Transform, type TransformCallback } from "node:stream";
import { deferModuleScripts } from "./scripts-after-paint";

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

/**
 * A pass-through for the rendered HTML that makes its module preloads and module scripts inert
 * until the page has been painted (see `scripts-after-paint.ts`). Bytes are read as latin1, one
 * character each, so UTF-8 text passes unchanged; a tag cut by the end of a chunk waits for the
 * rest of it.
 */
export function createScriptDeferringStream(): Transform {
  let carried = "";
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      let text = carried + chunk.toString("latin1");
      const lastOpen = text.lastIndexOf("<");
      carried = lastOpen !== -1 && text.indexOf(">", lastOpen) === -1 ? text.slice(lastOpen) : "";
      if (carried) text = text.slice(0, lastOpen);
      callback(null, Buffer.from(deferModuleScripts(text), "latin1"));
    },
    flush(callback: TransformCallback) {
      callback(null, carried ? Buffer.from(deferModuleScripts(carried), "latin1") : undefined);
    },
  });
}
