/** The requests the service worker answers, and how; plain functions so they are tested without a worker. */

/** The page shown when a navigation fails without a network connection. */
export const OFFLINE_PATH = "/offline";

export const CACHE_NAMES = {
  pages: "ziti-pages",
  subsetFonts: "ziti-subset-fonts",
  images: "ziti-images",
} as const;

/** How many entries each runtime cache keeps, and for how long. */
export const CACHE_LIMITS = {
  pages: { maxEntries: 30, maxAgeSeconds: 7 * 24 * 60 * 60 },
  subsetFonts: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 },
  images: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
} as const;

/** A subset font file: its name is the hash of its font and characters, so its content never changes. */
const SUBSET_FILE = /\/webfont\/files\/[0-9a-f]{32}\.(?:woff2?|ttf)$/;

/** Pages that belong to one visitor or change state: never kept for offline reading. */
const PRIVATE_PAGE = /^\/(?:user|account|resources|pdf)(?:[/._]|$)/;

export type RequestFacts = { url: URL; method: string; mode: RequestMode; destination: RequestDestination };

export type CacheChoice = "page" | "private-page" | "subset-font" | "image" | "network";

/**
 * Which cache answers a request: pages the visitor read (network first), pages of an account
 * (network only, the offline page when it fails), subset font files (cache first, from this site
 * or the subset host), images of this site (stale while revalidate). Everything else (API calls,
 * Remix data, uploads, other sites) goes to the network untouched.
 */
export function cacheChoice({ url, method, mode, destination }: RequestFacts, origin: string): CacheChoice {
  if (method !== "GET") return "network";
  if (SUBSET_FILE.test(url.pathname) && (destination === "font" || destination === "")) return "subset-font";
  if (url.origin !== origin) return "network";
  if (mode === "navigate") return isOfflineReadablePage(url) ? "page" : "private-page";
  if (destination === "image" && !url.pathname.startsWith("/build/")) return "image";
  return "network";
}

/** A navigation whose page may be kept and shown again offline. */
export function isOfflineReadablePage(url: URL): boolean {
  return !PRIVATE_PAGE.test(url.pathname) && url.pathname !== OFFLINE_PATH;
}
