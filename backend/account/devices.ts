import net from "node:net";
import { isLoopbackAddress } from "../mail/outbox.js";

const BROWSERS: Array<[RegExp, string]> = [
  [/MicroMessenger\//, "微信"],
  [/\bQQ\//, "QQ"],
  [/MQQBrowser\/|QQBrowser\//, "QQ浏览器"],
  [/UCBrowser\/|UCWEB/, "UC浏览器"],
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\//, "Opera"],
  [/SamsungBrowser\//, "三星浏览器"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
  [/\bnode\b|undici/i, "Node.js"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/, "HarmonyOS"],
  [/\biPad\b/, "iPadOS"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A short readable name for a user agent, e.g. `Chrome · Windows`; `未知设备` when nothing is recognised. */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "未知设备";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? "未知设备";
}

/**
 * Where an address is, as far as can be told without a location database: this machine, a private
 * network, or unknown.
 */
export function placeOf(ip: string | null | undefined): string {
  if (!ip) return "未知";
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isLoopbackAddress(address)) return "本机";
  if (net.isIPv4(address)) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    if (
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    ) {
      return "局域网";
    }
  } else if (net.isIPv6(address) && /^f[cd]|^fe[89ab]/i.test(address)) {
    return "局域网";
  }
  return "未知";
}
