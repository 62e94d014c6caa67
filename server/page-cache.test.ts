import type { AddressInfo } from "node:net";
import { get as httpGet, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANONYMOUS_PAGE_CACHE_HEADER, KEPT_PAGE_FONT_VISIT_HEADER } from "../app/utils/page-cache.js";
import { assignCspNonce, cspNonce } from "./content-security-policy.js";
import { anonymousPageCache } from "./page-cache.js";

let server: Server;
let origin: string;
let renders = 0;
let clock = 0;
const fontVisits: Array<[string, number]> = [];

/** A site whose pages say whether they may be kept, the way the Remix routes do. */
function site(options: Pick<Parameters<typeof anonymousPageCache>[0], "onFontVisits" | "reportEveryMs"> = {}) {
  const app = express();
  app.use(compression());
  app.use(assignCspNonce);
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${cspNonce(res)}'`);
    next();
  });
  app.use(anonymousPageCache({ maxBytes: 64 * 1024, maxPageBytes: 40 * 1024, now: () => clock, ...options }));
  // A page compressed as it is made, as a page of new words is (entry.server.tsx).
  app.get("/encoded/:name", (req, res) => {
    renders += 1;
    res.setHeader(ANONYMOUS_PAGE_CACHE_HEADER, "10");
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Encoding", "gzip");
    res.end(gzipSync(`<!doctype html><title>${req.params.name} 第 ${renders} 次渲染</title>`));
  });
  app.get("/page/:name", (req, res) => {
    renders += 1;
    const nonce = cspNonce(res);
    if (req.query.keep !== "no") res.setHeader(ANONYMOUS_PAGE_CACHE_HEADER, "10");
    if (req.query.visit) res.setHeader(KEPT_PAGE_FONT_VISIT_HEADER, String(req.query.visit));
    if (req.query.cookie) res.setHeader("Set-Cookie", "toast=1");
    if (req.query.status) res.status(Number(req.query.status));
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Streamed in pieces, as React renders.
    res.write(`<!doctype html><title>${req.params.name} 第 ${renders} 次渲染</title>`);
    res.write(`<script nonce="${nonce}">1</script>${"字".repeat(Number(req.query.size ?? 10))}`);
    res.end(`<style nonce="${nonce}"></style>`);
  });
  return app;
}

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  return { server: listening, origin: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  ({ server, origin } = await listen(
    site({ onFontVisits: (fontGNo, visits) => fontVisits.push([fontGNo, visits]), reportEveryMs: 50 }),
  ));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}, at = origin) {
  const response = await fetch(at + path, { headers });
  const body = await response.text();
  const nonce = /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { response, body, nonce };
}

