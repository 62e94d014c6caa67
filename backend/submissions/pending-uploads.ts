/**
 * Bytes of 投稿 uploads granted and not yet submitted (decision 023). A credential reserves its
 * declared size when it is issued, unless that would pass the bound of its client or the bound of
 * all clients; the reservation lapses when the upload would have been swept (its credential's
 * expiry and some grace), or is released once the file was submitted or removed.
 */
export type PendingUploads = {
  reserve(upload: PendingUpload, now: number): Promise<PendingDecision>;
  /** Lets go of these uploads' reservations before they lapse; unknown keys are ignored. */
  release(keys: string[]): Promise<void>;
};

export type PendingUpload = {
  /** The upload's key: the reservation's name. */
  key: string;
  /** Whom it counts against: `clientKey(req)`. */
  client: string;
  bytes: number;
  /** When the reservation lapses by itself (ms since the epoch). */
  until: number;
};

export type PendingBounds = { totalBytes: number; perClientBytes: number };

export type PendingDecision =
  | { allowed: true }
  | {
      allowed: false;
      /** Which bound would be passed: the client's own, or the one of every client together. */
      bound: "client" | "total";
      /** Until the first reservation lapses (some room may come back then). */
      retryAfterMs: number;
    };

/** Reservations in this process's memory: one instance only (REDIS_URL shares them, `RedisPendingUploads`). */
export class InMemoryPendingUploads implements PendingUploads {
  /** In the order they were made, which is the order they lapse in: every credential lives as long. */
  private readonly reservations = new Map<string, PendingUpload>();
  private readonly clients = new Map<string, number>();
  private total = 0;

  constructor(private readonly bounds: PendingBounds) {}

  reserve(upload: PendingUpload, now: number): Promise<PendingDecision> {
    this.lapse(now);
    const client = this.clients.get(upload.client) ?? 0;
    const bound =
      client + upload.bytes > this.bounds.perClientBytes
        ? "client"
        : this.total + upload.bytes > this.bounds.totalBytes
          ? "total"
          : null;
    if (bound) {
      const first = this.reservations.values().next().value?.until ?? now;
      return Promise.resolve({ allowed: false, bound, retryAfterMs: Math.max(1_000, first - now) });
    }
    this.reservations.set(upload.key, upload);
    this.clients.set(upload.client, client + upload.bytes);
    this.total += upload.bytes;
    return Promise.resolve({ allowed: true });
  }

  release(keys: string[]): Promise<void> {
    for (const key of keys) this.remove(key);
    return Promise.resolve();
  }

  private lapse(now: number): void {
    for (const [key, reservation] of this.reservations) {
      if (reservation.until > now) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const reservation = this.reservations.get(key);
    if (!reservation) return;
    this.reservations.delete(key);
    this.total -= reservation.bytes;
    const left = (this.clients.get(reservation.client) ?? 0) - reservation.bytes;
    if (left > 0) this.clients.set(reservation.client, left);
    else this.clients.delete(reservation.client);
  }
}
