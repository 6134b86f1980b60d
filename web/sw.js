// The site's service worker: every file of the site in one cache, so that the game
// starts without a network after the first visit.
//
// web/build.py writes site/sw.js as two lines, VERSION (a hash of the content of
// every other file of the site) and FILES (every file of the site, relative to this
// script), followed by this file. A new release has a new VERSION, so the browser
// installs the new worker, which fills a new cache and then deletes the old one.
/* global VERSION, FILES */

// Caches are per origin, and GitHub Pages puts every project of a user on one origin:
// the scope keeps this site's caches apart from those of other sites there.
var PREFIX = "malefiz " + self.registration.scope + " ";
var CACHE = PREFIX + VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        // "no-cache": ask the server (a 304 costs nothing), never take a file of the
        // previous release from the browser's HTTP cache into this release's cache.
        return cache.addAll(
          FILES.map(function (file) {
            return new Request(file, {cache: "no-cache"});
          })
        );
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(PREFIX) === 0 && name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // The game's addresses carry their setup in the query (?game=maedn&seats=...):
  // a page is the cached page whatever its query.
  var options = {ignoreSearch: request.mode === "navigate", ignoreVary: true};
  event.respondWith(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.match(request, options);
      })
      .then(function (cached) {
        return cached || fetch(request);
      })
  );
});
