/**
 * The site's own banner artwork is an SVG under `/images/banner/`, with a WebP drawn from it beside it
 * (`scripts/generate-artwork.ts`), which is what pages show: each SVG image is a document of its own
 * that the browser loads, styles, lays out and paints on its main thread, where a WebP is decoded off it.
 */
const OWN_BANNER_FILE = /^\/images\/banner\/[a-z0-9-]+\.svg$/;

/** The address a banner's image is shown from: the WebP of the site's own artwork, any other address as it is. */
export function bannerDrawing(src: string): string {
  return OWN_BANNER_FILE.test(src) ? `${src.slice(0, -".svg".length)}.webp` : src;
}
