import type { EntryContext } from "@remix-run/node";

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;
type StreamRead = ReadableStreamReadResult<Uint8Array>;

const NOT_YET = Symbol("not yet");

/**
 * Reads the chunks of the page's loader data (single fetch's `serverHandoffStream`) that are ready now
 * and gives them to Remix's `StreamTransfer` as already read (`renderMeta.streamCache`, one entry per
 * chunk): otherwise it suspends on each chunk, and the document ends several task turns after the page
 * has rendered, milliseconds on a busy server. A chunk not ready in this task (a deferred promise's) is
 * left to stream after the page as before.
 */
export async function readReadyLoaderData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta || stream.locked) return;
  const cache: StreamCache = (context.renderMeta.streamCache ??= {});
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (let chunk = 0; ; chunk++) {
    const read = reader.read();
    const result = await Promise.race([read, nextTask()]);
    if (result === NOT_YET) {
      context.serverHandoffStream = rest(reader, read);
      return;
    }
    // Decoded as StreamTransfer decodes what it reads itself.
    const value = result.value ? decoder.decode(result.value, { stream: true }) : "";
    cache[chunk] = Object.assign(Promise.resolve(), { result: { done: result.done, value } });
    if (result.done) {
      reader.releaseLock(); // RemixServer takes a reader of the stream, closed by now
      return;
    }
  }
}

function nextTask(): Promise<typeof NOT_YET> {
  return new Promise((resolve) => setImmediate(() => resolve(NOT_YET)));
}

/** The rest of the stream `reader` reads, from the chunk `pending` will give. */
function rest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<StreamRead>,
): ReadableStream<Uint8Array> {
  let next: Promise<StreamRead> | undefined = pending;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await (next ?? reader.read());
      next = undefined;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
