/** The catalogue's values, without zod: the browser reads them too. */

/** A font number as the API takes and gives it (`10001`). */
export const FONT_GNO_PATTERN = /^\d{1,12}$/;

/** The style categories a list may be filtered by; `all` means no filter. */
export const STYLE_CODES = [
  "all",
  "daily",
  "food",
  "brand",
  "vlog",
  "travel",
  "plot",
  "beat",
  "anime",
  "pets",
  "news",
  "humour",
  "cover",
  "opening",
  "subtitle",
  "flower",
  "handwriting",
  "art",
  "brush",
  "creative",
  "acid",
  "personality",
  "cute",
  "cool",
  "japanese",
  "chinese",
  "hand-drawn",
  "2d",
  "fresh",
  "power",
  "classic",
  "live",
  "free",
  "music",
  "hei",
  "song",
  "round",
  "game",
] as const;
export type StyleCode = (typeof STYLE_CODES)[number];

/**
 * How many style cards, the first of `STYLE_CODES`, a phone's home page shows before 展开全部. Their
 * artwork has a sheet of its own, so a phone fetches and parses only what it draws.
 */
export const STYLE_CARDS_SHOWN_FIRST = 8;

/** Chinese names of the CSS weights, in font names, download file names and the weight filter. */
export const WEIGHT_NAMES: Readonly<Record<number, string>> = {
  100: "极细",
  200: "特细",
  300: "细体",
  400: "常规",
  500: "中等",
  600: "半粗",
  700: "粗体",
  800: "特粗",
  900: "超粗",
};

export const FONT_SORTS = ["hot", "new", "name"] as const;
export type FontSort = (typeof FONT_SORTS)[number];

export const KEYWORD_MAX = 50;
/** The font list's `text` filter, in code points. */
export const FONT_LIST_TEXT_MAX = 200;
export const KEYWORD_LIMIT_MAX = 20;
export const KEYWORD_LIMIT_DEFAULT = 10;

/** Where a whole font file is downloaded (`downloadFont`). */
export const FONT_DOWNLOAD_PATH = "/api/v1/web/:id/download";
