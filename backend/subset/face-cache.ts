import type { SubsetFace } from "./subset-face.js";

/**
 * Loaded faces, least recently used first out, bounded by the sum of their `costBytes`.
 * Evicted faces are destroyed (their wasm instance and memory released). A single face larger
 * than the budget is still served; it is the first to go when the next face arrives.
 *
 * Calls run one at a time: HarfBuzz work is synchronous CPU work on this thread anyway, and running
 * lookups, loads and evictions in order means no face is evicted while a caller is using it and
 * concurrent callers for the same font share one load.
 */
export class FaceCache {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly faces = new Map<string, SubsetFace>();
  private usedBytes = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Faces waiting for `preprocessSoon`'s timer, by key. */
  private readonly preprocessTimers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly budgetBytes: number) {}

  /** Runs `use` with the face for `key`, loading it with `load` when it is not in memory. */
  withFace<T>(key: string, load: () => Promise<SubsetFace>, use: (face: SubsetFace) => T): Promise<T> {
    return this.exclusive(async () => use(this.touch(key) ?? this.insert(key, await load())));
  }

  get size(): number {
    return this.faces.size;
  }

  get bytes(): number {
    return this.usedBytes;
  }

  /** The face for `key` if loaded, without counting as a use. */
  peek(key: string): SubsetFace | undefined {
    return this.faces.get(key);
  }

  /**
   * Preprocesses the face for `key` after `delayMs`, in turn with the other calls, if it is still loaded
   * then: long synchronous work, left until the answer that asked for it has gone out.
   */
  preprocessSoon(key: string, delayMs: number): void {
    if (this.preprocessTimers.has(key)) return;
    const timer = setTimeout(() => {
      this.preprocessTimers.delete(key);
      void this.exclusive(async () => this.faces.get(key)?.preprocess());
    }, delayMs);
    timer.unref();
    this.preprocessTimers.set(key, timer);
  }

  /** Destroys every face once the calls already queued have finished. */
  clear(): Promise<void> {
    for (const timer of this.preprocessTimers.values()) clearTimeout(timer);
    this.preprocessTimers.clear();
    return this.exclusive(async () => {
      for (const face of this.faces.values()) face.destroy();
      this.faces.clear();
      this.usedBytes = 0;
    });
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private touch(key: string): SubsetFace | undefined {
    const face = this.faces.get(key);
    if (face) {
      this.faces.delete(key);
      this.faces.set(key, face);
    }
    return face;
  }

  private insert(key: string, face: SubsetFace): SubsetFace {
    for (const [oldKey, oldFace] of this.faces) {
      if (this.usedBytes + face.costBytes <= this.budgetBytes) break;
      this.faces.delete(oldKey);
      this.usedBytes -= oldFace.costBytes;
      oldFace.destroy();
    }
    this.faces.set(key, face);
    this.usedBytes += face.costBytes;
    return face;
  }
}
