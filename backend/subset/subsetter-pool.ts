import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SubsetFontFile, SubsetFormat, WebSubset } from "./subsetter.js";
import { UnusableFontError } from "./unusable-font.js";

export type SubsetWorkerRequest =
  | { id: number; kind: "subset"; font: SubsetFontFile; codepoints: readonly number[]; format: SubsetFormat }
  | { id: number; kind: "web"; font: SubsetFontFile; codepoints: readonly number[] }
  | { id: number; kind: "prepare"; font: SubsetFontFile };

/** What a thread posts once it has compiled HarfBuzz and listens for requests. */
export const SUBSET_WORKER_READY = "ready";

export type SubsetWorkerReply = {
  id: number;
  bytes?: Uint8Array;
  /** A "web" request's WOFF; `bytes` is then its sfnt. */
  woff?: Uint8Array;
  error?: { name: string; message: string };
};

/** What the subset cache, the outline renderer and the font preparation need of a subsetter. */
export type FaceSubsetter = {
  subset(font: SubsetFontFile, codepoints: readonly number[], format: SubsetFormat): Promise<Uint8Array>;
  /** A subset as a page's preview needs it: its sfnt and its WOFF, both made off the thread that answers requests. */
  subsetForWeb(font: SubsetFontFile, codepoints: readonly number[]): Promise<WebSubset>;
  prepare(font: SubsetFontFile): Promise<void>;
  close(): Promise<void>;
};

type Pending = { resolve: (reply: SubsetWorkerReply) => void; reject: (error: Error) => void };

/**
 * HarfBuzz subsetting in worker threads, one `Subsetter` each with an equal share of the memory budget.
 * A face lives in one thread only (chosen from its file, so the same font always goes to the same thread):
 * the faces of a page are made side by side on every core while the main thread answers requests, and no
 * face is loaded twice. A thread that ends unexpectedly fails what it had in hand and is started again on
 * the next request.
 */
export class SubsetterPool implements FaceSubsetter {
  private readonly workers: Array<Worker | undefined>;
  private readonly pending = new Map<number, Pending & { worker: Worker }>();
  private readonly inHand = new Set<Promise<unknown>>();
  /** Requests each thread has in hand: a thread with none lets the process exit. */
  private readonly loads = new Map<Worker, number>();
  /** Requests for each thread not posted yet: those asked in one go (a page's previews) travel in one message. */
  private readonly unposted = new Map<Worker, SubsetWorkerRequest[]>();
  private nextId = 0;

  private constructor(
    private readonly threads: number,
    private readonly memoryBudgetBytes: number,
  ) {
    this.workers = Array.from({ length: threads });
  }

