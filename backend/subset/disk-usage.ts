import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

/**
 * Bytes on disk of each cached subset, kept in order of last use, against a byte budget. Pure
 * bookkeeping: the cache decides what is in use and deletes the files of what `overBudget` hands back.
 */
export class DiskUsage {
  /** Map order is use order: the first entry is the least recently used. */
  private readonly sizes = new Map<string, number>();
  private total = 0;

  constructor(readonly budgetBytes: number) {}

  get totalBytes(): number {
    return this.total;
  }

  has(hash: string): boolean {
    return this.sizes.has(hash);
  }

  /** Marks `hash` as just used; false when it is not recorded. */
  touch(hash: string): boolean {
    const bytes = this.sizes.get(hash);
    if (bytes === undefined) return false;
    this.sizes.delete(hash);
    this.sizes.set(hash, bytes);
    return true;
  }

  /** Records that the files of `hash` now take `bytes`, as its most recent use. */
  record(hash: string, bytes: number): void {
    this.forget(hash);
    this.sizes.set(hash, bytes);
    this.total += bytes;
  }

  /** Adds `bytes` to what `hash` takes (a file written later); ignored when `hash` is not recorded. */
  grow(hash: string, bytes: number): void {
    const current = this.sizes.get(hash);
    if (current === undefined) return;
    this.sizes.set(hash, current + bytes);
    this.total += bytes;
  }

  forget(hash: string): void {
    const bytes = this.sizes.get(hash);
    if (bytes === undefined) return;
    this.sizes.delete(hash);
    this.total -= bytes;
  }

  /**
   * Takes out the least recently used hashes, skipping those `inUse` keeps, until the total fits the
   * budget (or only kept ones remain) and returns them, for their files to be deleted.
   */
  overBudget(inUse: (hash: string) => boolean): string[] {
    const evicted: string[] = [];
    for (const [hash, bytes] of this.sizes) {
      if (this.total <= this.budgetBytes) break;
      if (inUse(hash)) continue;
      this.sizes.delete(hash);
      this.total -= bytes;
      evicted.push(hash);
    }
    return evicted;
  }
}

/** A cache file: `<hash>.subset` (the entry, sfnt and WOFF) or `<hash>.woff2`. */
const CACHE_FILE_PATTERN = /^([0-9a-f]{32})\.(subset|woff2)$/;
/** A file of a cache written before subsets were bundled (subsets are made again when asked). */
const UNBUNDLED_FILE_PATTERN = /^[0-9a-f]{32}\.(json|ttf|otf|woff)$/;
/** A file being written, renamed into place when complete: `<name>.<random>.tmp`. */
const TEMPORARY_FILE_PATTERN = /\.[0-9a-f]{12}\.tmp$/;
/** A temporary file this old was left by a process that stopped mid-write; no write takes that long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** Files examined at once while scanning: keeps a large cache's start-up from opening thousands of handles. */
const SCAN_CONCURRENCY = 64;

export type ScannedSubset = { hash: string; bytes: number; lastModifiedMs: number };

/**
 * The subsets under `dir` with their total bytes, least recently written first, so a restart keeps
 * the ones made or completed last. Deleted: temporary files abandoned by a stopped process, and
 * files no entry describes (a WOFF 2.0 whose bundle is gone, the files of a cache written before
 * subsets were bundled).
 */
export async function scanCacheDirectory(dir: string, now = Date.now()): Promise<ScannedSubset[]> {
  const names = await readdir(dir);
  const subsets = new Map<string, ScannedSubset>();
  const bundled = new Set<string>();
  for (let start = 0; start < names.length; start += SCAN_CONCURRENCY) {
    await Promise.all(
      names.slice(start, start + SCAN_CONCURRENCY).map(async (name) => {
        if (UNBUNDLED_FILE_PATTERN.test(name)) return unlink(path.join(dir, name)).catch(() => undefined);
        const hash = CACHE_FILE_PATTERN.exec(name)?.[1];
        const isTemporary = TEMPORARY_FILE_PATTERN.test(name);
        if (!hash && !isTemporary) return;
        const stats = await stat(path.join(dir, name)).catch(() => null);
        if (!stats?.isFile()) return;
        if (isTemporary) {
          if (now - stats.mtimeMs > ABANDONED_AFTER_MS) await unlink(path.join(dir, name)).catch(() => undefined);
          return;
        }
        if (name.endsWith(".subset")) bundled.add(hash!);
        const subset = subsets.get(hash!) ?? { hash: hash!, bytes: 0, lastModifiedMs: 0 };
        subset.bytes += stats.size;
        subset.lastModifiedMs = Math.max(subset.lastModifiedMs, stats.mtimeMs);
        subsets.set(hash!, subset);
      }),
    );
  }
  const unbundled = [...subsets.keys()].filter((hash) => !bundled.has(hash));
  for (const hash of unbundled) {
    subsets.delete(hash);
    await unlink(path.join(dir, `${hash}.woff2`)).catch(() => undefined);
  }
  return [...subsets.values()].sort((a, b) => a.lastModifiedMs - b.lastModifiedMs);
}
