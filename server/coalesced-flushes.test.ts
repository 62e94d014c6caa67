import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { constants as zlibConstants, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express, { type Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { coalesceFlushes } from "./coalesced-flushes.js";

/** A page of repetitive HTML, written as React and Remix write one: 2 KB at a time, each followed by a flush. */
const PAGE = Array.from(
  { length: 600 },
  (_, i) => `<li class="font-card"><a href="/font/${10000 + (i % 40)}">字体 ${i}</a></li>`,
).join("");
const CHUNK = 2048;
/** Written a moment later, as deferred data is; the answer ends only once the client has decoded it. */
const LATE_PART = "<p>后到的数据</p>";

function serve(withCoalescing: boolean) {
  const open = new Set<Response>();
  const app = express();
  app.use(compression());
  if (withCoalescing) app.use(coalesceFlushes);
  app.get("/", (_req, res) => {
    open.add(res);
    res.type("html");
    const flush = () => (res as unknown as { flush: () => void }).flush();
    for (let at = 0; at < PAGE.length; at += CHUNK) {
      res.write(PAGE.slice(at, at + CHUNK));
      flush();
    }
    setTimeout(() => {
      res.write(LATE_PART);
      flush();
    }, 50);
  });
  const server: Server = app.listen(0, "127.0.0.1");
  /** Ends every answer still open. */
  const endAnswers = () => {
    for (const res of open) res.end();
    open.clear();
  };
  return { server, endAnswers };
}

/** The answer's compressed bytes; the server is told to end it once the whole page decodes from what arrived. */
function fetchGzip({ server, endAnswers }: ReturnType<typeof serve>) {
  const { port } = server.address() as AddressInfo;
  return new Promise<Buffer>((resolve, reject) => {
    const req = httpRequest({ port, host: "127.0.0.1", path: "/", headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        const arrived = gunzipSync(Buffer.concat(chunks), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString();
        if (arrived === PAGE + LATE_PART) endAnswers();
      });
      res.on("end", () => resolve(Buffer.concat(chunks)));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("coalesceFlushes", () => {
  const plain = serve(false);
  const coalesced = serve(true);
  afterAll(() => Promise.all([plain, coalesced].map(({ server }) => new Promise((done) => server.close(done)))));

  it("sends a page written in flushed chunks at about the size of the page compressed whole", async () => {
    const whole = gzipSync(PAGE + LATE_PART).length;
    const flushedPerChunk = await fetchGzip(plain);
    const flushedPerTurn = await fetchGzip(coalesced);
    expect(gunzipSync(flushedPerTurn).toString()).toBe(PAGE + LATE_PART);
    // A flush per chunk costs the compressor its matches across chunks.
    expect(flushedPerChunk.length).toBeGreaterThan(whole * 1.5);
    expect(flushedPerTurn.length).toBeLessThan(whole * 1.1);
  });

  it("still streams: the answer ends only once all that was written and flushed has arrived", async () => {
    // fetchGzip ends the answer only after decoding the late part from what arrived before the end.
    expect(gunzipSync(await fetchGzip(coalesced)).toString()).toBe(PAGE + LATE_PART);
  });
});
