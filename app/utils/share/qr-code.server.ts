import QRCode from "qrcode";
import { BoundedCache } from "~/utils/bounded-cache.server";

/** Longest address a share code is made for: any page of the site with a long preview text fits. */
export const MAX_SHARED_PATH_LENGTH = 1000;

/** Codes kept made: a few hundred pages shared at once. Each is a few kilobytes of SVG. */
const codes = new BoundedCache<string>({ maxEntries: 300 });

/**
 * The page `path` of this site (starting with one `/`), or null for anything else: a share code is
 * only ever made for the site's own pages, never for an address a visitor makes up.
 */
export function sharedPath(value: string | null): string | null {
  if (!value || value.length > MAX_SHARED_PATH_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s\u0000-\u001f]/.test(value)) return null;
  return value;
}

/** A QR code of `url` as SVG, made on this server (WeChat's scanner reads it; no third party sees the address). */
export function qrCodeSvg(url: string): Promise<string> {
  return codes.get(url, () => QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" }));
}
