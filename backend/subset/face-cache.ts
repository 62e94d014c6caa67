import type { SubsetFace } from "./subset-face.js";

/**
 * Loaded faces, least recently used first out, bounded by the sum of their `costBytes` (counted again
 * after each use, as a face that reads its outlines lazily grows).
 * Evicted faces are destroyed (their wasm instance and memory released). A single face larger
 * than the budget is still served; it is the first to go when the next face arrives.
 *
 * Calls run one at a time: HarfBuzz work is synchronous CPU work on this thread anyway, and running
 * lookups, loads and evictions in order means no face is evicted while a caller is using it and
 * concurrent callers for the same font share one load.
 */
/** A face used this recently belongs to what visitors are looking at now: never evicted to preprocess another. */
export const ACTIVE_FACE_MS = 60_000;

export class FaceCache {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly faces = new Map<string, SubsetFace>();
  private usedBytes = 0;
  /** What each face was last counted for: its `costBytes` changes as it reads outlines or is preprocessed. */
  private readonly counted = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Faces waiting for `preprocessSoon`'s timer, by key. */
  private readonly preprocessTimers = new Map<string, NodeJS.Timeout>();
  /** When each face was last used (ms since the epoch). */
  private readonly lastUsed = new Map<string, number>();

  constructor(
    private readonly budgetBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Runs `use` with the face for `key`, loading it with `load` when it is not in memory. */
  withFace<T>(key: string, load: () => Promise<SubsetFace>, use: (face: SubsetFace) => T): Promise<T> {
    return this.exclusive(async () => {
      const face = this.touch(key) ?? this.insert(key, await load());
      try {
        return use(face);
      } finally {
        this.recount(key, face);
      }
    });
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
   * then: long synchronous work, left until the answer that asked for it has gone out. Only if the
   * preprocessed face fits beside the faces used in the last `ACTIVE_FACE_MS`: a page's previews use a
   * dozen faces again and again, and making room for one preprocessed face would evict others of the
   * same page, loaded again by the next visitor and preprocessed in their turn, evicting the first (the
   * site preprocessed 22 times in 20 loads of one list page, 100–800 ms each). A face left as it is
   * still subsets a preview's few characters in a millisecond or so; it is tried again once room is made.
   */
  preprocessSoon(key: string, delayMs: number): void {
    if (this.preprocessTimers.has(key)) return;
    const timer = setTimeout(() => {
      this.preprocessTimers.delete(key);
      void this.exclusive(async () => {
        const face = this.faces.get(key);
        if (!face || !this.fitsBesideActiveFaces(key, face.costBytesPreprocessed - (this.counted.get(key) ?? 0)))
          return;
        face.preprocess();
        this.recount(key, face);
      });
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
      this.counted.clear();
      this.lastUsed.clear();
      this.usedBytes = 0;
    });
  }

  /** Whether `extraBytes` more for `key` fit in the budget once faces unused for ACTIVE_FACE_MS are let go. */
  private fitsBesideActiveFaces(key: string, extraBytes: number): boolean {
    let spare = this.budgetBytes - this.usedBytes - extraBytes;
    const idleSince = this.now() - ACTIVE_FACE_MS;
    for (const [oldKey] of this.faces) {
      if (spare >= 0) break;
      if (oldKey === key) continue;
      // Use order: every face after this one was used more recently.
      if ((this.lastUsed.get(oldKey) ?? 0) > idleSince) return false;
      spare += this.counted.get(oldKey) ?? 0;
    }
    return spare >= 0;
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
      this.lastUsed.set(key, this.now());
    }
    return face;
  }

  private insert(key: string, face: SubsetFace): SubsetFace {
    this.makeRoom(face.costBytes, key);
    this.faces.set(key, face);
    this.counted.set(key, face.costBytes);
    this.lastUsed.set(key, this.now());
    this.usedBytes += face.costBytes;
    return face;
  }

  /** Counts the face for `key` anew after it read more outlines or was preprocessed, and makes room. */
  private recount(key: string, face: SubsetFace): void {
    const counted = this.counted.get(key);
    if (counted === undefined || this.faces.get(key) !== face) return;
    this.usedBytes += face.costBytes - counted;
    this.counted.set(key, face.costBytes);
    this.makeRoom(0, key);
  }

  /** Destroys the least recently used faces other than `keep` until `bytes` more fit in the budget. */
  private makeRoom(bytes: number, keep: string): void {
    for (const [oldKey, oldFace] of this.faces) {
      if (this.usedBytes + bytes <= this.budgetBytes) break;
      if (oldKey === keep) continue;
      this.faces.delete(oldKey);
      this.usedBytes -= this.counted.get(oldKey) ?? 0;
      this.counted.delete(oldKey);
      this.lastUsed.delete(oldKey);
      oldFace.destroy();
    }
  }
}
