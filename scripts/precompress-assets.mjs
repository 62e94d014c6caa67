// Writes next to every script and stylesheet of the browser build (build/client) a Brotli copy
// (`.br`, quality 11) and a gzip copy made with Zopfli (`.gz`, a few percent smaller than zlib's
// best), which the server answers in place of compressing each request. A copy no smaller than
// the file is not written. The files are compressed on a worker per core.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

async function compressFile(file) {
  const original = readFileSync(file);
  let written = 0;
  const brotli = brotliCompressSync(original, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
    },
  });
  if (brotli.length < original.length) {
    writeFileSync(`${file}.br`, brotli);
    written += 1;
  }
  const gzip = Buffer.from(await gzipAsync(original, { numiterations: 5 }));
  if (gzip.length < original.length) {
    writeFileSync(`${file}.gz`, gzip);
    written += 1;
  }
  return written;
}

if (isMainThread) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const buildDir = path.join(rootDir, "build/client");
  const files = readdirSync(buildDir, { recursive: true, encoding: "utf8" })
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => path.join(buildDir, file));
  const workers = Math.max(1, Math.min(availableParallelism(), files.length));
  const shares = Array.from({ length: workers }, (_, index) => files.filter((_, i) => i % workers === index));
  const counts = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), { workerData: share });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  console.log(`precompressed: ${counts.reduce((sum, count) => sum + count, 0)} files for ${files.length} assets`);
} else {
  let count = 0;
  for (const file of workerData) count += await compressFile(file);
  parentPort.postMessage(count);
}
