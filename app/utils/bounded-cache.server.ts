/** How long a loaded value is used as it is, and then how much longer it is served while a fresh one loads. */
export type CacheLifetime = { freshMs: number; staleMs: number };

type Entry<V> = { value: Promise<V>; freshUntil: number; staleUntil: number; refreshing: boolean };

export type BoundedCacheOptions<V> = {
  maxEntries: number;
  /** Every value lives this long. */
  ttlMs?: number;
  /**
   * Each value's own lifetime, known once it has loaded (e.g. from the answer's Cache-Control). A
   * value with no fresh and no stale time is not kept, though callers that asked while it loaded share it.
   */
  lifetime?: (value: V) => CacheLifetime;
};

/**
 * A bounded in-memory cache of values that take an asynchronous load: the least recently used
 * entry goes first once `maxEntries` are held, callers asking for the same key while it loads share
 * one load, and a failed load is not kept. A value past its fresh time but within its stale time is
 * still answered while one reload runs in the background (stale-while-revalidate); past both, the
 * caller waits for a new load.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(private readonly options: BoundedCacheOptions<V>) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const held = this.entries.get(key);
    if (held && now < held.staleUntil) {
      // Re-inserted so the Map's order stays least recently used first.
      this.entries.delete(key);
      this.entries.set(key, held);
      if (now >= held.freshUntil && !held.refreshing) {
        held.refreshing = true;
        // The stale value keeps being answered; a failed reload leaves it (and lets a later caller retry).
        this.load(key, load, held).catch(() => undefined);
      }
      return held.value;
    }
    return this.load(key, load, undefined);
  }

  private load(key: string, load: () => Promise<V>, replacing: Entry<V> | undefined): Promise<V> {
    const loadedAt = Date.now();
    const value = load();
    const entry: Entry<V> = { value, freshUntil: Infinity, staleUntil: Infinity, refreshing: false };
    if (!replacing) this.hold(key, entry);
    value.then(
      (loaded) => {
        const { freshMs, staleMs } = this.lifetimeOf(loaded);
        entry.freshUntil = loadedAt + freshMs;
        entry.staleUntil = entry.freshUntil + staleMs;
        const current = this.entries.get(key);
        if (replacing && current === replacing) this.hold(key, entry);
        else if (!replacing && current === entry && freshMs + staleMs <= 0) this.entries.delete(key);
      },
      () => {
        if (replacing) replacing.refreshing = false;
        else if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  private lifetimeOf(value: V): CacheLifetime {
    if (this.options.lifetime) return this.options.lifetime(value);
    return { freshMs: this.options.ttlMs ?? Infinity, staleMs: 0 };
  }

  private hold(key: string, entry: Entry<V>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
