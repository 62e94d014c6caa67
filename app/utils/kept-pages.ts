/** How long an address asked for once is remembered: asked for again within it, its page is kept. */
const ASKED_ONCE_MS = 5 * 60_000;
/** Bound on the addresses remembered as asked for once (their characters, 2 bytes each), the oldest forgotten first. */
const MAX_ASKED_ONCE_BYTES = 1024 * 1024;

/**
 * The addresses asked for once lately. Most addresses of new words (`/font?text=…`) are asked for
 * once: a page is kept (or made a template) only from the second time its address is asked for, so
 * that such an answer costs no more than rendering it.
 */
class AskedOnce {
  private readonly asked = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether `key` was asked for before, within ASKED_ONCE_MS; if not, it is now. */
  askedBefore(key: string): boolean {
    const until = this.asked.get(key);
    if (until !== undefined) {
      this.asked.delete(key);
      this.bytes -= key.length * 2;
      if (until > this.now()) return true;
    }
    this.asked.set(key, this.now() + ASKED_ONCE_MS);
    this.bytes += key.length * 2;
    for (const oldest of this.asked.keys()) {
      if (this.bytes <= MAX_ASKED_ONCE_BYTES) break;
      this.asked.delete(oldest);
      this.bytes -= oldest.length * 2;
    }
    return false;
  }
}

/**
 * Pages (or their templates) kept by address, answered until they expire, the least recently used
 * forgotten first past `maxBytes`. A page is worth keeping the second time its address is asked for,
 * or whenever one was kept before (its expired page stays, counted, until the new one replaces it).
 */
export class KeptPages<Page extends { bytes: number; expiresAt: number }> {
  private readonly pages = new Map<string, Page>();
  private readonly askedOnce: AskedOnce;
  private keptBytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.askedOnce = new AskedOnce(now);
  }

  /** The page kept for `key` while it has not expired, now the most recently used. */
  fresh(key: string): Page | undefined {
    const page = this.pages.get(key);
    if (!page || page.expiresAt <= this.now()) return undefined;
    // Re-inserted so the Map's order stays least recently used first.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Whether this answer for `key` is worth keeping: a page was kept for it before, or it was asked for before. */
  worthKeeping(key: string): boolean {
    return this.pages.has(key) || this.askedOnce.askedBefore(key);
  }

  keep(key: string, page: Page): void {
    const held = this.pages.get(key);
    if (held) {
      this.pages.delete(key);
      this.keptBytes -= held.bytes;
    }
    if (page.bytes > this.maxBytes) return;
    this.pages.set(key, page);
    this.keptBytes += page.bytes;
    for (const [oldestKey, oldest] of this.pages) {
      if (this.keptBytes <= this.maxBytes) break;
      this.pages.delete(oldestKey);
      this.keptBytes -= oldest.bytes;
    }
  }
}
