import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * WOFF 2.0 via wawoff2 (Google's woff2 encoder compiled to wasm), in a worker thread. One encoding
 * is a single synchronous call: Brotli at its highest quality takes a second or more on a subset of
 * a few thousand characters, and on the main thread every request of the process waited that long.
 * The worker starts on first use, encodes one file at a time, and ends once it has been idle for
 * IDLE_MS, giving back its wasm heap (which never shrinks).
 */
const IDLE_MS = 30_000;

/** CommonJS, evaluated as it is: it runs unchanged from the TypeScript sources and from the compiled server. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const compress = require(workerData.compressPath);
parentPort.on("message", async ({ sfnt }) => {
  try {
    // wawoff2 answers a view into its heap, which the next encoding overwrites.
    const woff2 = new Uint8Array(await compress(sfnt));
    parentPort.postMessage({ woff2 }, [woff2.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

type Reply = { woff2: Uint8Array } | { error: string };

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let previous: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  const compressPath = createRequire(import.meta.url).resolve("wawoff2/compress");
  const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { compressPath } });
  started.on("exit", () => {
    if (worker === started) worker = undefined;
  });
  // Also heard between encodings: an unheard "error" event would end the process.
  started.on("error", (error) => console.warn("WOFF2 编码线程出错", error));
  return started;
}

function encodeInWorker(sfnt: Uint8Array): Promise<Uint8Array> {
  clearTimeout(idleTimer);
  const encoder = (worker ??= startWorker());
  encoder.ref(); // a pending encoding keeps the process alive; an idle worker does not
  return new Promise<Uint8Array>((resolve, reject) => {
    const settle = () => {
      encoder.off("message", onMessage).off("error", onError).off("exit", onExit);
      encoder.unref();
      if (worker !== encoder) return; // it has exited
      idleTimer = setTimeout(() => {
        worker = undefined;
        void encoder.terminate();
      }, IDLE_MS).unref();
    };
    const onMessage = (reply: Reply) => {
      settle();
      if ("woff2" in reply) resolve(reply.woff2);
      else reject(new Error(`WOFF2 编码失败：${reply.error}`));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) => {
      settle();
      reject(new Error(`WOFF2 编码线程意外退出（退出码 ${code}）`));
    };
    encoder.on("message", onMessage).on("error", onError).on("exit", onExit);
    encoder.postMessage({ sfnt });
  });
}

export function encodeWoff2(sfnt: Uint8Array): Promise<Uint8Array> {
  // One at a time: each waits for the one before it, so the worker has a single job in hand.
  const encoding = previous.then(() => encodeInWorker(sfnt));
  previous = encoding.catch(() => undefined);
  return encoding;
}
