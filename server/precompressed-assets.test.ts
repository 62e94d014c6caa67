import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingBuildFile, precompressedAssets } from "./precompressed-assets.js";

const script = `export const greeting = "${"你好，字体".repeat(400)}";\n`;
const styles = `.preview { font-family: serif; }\n`.repeat(100);
let dir: string;
let server: Server;
let port: number;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A raw request: the body exactly as it came over the wire, not decoded. */
function get(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  mkdirSync(path.join(dir, "routes/_home+"), { recursive: true });
  writeFileSync(path.join(dir, "routes/_home+/index-ABC.js"), script);
  writeFileSync(path.join(dir, "routes/_home+/index-ABC.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "routes/_home+/index-ABC.js.gz"), gzipSync(script, { level: 9 }));
  // Only a gzip copy: a client asking for Brotli first gets gzip.
  writeFileSync(path.join(dir, "global-DEF.css"), styles);
  writeFileSync(path.join(dir, "global-DEF.css.gz"), gzipSync(styles, { level: 9 }));
  // No copy at all: compression() compresses it as before.
  writeFileSync(path.join(dir, "plain-GHI.js"), script);
  // Copies listed when the server starts, then gone (a new build written over the old one).
  writeFileSync(path.join(dir, "replaced-JKL.js"), script);
  writeFileSync(path.join(dir, "replaced-JKL.js.br"), brotliCompressSync(script));

  const app = express();
  app.use(compression());
  app.use("/build", precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: "1y" }), missingBuildFile);
  // What stands after the build files in the site: a page that sets its own type.
  app.use((_req, res) => res.status(404).set("Content-Type", "text/html; charset=utf-8").send("<p>页面不存在</p>"));
  rmSync(path.join(dir, "replaced-JKL.js"));
  rmSync(path.join(dir, "replaced-JKL.js.br"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressedAssets", () => {
  it("answers a browser with the Brotli copy, typed as the script it is and cached for good", async () => {
    const answer = await get("/build/routes/_home+/index-ABC.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("answers a client accepting only gzip with the gzip copy", async () => {
    const answer = await get("/build/routes/_home+/index-ABC.js", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it("falls back to the copy there is", async () => {
    const answer = await get("/build/global-DEF.css", { "accept-encoding": "br, gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(answer.body).toString()).toBe(styles);
  });

  it("answers the file itself to a client accepting no compression, and to a range request", async () => {
    const plain = await get("/build/routes/_home+/index-ABC.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(script);

    const range = await get("/build/routes/_home+/index-ABC.js", { "accept-encoding": "br", range: "bytes=0-5" });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body.toString()).toBe(script.slice(0, 6));
  });

  it("leaves a file without copies to compression()", async () => {
    const answer = await get("/build/plain-GHI.js", { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it("answers HEAD with the copy's headers and no body, and a missing or malformed path with 404", async () => {
    const head = await get("/build/routes/_home+/index-ABC.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    expect((await get("/build/missing.js", { "accept-encoding": "br" })).status).toBe(404);
    expect((await get("/build/%E0%A4%A.js", { "accept-encoding": "br" })).status).toBeGreaterThanOrEqual(400);
    expect((await get("/build/%E0%A4%A.js", { "accept-encoding": "br" })).status).toBeLessThan(500);
  });

  it("answers a file whose copy was listed but is gone with a plain 404, neither encoded nor kept", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const answer = await get("/build/replaced-JKL.js", { "accept-encoding": encoding });
      expect(answer.status).toBe(404);
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body.toString()).toBe("找不到这个文件。");
    }
  });
});

describe("the browser build's compressed copies", () => {
  const buildDir = path.resolve(import.meta.dirname, "../build/client");
  const copies = existsSync(buildDir)
    ? readdirSync(buildDir, { recursive: true, encoding: "utf8" }).filter((file) => /\.(?:br|gz)$/.test(file))
    : [];

  it("exist for the scripts and stylesheets (npm run build makes them)", () => {
    expect(copies.some((file) => file.endsWith(".js.br"))).toBe(true);
    expect(copies.some((file) => file.endsWith(".js.gz"))).toBe(true);
    expect(copies.some((file) => file.endsWith(".css.br"))).toBe(true);
  });

  it("each decode to their file, and are smaller than it", () => {
    for (const copy of copies) {
      const original = readFileSync(path.join(buildDir, copy.replace(/\.(?:br|gz)$/, "")));
      const compressed = readFileSync(path.join(buildDir, copy));
      const decoded = copy.endsWith(".br") ? brotliDecompressSync(compressed) : gunzipSync(compressed);
      expect(decoded.equals(original), copy).toBe(true);
      expect(compressed.length, copy).toBeLessThan(original.length);
    }
  });
});
