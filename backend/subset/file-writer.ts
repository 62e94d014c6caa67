import { randomBytes } from "node:crypto";
import { Worker } from "node:worker_threads";

/**
 * Files written in a worker thread, each beside its target and renamed into place (readers never see
 * a partial file), the files of one call in their order. A new subset's three files took a dozen file
 * system calls of the main thread, which every request of the process then waited behind; here the
 * calls made in one turn of the event loop (a page's new subsets) travel in one message, and come back
 * in one: each message costs the main thread a system call. The worker starts on first use and ends
 * once idle for IDLE_MS.
 */
const IDLE_MS = 30_000;

/** CommonJS, evaluated as it is: it runs unchanged from the TypeScript sources and from the compiled server. */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { renameSync, unlinkSync, writeFileSync } = require("node:fs");
function writeAll(files) {
  for (const { target, temporary, bytes } of files) {
    try {
      writeFileSync(temporary, bytes);
      renameSync(temporary, target);
    } catch (error) {
      try { unlinkSync(temporary); } catch {}
      return String((error && error.message) || error);
    }
  }
  return undefined;
}
parentPort.on("message", (jobs) => {
  parentPort.postMessage(jobs.map(({ id, files }) => ({ id, error: writeAll(files) })));
});
`;

type Job = { id: number; files: Array<{ target: string; temporary: string; bytes: Uint8Array }> };
type Reply = { id: number; error?: string };

export class FileWriter {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly inHand = new Set<Promise<void>>();
  /** Jobs of this turn of the event loop, posted together once it ends. */
  private queued: Job[] = [];

  /** Writes each file in turn; rejects at the first that fails, the files after it left unwritten. */
  write(files: ReadonlyArray<{ path: string; bytes: Uint8Array }>): Promise<void> {
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    const written = new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.queued.length === 0) setImmediate(() => this.post());
      this.queued.push({
        id,
        files: files.map(({ path, bytes }) => ({
          target: path,
          temporary: `${path}.${randomBytes(6).toString("hex")}.tmp`,
          bytes,
        })),
      });
    });
    this.inHand.add(written);
    void written.catch(() => undefined).finally(() => this.inHand.delete(written));
    return written;
  }

  /** Ends the worker once the writes in hand are done. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    await Promise.allSettled([...this.inHand]);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private post(): void {
    // A worker that ended since has failed its jobs already (failAll), the queued ones among them.
    const jobs = this.queued.filter((job) => this.pending.has(job.id));
    this.queued = [];
    if (jobs.length === 0) return;
    const worker = (this.worker ??= this.start());
    worker.ref(); // a pending write keeps the process alive; an idle worker does not
    worker.postMessage(jobs);
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on("message", (replies: Reply[]) => {
      for (const { id, error } of replies) {
        const waiting = this.pending.get(id);
        this.pending.delete(id);
        if (error) waiting?.reject(new Error(error));
        else waiting?.resolve();
      }
      if (this.pending.size === 0) this.idle(worker);
    });
    // An unheard "error" event would end the process; the writes in hand fail with it.
    worker.on("error", (error: Error) => this.failAll(worker, error));
    worker.on("exit", (code) => this.failAll(worker, new Error(`文件写入线程意外退出（退出码 ${code}）`)));
    return worker;
  }

  private idle(worker: Worker): void {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_MS).unref();
  }

  private failAll(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
