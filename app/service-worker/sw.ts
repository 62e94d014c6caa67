/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { CACHE_LIMITS, CACHE_NAMES, OFFLINE_PATH, cacheChoice, type CacheChoice } from "./routes";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The build's hashed scripts and styles, the offline page and the site's icons.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new deployment's worker takes over as soon as the old one is idle; open pages keep the build
// they loaded (a chunk that has gone since loads the page asked for in full, once) and offer
// 有新版本，点击刷新.
self.addEventListener("install", () => void self.skipWaiting());
// Every worker controls the open pages at once, so their fetches are answered by one build's caches.
clientsClaim();

const choose =
  (choice: CacheChoice) =>
  ({ url, request }: { url: URL; request: Request }) =>
    cacheChoice(
      { url, method: request.method, mode: request.mode, destination: request.destination },
      self.location.origin,
    ) === choice;

registerRoute(
  choose("page"),
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(CACHE_LIMITS.pages)],
  }),
);

registerRoute(choose("private-page"), new NetworkOnly());

registerRoute(
  choose("subset-font"),
  new CacheFirst({
    cacheName: CACHE_NAMES.subsetFonts,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(CACHE_LIMITS.subsetFonts)],
  }),
);

registerRoute(
  choose("image"),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.images,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(CACHE_LIMITS.images)],
  }),
);

// A navigation the network and the page cache cannot answer gets the offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    const offline = await matchPrecache(OFFLINE_PATH);
    if (offline) return offline;
  }
  return Response.error();
});
