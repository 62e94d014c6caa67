import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createNulDroppingStream } from "./html-stream.server";

/** The bytes React streams for `element`, passed through `createNulDroppingStream`. */
function renderBytes(element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const body = createNulDroppingStream();
    body.pipe(sink);
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(body),
      onShellError: reject,
    });
  });
}

describe("createNulDroppingStream", () => {
  it("streams a page of Chinese labels without a NUL byte and without losing a character", async () => {
    // Many short attributes and texts of 3-byte characters: some of them straddle the end of
    // React's 2 KB buffer, where it used to send unused zero bytes.
    const labels = Array.from({ length: 400 }, (_, index) => `加入对比：字体${index}号`);
    const page = createElement(
      "ul",
      null,
      labels.map((label, index) =>
        createElement("li", { key: index, "aria-label": label }, createElement("span", null, label)),
      ),
    );
    const bytes = await renderBytes(page);
    expect(bytes.includes(0)).toBe(false);
    const html = bytes.toString("utf8");
    expect(html).not.toContain("\uFFFD");
    for (const label of labels) expect(html).toContain(`aria-label="${label}"`);
  });

  it("keeps every other byte in order", async () => {
    const body = createNulDroppingStream();
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
    const done = new Promise((resolve) => body.on("end", resolve));
    body.write(Buffer.from([0xe5, 0x8a, 0xa0, 0x00, 0x00]));
    body.write(Buffer.from("对比", "utf8"));
    body.end();
    await done;
    expect(Buffer.concat(out).toString("utf8")).toBe("加对比");
  });
});
