import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { readReadyLoaderData } from "./ready-loader-data.server";

const encoder = new TextEncoder();

function contextWith(stream: ReadableStream<Uint8Array>): EntryContext {
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("readReadyLoaderData", () => {
  it("hands every chunk of data already encoded to the render as read, and the end of the stream", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('[{"_1":2},"root","明"]\n'));
        controller.enqueue(encoder.encode("P3:[4]\n"));
        controller.close();
      },
    });
    const context = contextWith(stream);
    await readReadyLoaderData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"root","明"]\n' });
    expect(cache[1]!.result).toEqual({ done: false, value: "P3:[4]\n" });
    expect(cache[2]!.result).toEqual({ done: true, value: "" });
    // RemixServer still takes a reader of the stream it was given.
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it("leaves data still to come (a deferred promise's) to stream after the page, in order", async () => {
    let later!: () => void;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode("[1]\n"));
        await new Promise<void>((resolve) => (later = resolve));
        controller.enqueue(encoder.encode("P1:[2]\n"));
        controller.close();
      },
    });
    const context = contextWith(stream);
    await readReadyLoaderData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(Object.keys(cache)).toEqual(["0"]);
    expect(cache[0]!.result).toEqual({ done: false, value: "[1]\n" });
    const rest = readAll(context.serverHandoffStream!);
    later();
    expect(await rest).toBe("P1:[2]\n");
  });

  it("leaves a context without streamed data as it is", async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await readReadyLoaderData(context);
    expect(context.renderMeta).toEqual({});
  });
});
