import { Writable } from "node:stream";

/**
 * Where React writes the rendered HTML (`sink`, for `pipe`), and the same bytes as the Response's
 * body (`body`), with two corrections:
 * - NUL bytes are dropped. React 18's server renderer, when a multi-byte character does not fit at
 *   the end of its 2 KB buffer, sends the whole buffer, unused zero bytes included, so a Chinese
 *   page carried stray NULs. In UTF-8 a 0x00 byte is only ever U+0000 itself, which an HTML
 *   document never holds, so removing every one is lossless.
 * - What React writes in one turn of the event loop goes on as one chunk. React writes its output
 *   2 KB at a time, and each piece then made its own way through the web stream, Remix's adapter
 *   and the socket: on a page of 120 KB that was most of the time spent after rendering.
 */
export function createHtmlBodyStream(): { sink: Writable; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  /** False once the reader went away or the body ended: nothing more may be enqueued. */
  let open = true;
  let pending: Buffer[] = [];
  const handOn = () => {
    if (pending.length === 0) return;
    if (open) controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
  };
  const keep = (piece: Buffer) => {
    if (pending.length === 0) queueMicrotask(handOn);
    pending.push(piece);
  };
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      let start = 0;
      for (let zero = chunk.indexOf(0); zero !== -1; zero = chunk.indexOf(0, start)) {
        if (zero > start) keep(chunk.subarray(start, zero));
        start = zero + 1;
      }
      if (start < chunk.length) keep(start === 0 ? chunk : chunk.subarray(start));
      callback();
    },
    final(callback) {
      handOn();
      if (open) controller.close();
      open = false;
      callback();
    },
    destroy(error, callback) {
      if (error && open) controller.error(error);
      open = false;
      callback(error);
    },
  });
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    // The visitor went away: React, listening on the sink, stops rendering.
    cancel() {
      open = false;
      sink.destroy();
    },
  });
  return { sink, body };
}
