/**
 * A style card as a page's data carries it, and what the browser works out from its code: the list of
 * its style and the drawing of its card (`toStyleCardData` leaves them out when they are these).
 */

export type Theme = "dark" | "light";

export type StyleCardData = { code: string; name: string; href?: string; image?: Record<Theme, string> };

/** The drawing pages show for a card of the site's own artwork: a WebP rendered from its SVG. */
export function cardDrawing(name: string, theme: Theme): string {
  return `/images/category/${name}-${theme}.webp`;
}

export function styleListHref(code: string): string {
  return `/font?style=${encodeURIComponent(code)}`;
}

export function styleCardHref(card: StyleCardData): string {
  return card.href ?? styleListHref(card.code);
}

export function styleCardImage(card: StyleCardData, theme: Theme): string {
  return card.image?.[theme] ?? cardDrawing(card.code, theme);
}
