/**
 * A bounded in-memory cache of values that take an asynchronous load: the least recently used
 * entry goes first once `maxEntries` are held, callers asking for the same key while it loads share
 * one load, a failed load is not kept, and an entry older than `ttlMs` (when given) is loaded again.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; loadedAt: number }>();

  constructor(private readonly options: { maxEntries: number; ttlMs?: number }) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const held = this.entries.get(key);
    if (held && (this.options.ttlMs === undefined || now - held.loadedAt < this.options.ttlMs)) {
      // Re-inserted so the Map's order stays least recently used first.
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.value;
    }
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { value, loadedAt: now });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