/** An answer's headers and bytes as they came over the wire, for the given Accept-Encoding. */
function rawGet(path: string, acceptEncoding: string): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(origin + path, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("anonymousPageCache", () => {
  it("keeps a page the second time its address is asked for, not the first", async () => {
    const asked = [];
    for (let ask = 0; ask < 3; ask++) asked.push(await get("/page/once?size=100"));
    expect(asked.map((answer) => answer.response.headers.get("x-page-cache"))).toEqual([null, null, "hit"]);
    expect(asked[2]!.body).toContain(/第 \d+ 次渲染/.exec(asked[1]!.body)![0]);
    // Asked for once too long ago: as if never.
    await get("/page/long-ago");
    clock += 5 * 60_000 + 1;
    await get("/page/long-ago");
    expect((await get("/page/long-ago")).response.headers.get("x-page-cache")).toBeNull();
    expect((await get("/page/long-ago")).response.headers.get("x-page-cache")).toBe("hit");
  });

  it("remembers a bounded number of addresses asked for once, forgetting the oldest first", async () => {
    await get("/page/flooded");
    // About 2.4 MB of addresses asked for once, each with its own long query: more than the bound.
    for (let address = 0; address < 300; address++) await get(`/page/flood?q=${address}-${"x".repeat(4000)}&keep=no`);
    const asked = [];
    for (let ask = 0; ask < 3; ask++) asked.push(await get("/page/flooded"));
    expect(asked.map((answer) => answer.response.headers.get("x-page-cache"))).toEqual([null, null, "hit"]);
  });

  it("answers a kept page again to visitors without cookies, each time with its own nonce", async () => {
    await get("/page/a?size=1000");
    const first = await get("/page/a?size=1000");
    const second = await get("/page/a?size=1000", { "Accept-Encoding": "gzip" });
    expect(second.body).toBe(first.body.replaceAll(first.nonce!, second.nonce!));
    expect(second.nonce).not.toBe(first.nonce);
    // Counted as text: a base64 nonce may hold "+" and "/".
    expect(second.body.split(`nonce="${second.nonce}"`)).toHaveLength(3);
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    expect(second.response.headers.get("content-encoding")).toBe("gzip");
    expect(second.response.headers.get("content-type")).toMatch(/^text\/html/);
    for (const answer of [first, second]) {
      expect(answer.response.headers.has(ANONYMOUS_PAGE_CACHE_HEADER)).toBe(false);
    }
  });

  it("answers a kept page gzip-encoded to a browser that also accepts Brotli, each answer with its own nonce", async () => {
    await get("/page/g?size=3000");
    const rendered = await get("/page/g?size=3000");
    const answers = [];
    for (const acceptEncoding of ["gzip, deflate, br, zstd", "gzip, deflate, br, zstd", "br", "identity"]) {
      answers.push({ acceptEncoding, ...(await rawGet("/page/g?size=3000", acceptEncoding)) });
    }
    const nonces = answers.map(({ headers }) => /nonce-([^']+)'/.exec(String(headers["content-security-policy"]))![1]!);
    expect(new Set(nonces).size).toBe(answers.length);
    expect(answers.map(({ headers }) => headers["content-encoding"])).toEqual(["gzip", "gzip", "br", undefined]);
    answers.forEach(({ headers, bytes }, index) => {
      expect(headers["x-page-cache"]).toBe("hit");
      expect(headers.vary).toMatch(/accept-encoding/i);
      if (headers["content-encoding"] !== "br") expect(headers["content-length"]).toBe(String(bytes.byteLength));
      // gunzipSync checks the member's CRC-32 and length against what it decompressed.
      const decoders: Record<string, (compressed: Buffer) => Buffer> = { gzip: gunzipSync, br: brotliDecompressSync };
      const decoded = decoders[String(headers["content-encoding"])]?.(bytes) ?? bytes;
      expect(decoded.toString("utf8")).toBe(rendered.body.replaceAll(rendered.nonce!, nonces[index]!));
    });
    expect(answers[0]!.bytes.byteLength).toBeLessThan(Buffer.byteLength(rendered.body) / 4);
  });

  it("renders afresh for a visitor with any cookie or token, and once the page has expired", async () => {
    await get("/page/b");
    const kept = await get("/page/b");
    expect((await get("/page/b", { Cookie: "compare=1" })).body).not.toContain(/第 \d+ 次/.exec(kept.body)![0]);
    expect((await get("/page/b", { Authorization: "Bearer x" })).response.headers.get("x-page-cache")).toBeNull();
    expect((await get("/page/b")).response.headers.get("x-page-cache")).toBe("hit");
    clock += 10_001;
    const renewed = await get("/page/b");
    expect(renewed.response.headers.get("x-page-cache")).toBeNull();
    expect((await get("/page/b")).response.headers.get("x-page-cache")).toBe("hit");
  });

  it("never keeps a page its route did not offer, one setting a cookie, an error, or one too large", async () => {
    for (const query of ["keep=no", "cookie=1", "status=404", "size=20000"]) {
      await get(`/page/c?${query}`);
      await get(`/page/c?${query}`);
      const again = await get(`/page/c?${query}`);
      expect(again.response.headers.get("x-page-cache"), query).toBeNull();
    }
  });

  it("never keeps a page already compressed, which it would take for HTML", async () => {
    const asked: Array<Awaited<ReturnType<typeof get>>> = [];
    for (let ask = 0; ask < 3; ask++) asked.push(await get("/encoded/words", { "accept-encoding": "gzip" }));
    expect(asked.map((answer) => answer.response.headers.get("x-page-cache"))).toEqual([null, null, null]);
    expect(asked.map((answer) => /第 (\d+) 次渲染/.exec(answer.body)?.[1])).toEqual(
      asked.map((_, index) => String(Number(/第 (\d+) 次渲染/.exec(asked[0]!.body)![1]) + index)),
    );
  });

  it("keeps at most its byte bound, least recently used out first", async () => {
    // Three pages of about 24 KB each under a 64 KB bound, each asked for twice: the oldest goes.
    for (const name of ["d1", "d1", "d2", "d2"]) await get(`/page/${name}?size=8000`);
    expect((await get("/page/d1?size=8000")).response.headers.get("x-page-cache")).toBe("hit");
    for (const name of ["d3", "d3"]) await get(`/page/${name}?size=8000`);
    expect((await get("/page/d3?size=8000")).response.headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page/d1?size=8000")).response.headers.get("x-page-cache")).toBe("hit");
    expect((await get("/page/d2?size=8000")).response.headers.get("x-page-cache")).toBeNull();
  });

  it("counts the answers given from a kept font page as views of the font its route named; the names never leave", async () => {
    fontVisits.length = 0;
    const answers = [];
    for (let visit = 0; visit < 5; visit++) answers.push(await get("/page/e?visit=10001"));
    expect(answers.map((answer) => answer.response.headers.get("x-page-cache"))).toEqual([
      null,
      null,
      "hit",
      "hit",
      "hit",
    ]);
    // Reported together, once the report interval has passed.
    await expect.poll(() => fontVisits).toEqual([["10001", 3]]);
    await get("/page/e?visit=10001");
    await expect
      .poll(() => fontVisits)
      .toEqual([
        ["10001", 3],
        ["10001", 1],
      ]);
    const withCookie = await get("/page/e?visit=10001", { Cookie: "a=1" });
    for (const answer of [...answers, withCookie]) {
      expect(answer.response.headers.has(KEPT_PAGE_FONT_VISIT_HEADER)).toBe(false);
      expect(answer.response.headers.has(ANONYMOUS_PAGE_CACHE_HEADER)).toBe(false);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fontVisits).toHaveLength(2);
  });

  it("counts nothing for a visit header that names no font number", async () => {
    fontVisits.length = 0;
    for (let visit = 0; visit < 3; visit++) await get("/page/g?visit=%2Ffont%2F1%2Fview");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fontVisits).toEqual([]);
  });

  it("never keeps a font page when it cannot count its views", async () => {
    const unable = await listen(site());
    try {
      await get("/page/f?visit=10002", {}, unable.origin);
      await get("/page/f?visit=10002", {}, unable.origin);
      expect((await get("/page/f?visit=10002", {}, unable.origin)).response.headers.get("x-page-cache")).toBeNull();
      await get("/page/f", {}, unable.origin);
      await get("/page/f", {}, unable.origin);
      expect((await get("/page/f", {}, unable.origin)).response.headers.get("x-page-cache")).toBe("hit");
    } finally {
      await new Promise<void>((resolve) => unable.server.close(() => resolve()));
    }
  });
});
