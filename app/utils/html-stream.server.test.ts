import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createHtmlBodyStream } from "./html-stream.server";

/** Every chunk of `body`, as read by whoever answers the request. */
async function readChunks(body: ReadableStream<Uint8Array>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(Buffer.from(next.value));
  return chunks;
}

/** The chunks React streams for `element` through `createHtmlBodyStream`. */
function renderChunks(element: ReturnType<typeof createElement>): Promise<Buffer[]> {
  const { sink, body } = createHtmlBodyStream();
  const read = readChunks(body);
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => {
        pipe(sink);
        resolve(read);
      },
      onShellError: reject,
    });
  });
}

describe("createHtmlBodyStream", () => {
  it("streams a page of Chinese labels without a NUL byte and without losing a character", async () => {
    // Many short attributes and texts of 3-byte characters: some of them straddle the end of
    // React's 2 KB buffer, where it sends unused zero bytes.
    const labels = Array.from({ length: 400 }, (_, index) => `加入对比：字体${index}号`);
    const page = createElement(
      "ul",
      null,
      labels.map((label, index) =>
        createElement("li", { key: index, "aria-label": label }, createElement("span", null, label)),
      ),
    );
    const bytes = Buffer.concat(await renderChunks(page));
    expect(bytes.includes(0)).toBe(false);
    const html = bytes.toString("utf8");
    expect(html).not.toContain("\uFFFD");
    for (const label of labels) expect(html).toContain(`aria-label="${label}"`);
  });

  it("hands on a page React wrote in 2 KB pieces as one chunk", async () => {
    const page = createElement(
      "ol",
      null,
      Array.from({ length: 2000 }, (_, index) => createElement("li", { key: index }, `第${index}款字体`)),
    );
    const chunks = await renderChunks(page);
    expect(Buffer.concat(chunks).length).toBeGreaterThan(40_000);
    expect(chunks).toHaveLength(1);
  });

  it("keeps every other byte in order, across writes and turns of the event loop", async () => {
    const { sink, body } = createHtmlBodyStream();
    const read = readChunks(body);
    sink.write(Buffer.from([0xe5, 0x8a, 0xa0, 0x00, 0x00]));
    sink.write(Buffer.from([0x00, 0xe5, 0xaf, 0xb9, 0x00, 0xe6, 0xaf, 0x94]));
    await new Promise((resolve) => setImmediate(resolve));
    sink.write(Buffer.from("字体", "utf8"));
    sink.end();
    const chunks = await read;
    expect(chunks.map((chunk) => chunk.toString("utf8"))).toEqual(["加对比", "字体"]);
  });

  it("stops the render's destination when the reader goes away", async () => {
    const { sink, body } = createHtmlBodyStream();
    const closed = new Promise((resolve) => sink.on("close", resolve));
    await body.cancel();
    await closed;
    expect(sink.destroyed).toBe(true);
  });

  it("drops what was written in the turn the reader went away, without throwing", async () => {
    const { sink, body } = createHtmlBodyStream();
    sink.write(Buffer.from("<p>字体</p>", "utf8"));
    await body.cancel();
    sink.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sink.destroyed).toBe(true);
  });
});