  /** Starts the threads, each once it has compiled HarfBuzz: a missing or broken wasm fails the start, not a request. */
  static async create(options: { memoryBudgetBytes: number; threads: number }): Promise<SubsetterPool> {
    const threads = Math.max(1, options.threads);
    const pool = new SubsetterPool(threads, Math.floor(options.memoryBudgetBytes / threads));
    try {
      await Promise.all(pool.workers.map((_, slot) => pool.startedWorker(slot)));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return pool;
  }

  async subset(font: SubsetFontFile, codepoints: readonly number[], format: SubsetFormat): Promise<Uint8Array> {
    const reply = await this.ask(font, (id) => ({
      id,
      kind: "subset",
      font: plainFont(font),
      codepoints,
      format,
    }));
    return reply.bytes!;
  }

  async subsetForWeb(font: SubsetFontFile, codepoints: readonly number[]): Promise<WebSubset> {
    const reply = await this.ask(font, (id) => ({ id, kind: "web", font: plainFont(font), codepoints }));
    return { sfnt: reply.bytes!, woff: reply.woff! };
  }

  async prepare(font: SubsetFontFile): Promise<void> {
    await this.ask(font, (id) => ({ id, kind: "prepare", font: plainFont(font) }));
  }

  /** Ends the threads once the subsets in hand are made; a later request starts them again. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inHand]);
    const workers = this.workers.filter((worker) => worker !== undefined);
    this.workers.fill(undefined);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private ask(font: SubsetFontFile, request: (id: number) => SubsetWorkerRequest): Promise<SubsetWorkerReply> {
    const slot = threadOf(font, this.threads);
    const worker = this.workers[slot] ?? this.start(slot);
    const id = this.nextId++;
    const answered = new Promise<SubsetWorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker });
      const load = this.loads.get(worker) ?? 0;
      this.loads.set(worker, load + 1);
      if (load === 0) worker.ref(); // a subset in hand keeps the process alive; an idle thread does not
      this.post(worker, request(id));
    });
    this.inHand.add(answered);
    void answered.catch(() => undefined).finally(() => this.inHand.delete(answered));
    return answered;
  }

  /**
   * Posts `request` once the code asking has run to its end, with the others asked meanwhile: each
   * message costs this thread about as long as the thread takes to make a page's small subset.
   */
  private post(worker: Worker, request: SubsetWorkerRequest): void {
    const queued = this.unposted.get(worker);
    if (queued) {
      queued.push(request);
      return;
    }
    this.unposted.set(worker, [request]);
    queueMicrotask(() => {
      const requests = this.unposted.get(worker);
      this.unposted.delete(worker);
      if (requests) worker.postMessage(requests); // none once the thread has ended (failAll)
    });
  }

  /** Starts the thread of `slot`, which greets once ready (SUBSET_WORKER_READY); its requests may be posted at once. */
  private start(slot: number): Worker {
    const worker = startSubsetWorker(this.memoryBudgetBytes);
    this.workers[slot] = worker;
    worker.unref();
    worker.on("message", (reply: SubsetWorkerReply | typeof SUBSET_WORKER_READY) => {
      if (reply === SUBSET_WORKER_READY) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      this.settled(worker);
      if (reply.error) waiting.reject(revive(reply.error));
      else waiting.resolve(reply);
    });
    // An unheard "error" event would end the process; the subsets in hand fail with it.
    worker.on("error", (error: Error) => this.failAll(slot, worker, error));
    worker.on("exit", (code) => this.failAll(slot, worker, new Error(`子集线程意外退出（退出码 ${code}）`)));
    return worker;
  }

  private startedWorker(slot: number): Promise<void> {
    const worker = this.start(slot);
    return new Promise((resolve, reject) => {
      const ready = (message: unknown) => {
        if (message !== SUBSET_WORKER_READY) return;
        worker.off("message", ready);
        resolve();
      };
      worker.on("message", ready);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`子集线程启动失败（退出码 ${code}）`)));
    });
  }

  private failAll(slot: number, worker: Worker, error: Error): void {
    if (this.workers[slot] === worker) this.workers[slot] = undefined;
    for (const [id, waiting] of this.pending) {
      if (waiting.worker !== worker) continue;
      this.pending.delete(id);
      waiting.reject(error);
    }
    this.loads.delete(worker);
    this.unposted.delete(worker);
  }

  private settled(worker: Worker): void {
    const load = (this.loads.get(worker) ?? 1) - 1;
    this.loads.set(worker, load);
    if (load === 0) worker.unref();
  }
}

/** The thread a font's face lives in: the same for every request for it. */
function threadOf(font: SubsetFontFile, threads: number): number {
  const key = `${font.filePath}#${font.faceIndex ?? 0}`;
  let hash = 0;
  for (let index = 0; index < key.length; index++) hash = (Math.imul(hash, 31) + key.charCodeAt(index)) | 0;
  return Math.abs(hash) % threads;
}

/** Only what a thread needs of the font (a font source's file also carries its gno and size). */
function plainFont(font: SubsetFontFile): SubsetFontFile {
  return { filePath: font.filePath, version: font.version, faceIndex: font.faceIndex };
}

function revive({ name, message }: { name: string; message: string }): Error {
  if (name === "UnusableFontError") return new UnusableFontError(message);
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * A thread's JavaScript holds little (its faces live in WebAssembly memory, outside the heap): V8's
 * default young generation, sized for a whole server, would add tens of MB per thread.
 */
const WORKER_HEAP_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

/**
 * The compiled server runs the compiled thread beside it (build/server/subset-worker.js); from the
 * TypeScript sources (tests, `npm run dev`, the benches) the thread loads tsx first.
 */
function startSubsetWorker(memoryBudgetBytes: number): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    const compiled = new URL("./subset-worker.js", import.meta.url);
    return new Worker(compiled, { workerData: { memoryBudgetBytes }, resourceLimits: WORKER_HEAP_LIMITS });
  }
  const source = new URL("./subset-worker.ts", import.meta.url).href;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs");
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    workerData: { memoryBudgetBytes },
    resourceLimits: WORKER_HEAP_LIMITS,
  });
}
