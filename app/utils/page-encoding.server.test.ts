import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptedEncodings, encodePage } from "./page-encoding.server";

describe("acceptedEncodings", () => {
  it("reads the encodings a browser accepts, whatever their order", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("gzip")]).toEqual(["gzip"]);
  });

  it("refuses an encoding weighted zero and follows *", () => {
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("*")].sort()).toEqual(["br", "gzip"]);
    expect([...acceptedEncodings("*, gzip;q=0")]).toEqual(["br"]);
    expect([...acceptedEncodings("BR ; Q=1")]).toEqual(["br"]);
  });

  it("accepts nothing compressed from no header, identity or nonsense", () => {
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings("identity").size).toBe(0);
    expect(acceptedEncodings(";;, ,q=abc, br;q=x").size).toBe(0);
  });
});

describe("encodePage", () => {
  const page = new TextEncoder().encode(
    `<!DOCTYPE html><html lang="zh-CN"><body>${"预览文字 ".repeat(500)}</body></html>`,
  );

  it("compresses a page in the encoding the client prefers, Brotli when it accepts both", () => {
    const brotli = encodePage(page, "gzip, deflate, br");
    expect(brotli.encoding).toBe("br");
    expect(brotli.body.byteLength).toBeLessThan(page.byteLength / 10);
    expect(new Uint8Array(brotliDecompressSync(brotli.body))).toEqual(page);
    const gzip = encodePage(page, "gzip, br;q=0");
    expect(gzip.encoding).toBe("gzip");
    expect(new Uint8Array(gunzipSync(gzip.body))).toEqual(page);
  });

  it("sends the page as it is to a client that accepts neither", () => {
    for (const header of [null, "identity", "deflate"]) {
      const sent = encodePage(page, header);
      expect(sent.encoding).toBeNull();
      expect(sent.body).toEqual(page);
    }
  });
});
