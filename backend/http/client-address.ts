import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import proxyAddr from "proxy-addr";

/** A request whose client has an address: Express's, or one answered without Express given its `ip`. */
export type AddressedRequest = {
  readonly ip?: string | undefined;
  readonly socket: { readonly remoteAddress?: string | undefined };
};

/** Which proxies' forwarded addresses an app believes: Express's compiled `trust proxy fn`. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The client's address as Express's `req.ip` gives it under `trust`, for a request answered without Express. */
export function forwardedClientIp(req: IncomingMessage, trust: ProxyTrust): string {
  return proxyAddr(req, trust);
}

/** The client's address as Express sees it (`req.ip`, which honours the `trust proxy` setting). */
export function clientIp(req: AddressedRequest): string {
  return req.ip || req.socket.remoteAddress || "unknown";
}

/**
 * Whom a request counts against: its IP address as Express sees it. An IPv6 client counts by its /64
 * network, since one host may be given a whole /64 and could otherwise pick a fresh address for every
 * request.
 */
export function clientKey(req: AddressedRequest): string {
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
