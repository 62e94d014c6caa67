import type { ApiCaller } from "~/services/api-client.server";
import { isApiError } from "~/utils/api-errors";
import { getFont } from "~/services/catalogue.server";
import { fetchOutlineImage } from "~/services/outlines.server";
import { BoundedCache } from "~/utils/bounded-cache.server";

/** Pictures kept made (a 1200×630 PNG of a name is some tens of kilobytes): the fonts shared at once. */
const pictures = new BoundedCache<Uint8Array | null>({ maxEntries: 64, ttlMs: 60 * 60_000 });

/**
 * The picture of a shared font page: the family's name drawn from the font's own outlines by the
 * subset service's renderer, 1200×630 as Open Graph wants, light on the site's dark ground. Null for an
 * unknown font; a renderer that fails leaves the page with the site's default picture next time.
 */
export function fontSharePicture(caller: ApiCaller, fontGNo: string): Promise<Uint8Array | null> {
  return pictures.get(fontGNo, async () => {
    const font = await getFont(caller, fontGNo).catch((error: unknown) => {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
      throw error;
    });
    if (!font) return null;
    const name = font.familyName;
    const size = Math.max(72, Math.min(180, Math.floor(1000 / Math.max(1, [...name].length))));
    const image = await fetchOutlineImage(
      caller,
      {
        gno: fontGNo,
        text: name,
        size: String(size),
        color: "#f5f6f8",
        background: "#0e0f13",
        width: "1200",
        height: "630",
      },
      "png",
    );
    return image.bytes;
  });
}
