import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createNulDroppingStream, createScriptDeferringStream } from "./html-stream.server";
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL, deferModuleScripts } from "./scripts-after-paint";

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

/** What `createScriptDeferringStream` makes of `pieces` written one after the other. */
async function throughDeferring(pieces: Buffer[]): Promise<string> {
  const body = createScriptDeferringStream();
  const out: Buffer[] = [];
  body.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
  const done = new Promise((resolve) => body.on("end", resolve));
  for (const piece of pieces) body.write(piece);
  body.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

const REMIX_SCRIPTS =
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/root-B.js"/>' +
  '<script nonce="abc">window.__remixContext = {"type=\\"module\\"":1};</script>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/build/root-B.js";</script>';

describe("deferModuleScripts", () => {
  it("makes the module preloads and the module script inert and leaves everything else alone", () => {
    const html = `<p>字体 type="module"</p>${REMIX_SCRIPTS}<link rel="stylesheet" href="/build/a.css"/>`;
    expect(deferModuleScripts(html)).toBe(
      `<p>字体 type="module"</p>` +
        `<link rel="${DEFERRED_PRELOAD_REL}" href="/build/entry.client-A.js"/><link rel="${DEFERRED_PRELOAD_REL}" href="/build/root-B.js"/>` +
        '<script nonce="abc">window.__remixContext = {"type=\\"module\\"":1};</script>' +
        `<script nonce="abc" type="${DEFERRED_MODULE_TYPE}" async="">import * as route0 from "/build/root-B.js";</script>` +
        '<link rel="stylesheet" href="/build/a.css"/>',
    );
  });
});

describe("createScriptDeferringStream", () => {
  it("defers tags cut anywhere by the ends of chunks, and keeps Chinese text whole", async () => {
    const page = Buffer.from(
      `<!DOCTYPE html><html><body><h1>短视频字体</h1>${REMIX_SCRIPTS}<p>预览：永字八法</p></body></html>`,
    );
    const expected = deferModuleScripts(page.toString("utf8"));
    for (let cut = 1; cut < page.length; cut++) {
      expect(await throughDeferring([page.subarray(0, cut), page.subarray(cut)])).toBe(expected);
    }
    const bytes = [...page].map((byte) => Buffer.from([byte]));
    expect(await throughDeferring(bytes)).toBe(expected);
  });

  it("lets a lone < wait only for the next >, and sends an unfinished tag at the end", async () => {
    expect(await throughDeferring([Buffer.from("<script>if (a < b) x();"), Buffer.from("</script>")])).toBe(
      "<script>if (a < b) x();</script>",
    );
    expect(await throughDeferring([Buffer.from("<p>半个标签 <link rel=")])).toBe("<p>半个标签 <link rel=");
  });
});
