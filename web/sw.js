// The site's service worker: every file of the site in one cache, so that the game
// starts without a network after the first visit.
//
// web/build.py writes site/sw.js as two lines, VERSION (a hash of the content of
// every other file of the site) and FILES (every file of the site, relative to this
// script, with the SHA-256 of its content), followed by this file. A new release has a
// new VERSION, so the browser installs the new worker, which fills a new cache and then
// deletes the old one.
//
// An update is quick: the new cache takes every file whose hash did not change from the
// previous release's cache (the Pyodide runtime, most often) and downloads only the others.
// Each entry carries its hash (the HASH header, checked on download), so a cache holds
// exactly its release's files: an entry is only ever copied to a cache that wants that hash.
/* global VERSION, FILES */

// Caches are per origin, and GitHub Pages puts every project of a user on one origin:
// the scope keeps this site's caches apart from those of other sites there.
var PREFIX = "malefiz " + self.registration.scope + " ";
var CACHE = PREFIX + VERSION;
var HASH = "X-Malefiz-SHA256";
var SAME = {ignoreVary: true};

self.addEventListener("install", function (event) {
  event.waitUntil(
    Promise.all([caches.open(CACHE), previousCaches()])
      .then(function (opened) {
        return Promise.all(
          FILES.map(function (entry) {
            return keep(opened[0], opened[1], entry[0], entry[1]);
          })
        );
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

/** This site's other caches (those of earlier releases), oldest first. */
function previousCaches() {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (name) {
          return name.indexOf(PREFIX) === 0 && name !== CACHE;
        })
        .map(function (name) {
          return caches.open(name);
        })
    );
  });
}

/** Put `file` into `cache` unless it is there already: from a previous cache when it has the same hash, else
 * downloaded. */
function keep(cache, previous, file, hash) {
  return cache.match(file, SAME).then(function (here) {
    if (here && here.headers.get(HASH) === hash) return undefined;
    return previous
      .reduce(function (found, other) {
        return found.then(function (response) {
          return response || other.match(file, SAME).then(function (old) {
            return old && old.headers.get(HASH) === hash ? old : undefined;
          });
        });
      }, Promise.resolve(undefined))
      .then(function (old) {
        return old || download(file, hash);
      })
      .then(function (response) {
        return cache.put(file, response);
      });
  });
}

/** `file` from the server, checked against its hash, with the hash in its headers. */
function download(file, hash) {
  // "no-cache": ask the server (a 304 costs nothing), never take a file of the
  // previous release from the browser's HTTP cache into this release's cache.
  return fetch(new Request(file, {cache: "no-cache"})).then(function (response) {
    if (!response.ok) throw new Error(file + ": HTTP " + response.status);
    return response.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body).then(function (digest) {
        if (hex(digest) !== hash) throw new Error(file + " is not the file of release " + VERSION);
        var headers = new Headers(response.headers);
        headers.set(HASH, hash);
        headers.delete("Content-Encoding"); // the body is decoded already
        headers.delete("Content-Length");
        return new Response(body, {status: response.status, statusText: response.statusText, headers: headers});
      });
    });
  });
}

function hex(buffer) {
  return Array.prototype.map
    .call(new Uint8Array(buffer), function (byte) {
      return (byte < 16 ? "0" : "") + byte.toString(16);
    })
    .join("");
}

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
