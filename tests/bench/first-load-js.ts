/**
 * The JavaScript a page's first load fetches, as the site sends it (not a test): every script the
 * page's HTML names (module preloads, script sources and the modules its inline scripts import),
 * fetched as a client accepting only gzip and only Brotli, against the 110 KB gzip goal of `/`.
 * Quicker than `npm run bench:lighthouse`, which measures the same from a browser's load.
 *
 *   npm run build && npm run bench:first-load   (-- /font for another page; BENCH_ORIGIN=http://… measures
 *   a server already running, such as another build)
 */
import { get as httpGet } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBuiltSite } from "./built-site.js";

export const GOAL_FIRST_LOAD_JS_KB = 110;

/** The bytes the site sends for `url` to a client accepting only `encoding`, as they come over the wire. */
export function servedKilobytes(url: string, encoding: "gzip" | "br"): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { "accept-encoding": encoding } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes / 1024));
    });
    req.on("error", reject);
  });
}

/** The addresses of the scripts the page at `url` names in its HTML, in order. */
export async function scriptsNamedBy(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text();
  const found = [
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<script[^>]*src="([^"]+)"/g),
    ...html.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g),
    ...html.matchAll(/\bimport\(["']([^"']+\.js)["']\)/g),
  ].map(([, address]) => new URL(address!, url).href);
  return [...new Set(found)];
}

async function main() {
  const page = process.argv[2] ?? "/";
  const site = process.env.BENCH_ORIGIN ? undefined : await startBuiltSite(Number(process.env.BENCH_PORT ?? 3470));
  const origin = process.env.BENCH_ORIGIN ?? site!.origin;
  try {
    const scripts = await scriptsNamedBy(`${origin}${page}`);
    let gzip = 0;
    let brotli = 0;
    for (const script of scripts) {
      const kilobytes = await servedKilobytes(script, "gzip");
      gzip += kilobytes;
      brotli += await servedKilobytes(script, "br");
      console.log(`${kilobytes.toFixed(1).padStart(7)} KB  ${script.replace(origin, "")}`);
    }
    console.log(
      `${page} 首次加载的 JavaScript：${scripts.length} 个文件，以 gzip 发送共 ${gzip.toFixed(1)} KB，Brotli ${brotli.toFixed(1)} KB`,
    );
    if (page === "/")
      console.log(`目标 <= ${GOAL_FIRST_LOAD_JS_KB} KB gzip：${gzip <= GOAL_FIRST_LOAD_JS_KB ? "达标" : "未达标"}`);
  } finally {
    await site?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
