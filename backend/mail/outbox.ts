import { BlockList, isIP } from "node:net";
import type { OutboxEntry } from "../../contract/account.js";

/** At most this many messages are kept; the oldest goes first. */
export const OUTBOX_CAPACITY = 50;

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** True for 127.0.0.0/8 and ::1 (also written as ::ffff:127.x.x.x): a client on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  if (!address || family === 0) return false;
  return loopback.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The local outbox: codes and notices for a channel this server cannot deliver (no SMTP_URL or
 * SMS_GATEWAY_URL), kept in this process's memory for the visitor on this machine to read at
 * /outbox. Bounded in count; a message leaves when its code expires (decision 022).
 */
export class Outbox {
  private entries: Array<OutboxEntry & { expiresMs: number }> = [];

  constructor(
    private readonly lifetimeMs: number,
    private readonly capacity = OUTBOX_CAPACITY,
  ) {}

  put(message: Pick<OutboxEntry, "channel" | "target" | "purpose" | "code" | "notice">, now: Date): void {
    const expiresMs = now.getTime() + this.lifetimeMs;
    this.entries.unshift({
      ...message,
      sentAt: now.toISOString(),
      expiresAt: new Date(expiresMs).toISOString(),
      expiresMs,
    });
    this.entries.length = Math.min(this.entries.length, this.capacity);
  }

  /** The messages whose code is still valid, newest first. */
  list(now: Date): OutboxEntry[] {
    this.entries = this.entries.filter((entry) => entry.expiresMs > now.getTime());
    return this.entries.map(({ expiresMs: _expiresMs, ...entry }) => entry);
  }
}
