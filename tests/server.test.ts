import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerConfig } from "../backend/config.js";
import { stripHtmlSuffix } from "../app/utils/html-suffix.js";
import { startServer, type RunningServer } from "../server.js";

describe("stripHtmlSuffix", () => {
  it.each([
    ["/font/12.html", "/font/12"],
    ["/font.html?layout=card", "/font?layout=card"],
    ["/index.html", "/"],
    ["/.html", "/"],
    ["/font/12", "/font/12"],
    ["/build/_assets/x.html", "/build/_assets/x.html"],
    ["/font?next=/a.html", "/font?next=/a.html"],
    ["/font/12.html#editor", "/font/12#editor"],
  ])("%s → %s", (input, expected) => {
    expect(stripHtmlSuffix(input)).toBe(expected);
  });
});

describe("server.ts on the embedded defaults", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-server-"));
    server = await startServer(readServerConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test" }));
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the health check", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("serves a page route with and without the .html suffix", async () => {
    const plain = await fetch(`${server.url}/font/10001`);
    const suffixed = await fetch(`${server.url}/font/10001.html`);
    expect(plain.status).toBe(200);
    expect(suffixed.status).toBe(200);
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title(await suffixed.text())).toBe(title(await plain.text()));
  });

  it("sends security headers and compresses", async () => {
    const response = await fetch(`${server.url}/font`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Not no-referrer: with it Chromium posts forms with Origin: null and Remix refuses every no-JS action.
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("caches fingerprinted assets for a year", async () => {
    const asset = readdirSync(path.resolve("public/build/_assets")).find((file) => file.endsWith(".css"));
    const response = await fetch(`${server.url}/build/_assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("answers unknown API paths with the JSON not-found envelope and unknown pages with 404", async () => {
    const api = await fetch(`${server.url}/web/api/nothing-here`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe("404");
    for (const path of ["/no/such/page", "/font/%E0%A4%A"]) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("This page could not be found");
    }
  });
});
