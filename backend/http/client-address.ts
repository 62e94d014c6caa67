import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";

/** The client's address as Express sees it (`req.ip`, which honours the `trust proxy` setting). */
export function clientIp(req: Request): string {
  return req.ip || req.socket.remoteAddress || "unknown";
}

/**
 * Whom a request counts against: its IP address as Express sees it. An IPv6 client counts by its /64
 * network, since one host may be given a whole /64 and could otherwise pick a fresh address for every
 * request.
 */
export function clientKey(req: Request): string {
  const address = (req.ip ?? req.socket.remoteAddress ?? "").split("%", 1)[0]!;
  const mapped = address.toLowerCase().startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIPv4(mapped)) return mapped;
  if (isIPv6(mapped)) return ipv6Network64(mapped);
  return address || "unknown";
}

function ipv6Network64(address: string): string {
  const [head = "", tail] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(":")}::/64`;
}
