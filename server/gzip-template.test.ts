import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { filledGzip, filledText, gzipTemplate } from "./gzip-template.js";

const page = (nonce: string) =>
  `<!doctype html><html><head><script nonce="${nonce}">window.a = 1</script></head>` +
  `<body>${"<p>短视频字体，一次预览上百款中文字体。</p>".repeat(200)}<style nonce="${nonce}">p{}</style></body></html>`;

describe("gzipTemplate", () => {
  it("gives, for any filling, a gzip member that decompresses to the parts with the filling between them", () => {
    const rendered = page("rendered-with-this-nonce");
    const template = gzipTemplate(
      rendered.split("rendered-with-this-nonce").map((part) => Buffer.from(part)),
      "k3+/aZ0q==".length,
    );
    // The length it was made for, then others (compressed afresh).
    for (const filling of ["k3+/aZ0q==", "0123456789", "另一个", ""]) {
      const expected = page(filling);
      // gunzipSync checks the trailer's CRC-32 and length against what it decompressed.
      expect(gunzipSync(filledGzip(template, Buffer.from(filling))).toString("utf8")).toBe(expected);
      expect(filledText(template, Buffer.from(filling)).toString("utf8")).toBe(expected);
    }
    expect(filledGzip(template, Buffer.from("n")).byteLength).toBeLessThan(Buffer.byteLength(rendered) / 10);
  });

  it("takes empty parts, holes side by side and fillings longer than one stored block", () => {
    const parts = ["", "a", "", "", "字"].map((part) => Buffer.from(part));
    const long = Buffer.alloc(70_000, "x");
    const template = gzipTemplate(parts, long.byteLength);
    expect(gunzipSync(filledGzip(template, long)).equals(filledText(template, long))).toBe(true);
    expect(filledText(template, Buffer.from("-")).toString("utf8")).toBe("-a---字");
    const single = gzipTemplate([Buffer.from("没有洞")], 6);
    expect(gunzipSync(filledGzip(single, Buffer.from("unused"))).toString("utf8")).toBe("没有洞");
  });

  it("compresses the parts as the whole text would be, referring across the holes", () => {
    const nonce = "Zm9yIGEgc2luZ2xlIGFuc3c=";
    const card = (i: number) => `<li class="font-card"><a href="/font/${10000 + i}">字体 ${i}</a></li>`;
    // Three parts repeating one another, as a page's markup and its route data do.
    const parts = [0, 1, 2].map((n) => Array.from({ length: 80 }, (_, i) => card(i + n)).join(""));
    const rendered = parts.join(`<script nonce="${nonce}"></script>`);
    const template = gzipTemplate(
      rendered.split(nonce).map((part) => Buffer.from(part)),
      nonce.length,
    );
    const answer = filledGzip(template, Buffer.from("YW5vdGhlciBhbnN3ZXIncyA="));
    expect(gunzipSync(answer).toString("utf8")).toBe(rendered.replaceAll(nonce, "YW5vdGhlciBhbnN3ZXIncyA="));
    expect(answer.byteLength).toBeLessThan(gzipSync(rendered).byteLength * 1.15);
  });

  it("refers to nothing in the holes, whatever the parts contain", () => {
    // Text that reads like the filling around each hole: a match into a hole would copy the wrong bytes.
    const parts = ['nonce="', '" nonce="', '" AAAA AAAA nonce="AAAA', '"'].map((part) => Buffer.from(part.repeat(50)));
    const template = gzipTemplate(parts, 4);
    for (const filling of ["AAAA", "BBBB"]) {
      expect(
        gunzipSync(filledGzip(template, Buffer.from(filling))).equals(filledText(template, Buffer.from(filling))),
      ).toBe(true);
    }
  });

  it("counts the bytes it holds: the parts and their compressed copies", () => {
    const parts = [Buffer.from("x".repeat(1000)), Buffer.from("y".repeat(500))];
    const template = gzipTemplate(parts, 24);
    expect(template.bytes).toBeGreaterThan(1500);
    expect(template.bytes).toBeLessThan(1600);
  });
});
