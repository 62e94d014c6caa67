/** Least recently used first out, bounded by the bytes each entry is counted for. */
export class ByteBoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private usedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.usedBytes -= entry.bytes;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value of `key`, not counted as a use (`get` counts it). */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.usedBytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.usedBytes += bytes;
    for (const [oldKey, entry] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.usedBytes -= entry.bytes;
    }
  }

  get bytes(): number {
    return this.usedBytes;
  }
}
