/** How long an address asked for once is remembered: asked for again within it, its page is kept. */
const ASKED_ONCE_MS = 5 * 60_000;
/** Bound on the addresses remembered as asked for once (their characters, 2 bytes each), the oldest forgotten first. */
const MAX_ASKED_ONCE_BYTES = 1024 * 1024;

/**
 * The addresses asked for once lately. Most addresses of new words (`/font?text=…`) are asked for
 * once: a page is kept (or made a template) only from the second time its address is asked for, so
 * that such an answer costs no more than rendering it.
 */
export class AskedOnce {
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
