/* 短视频字体 service worker (SPEC 1): registered from the site root with scope "/".
 * Offline-friendly for static assets only:
 *  - /build/* (fingerprinted, immutable): cache first;
 *  - /images/*, /favicon.svg: stale-while-revalidate;
 * Never caches HTML documents, API responses (/web/api, /api, /subset, /webfont) or anything
 * from another origin; everything else goes straight to the network. */
"use strict";

var VERSION = "v1";
var BUILD_CACHE = "ziti-build-" + VERSION;
var IMAGE_CACHE = "ziti-images-" + VERSION;
var KEEP = [BUILD_CACHE, IMAGE_CACHE];
var MAX_IMAGES = 200;

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf("ziti-") === 0 && KEEP.indexOf(name) === -1;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

function isCacheable(response) {
  if (!response || !response.ok || response.type !== "basic") return false;
  var type = response.headers.get("Content-Type") || "";
  return type.indexOf("text/html") === -1 && type.indexOf("application/json") === -1;
}

function trim(cache, max) {
  return cache.keys().then(function (keys) {
    if (keys.length <= max) return;
    return Promise.all(
      keys.slice(0, keys.length - max).map(function (key) {
        return cache.delete(key);
      }),
    );
  });
}

function cacheFirst(request) {
  return caches.open(BUILD_CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (isCacheable(response)) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

function staleWhileRevalidate(event) {
  var request = event.request;
  return caches.open(IMAGE_CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      var network = fetch(request)
        .then(function (response) {
          if (isCacheable(response)) {
            return cache.put(request, response.clone()).then(function () {
              return trim(cache, MAX_IMAGES).then(function () {
                return response;
              });
            });
          }
          return response;
        })
        .catch(function (error) {
          if (hit) return hit;
          throw error;
        });
      if (hit) {
        event.waitUntil(network.catch(function () {}));
        return hit;
      }
      return network;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.mode === "navigate" || request.destination === "document") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.search.indexOf("_data") !== -1 || url.pathname.slice(-5) === ".data") return;
  if (url.pathname.indexOf("/build/") === 0) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname.indexOf("/images/") === 0 || url.pathname === "/favicon.svg") {
    event.respondWith(staleWhileRevalidate(event));
  }
});
