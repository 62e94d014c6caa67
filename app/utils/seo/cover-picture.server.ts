import { readFile } from "node:fs/promises";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { BoundedCache } from "~/utils/bounded-cache.server";

/** An article's cover as this site ships it: an SVG of shapes under public/images/content/. */
const COVER_PATTERN = /^\/images\/content\/(?:albums|cases|news|videos)\/[a-z0-9-]{1,80}\.svg$/;

/** Covers kept rasterised (a 1200-wide PNG is some tens of kilobytes). */
const pictures = new BoundedCache<Uint8Array | null>({ maxEntries: 64, ttlMs: 60 * 60_000 });

export function isCoverPath(value: string | null): value is string {
  return value !== null && COVER_PATTERN.test(value);
}

/**
 * The cover at `coverPath` as a PNG 1200 pixels wide, for sites that do not show an SVG `og:image`
 * (WeChat, Weibo and most chat apps); null when there is no such cover.
 */
export function coverPicture(coverPath: string): Promise<Uint8Array | null> {
  return pictures.get(coverPath, async () => {
    const svg = await readFile(path.join(process.cwd(), "public", coverPath), "utf8").catch(() => null);
    if (svg === null) return null;
    return new Resvg(svg, { fitTo: { mode: "width", value: 1200 }, font: { loadSystemFonts: false } }).render().asPng();
  });
}
