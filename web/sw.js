// The site's service worker: every file of the site in one cache per release, so that the game
// starts without a network after the first visit, and a new release arrives at the next page load.
//
// web/build.py writes site/sw.js as two lines, VERSION (a hash of the content of every other file
// of the site) and FILES (every file of the site, relative to this script, with the SHA-256 of its
// content), followed by this file; and site/release.json, the same version and files.
//
// Two ways bring a new release, and both fill its cache the same way: the files whose hash did not
// change come from a cache that has them (the Pyodide runtime, most often), only the others are
// downloaded (and checked against their hash). Every entry carries its hash (the HASH header), so a
// cache holds exactly its release's files.
//
// - At every page load the running worker, whatever its own VERSION, reads release.json (never from
//   a cache): a release it has no complete cache of is built in the background, and once complete
//   it is the current release, which every page loaded from then on runs. The open pages still on
//   an older release are told, and offer the new one (#update). This does not wait for the browser
//   to look at sw.js, which it puts off while pages keep loading.
// - The browser installs a changed sw.js as before: its install fills its release's cache (at once
//   when the worker above did so already) and makes it current. The new worker takes over only when
//   no page is open or a page asks for it (the Reload of #update), never by itself in the middle of loads.
// A page load that comes while a release is being built waits for it (a few seconds at most).
//
// Never two releases in one page: a page runs the release that was current when it was loaded. Each
// page's release is noted in that release's cache (PAGE + the page's client id), where a later
// worker finds it too; every request of the page is served from that cache. A page that has no
// note (loaded by a worker from before these notes, or from the network before the first worker
// took it over) is given one as the worker first meets it: when a new worker activates, the pages
// the old worker served get the old worker's cache if there is exactly one other (an older worker
// kept exactly one), else the current release, which is also what a page loaded from the network at
// the first visit most likely is (the same server gave it and this sw.js).
//
// A release's cache is deleted once no open page runs it, it is not the current release and it is
// not being built, nor that of a newer worker on its way (installed: complete, but current only as it activates).
/* global VERSION, FILES */

// Caches are per origin, and GitHub Pages puts every project of a user on one origin:
// the scope keeps this site's caches apart from those of other sites there.
var PREFIX = "malefiz " + self.registration.scope + " ";
var CACHE = PREFIX + VERSION;
var HASH = "X-Malefiz-SHA256";
var SAME = {ignoreVary: true};
var RELEASE = "./release.json";
// In a release's cache once it holds every file: {"time": n}, n the higher the later it became the current release.
var MARK = "./.sw/release";
// + a page's client id, in the cache of the release the page runs.
var PAGE = "./.sw/page/";
// On a page's note: the time its load began, until the worker meets the page ("0" then).
var LOADING = "X-Malefiz-Loading";
// How long a note of a page being loaded is kept while the page cannot be found.
var LOAD_TIME = 60000;

var pages = {}; // client id -> version: the notes this worker has read or written
var unmet = {}; // client ids noted as loading whose first request of their own has not come yet
var checking = null; // the look at release.json under way
var building = null; // the version whose cache is being built
var queue = Promise.resolve(); // the changes of which release is current, of the notes and of the caches

/** Run `task` after every task locked before it (it must never wait for a page to load). */
function locked(task) {
  var run = queue.then(task);
  queue = run.catch(function () {});
  return run;
}

function nameOf(version) {
  return PREFIX + version;
}

function pageUrl(id) {
  return PAGE + encodeURIComponent(id);
}

function quietly() {
  return undefined;
}

/** This site's release caches: [{version, time}], time null for a cache that is not complete. */
function releases() {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (name) {
          return name.indexOf(PREFIX) === 0;
        })
        .map(function (name) {
          return caches.match(MARK, {cacheName: name}).then(function (mark) {
            return (mark ? mark.json() : Promise.resolve(null)).then(function (data) {
              return {version: name.slice(PREFIX.length), time: data ? data.time : null};
            });
          });
        })
    );
  });
}

/** The current release (the complete cache made current last), or null when there is none. */
function current() {
  return releases().then(function (all) {
    var best = null;
    all.forEach(function (release) {
      if (release.time !== null && (best === null || release.time > best.time)) best = release;
    });
    return best && best.version;
  });
}

/** Make the complete cache of `version` the current release (locked). */
function makeCurrent(version) {
  return releases().then(function (all) {
    var latest = 0;
    all.forEach(function (release) {
      if (release.time !== null && release.version !== version) latest = Math.max(latest, release.time);
    });
    return mark(version, Math.max(Date.now(), latest + 1));
  });
}

/** Mark the cache of `version` with `time` (locked). A cache deleted meanwhile stays deleted: opening it would make
 * an empty cache that only looks complete. */
function mark(version, time) {
  return caches.has(nameOf(version)).then(function (there) {
    if (!there) return undefined;
    return caches.open(nameOf(version)).then(function (cache) {
      var body = JSON.stringify({time: time});
      return cache.put(MARK, new Response(body, {headers: {"Content-Type": "application/json"}}));
    });
  });
}

/** Note that the page `id` runs `version` (locked: a note is never written into a cache being deleted). */
function note(id, version, loading) {
  pages[id] = version;
  if (loading) unmet[id] = true;
  else delete unmet[id];
  return caches.open(nameOf(version)).then(function (cache) {
    // A page being loaded is not found by clients.get yet: its note says since when, so that no worker (this one
    // restarted, or the next) takes it for a closed page meanwhile.
    var headers = {};
    headers[LOADING] = loading ? String(Date.now()) : "0";
    return cache.put(pageUrl(id), new Response(version, {headers: headers}));
  });
}

/** Note that every page of `open` (clients) that has no note yet runs `version` (locked). */
function noteTheUnnoted(open, version) {
  return Promise.all(
    open.map(function (client) {
      return noted(client.id).then(function (found) {
        return found ? undefined : note(client.id, version, false);
      });
    })
  );
}

/** The release the page `id` runs, from its note; undefined if it has none. */
function noted(id) {
  if (pages[id]) return Promise.resolve(pages[id]);
  return caches.match(pageUrl(id)).then(function (found) {
    return found
      ? found.text().then(function (version) {
          pages[id] = version;
          return version;
        })
      : undefined;
  });
}

/** The release of the page `id`: its note, else the current release (noted now, so that it stays). */
function releaseOf(id) {
  return noted(id).then(function (version) {
    return (
      version ||
      locked(function () {
        return current().then(function (now) {
          if (!now || pages[id]) return pages[id] || now;
          return note(id, now, false).then(function () {
            return now;
          });
        });
      })
    );
  });
}

// ---- Filling a release's cache.

/** The site's caches but `version`'s. */
function otherCaches(version) {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (name) {
          return name.indexOf(PREFIX) === 0 && name !== nameOf(version);
        })
        .map(function (name) {
          return caches.open(name);
        })
    );
  });
}

/** Run `task` holding the Web Lock `name`, shared by every worker of the site (directly where there are none). */
function exclusively(name, task) {
  var locks = self.navigator && self.navigator.locks;
  return locks ? locks.request(name, task) : task();
}

/** Put every file of `files` ([[url, hash], ...]) into the cache of `version`, then mark it complete. One worker
 * at a time fills a cache (the active worker after reading release.json and a new one installing often fill the
 * same one at once): the second finds it complete and downloads nothing again. */
function fill(version, files, time, then) {
  return exclusively(nameOf(version), function () {
    return filling(version, files, time).then(then);
  });
}

/** Settled once no worker fills a cache of the site any more (as far as Web Locks tell). */
function fills() {
  var locks = self.navigator && self.navigator.locks;
  if (!locks) return Promise.resolve();
  return locks.query().then(function (state) {
    var names = {};
    (state.held || []).concat(state.pending || []).forEach(function (lock) {
      if (lock.name && lock.name.indexOf(PREFIX) === 0) names[lock.name] = true;
    });
    return Promise.all(
      Object.keys(names).map(function (name) {
        return locks.request(name, {mode: "shared"}, quietly);
      })
    );
  });
}

function filling(version, files, time) {
  return Promise.all([caches.open(nameOf(version)), otherCaches(version)]).then(function (opened) {
    return opened[0].match(MARK).then(function (complete) {
      if (complete) return undefined;
      return Promise.all(
        files.map(function (entry) {
          return keep(opened[0], opened[1], entry[0], entry[1]);
        })
      ).then(function () {
        // Under the lock, and only if no one marked it meanwhile: a release made current is never marked back.
        return locked(function () {
          return opened[0].match(MARK).then(function (marked) {
            return time === null || marked ? undefined : mark(version, time);
          });
        });
      });
    });
  });
}

/** Put `file` into `cache` unless it is there already: from another cache when it has the same hash, else
 * downloaded. */
function keep(cache, others, file, hash) {
  return cache.match(file, SAME).then(function (here) {
    if (here && here.headers.get(HASH) === hash) return undefined;
    return others
      .reduce(function (found, other) {
        return found.then(function (response) {
          return (
            response ||
            other.match(file, SAME).then(function (old) {
              return old && old.headers.get(HASH) === hash ? old : undefined;
            })
          );
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
  // "no-cache": ask the server (a 304 costs nothing), never take a file of another
  // release from the browser's HTTP cache into this release's cache.
  return fetch(new Request(file, {cache: "no-cache"})).then(function (response) {
    if (!response.ok) throw new Error(file + ": HTTP " + response.status);
    return response.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body).then(function (digest) {
        if (hex(digest) !== hash) throw new Error(file + " is not the file of its release");
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

// ---- A new release through release.json.

function valid(release) {
  return (
    release !== null &&
    typeof release === "object" &&
    typeof release.version === "string" &&
    /^[0-9a-f]{1,64}$/.test(release.version) &&
    Array.isArray(release.files) &&
    release.files.length > 0 &&
    release.files.every(function (entry) {
      return (
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === "string" &&
        entry[0].indexOf("./") === 0 &&
        entry[0].indexOf("./.sw/") !== 0 &&
        typeof entry[1] === "string" &&
        /^[0-9a-f]{64}$/.test(entry[1])
      );
    })
  );
}

/** Read release.json; build its release's cache if need be and make it current. Never fails: without a
 * network (or without release.json, or with a download that does not match) the current release stays. */
function check() {
  if (!checking) {
    checking = fetch(RELEASE, {cache: "no-store"})
      .then(function (response) {
        if (!response.ok) throw new Error(RELEASE + ": HTTP " + response.status);
        return response.json();
      })
      .then(function (release) {
        if (!valid(release)) throw new Error(RELEASE + " is not a release");
        return adopt(release.version, release.files);
      })
      .catch(quietly)
      .then(function () {
        checking = null;
      });
  }
  return checking;
}

function adopt(version, files) {
  building = version;
  // Made current while the cache is still held: a load waiting for the fill then runs the new release.
  return fill(version, files, 0, function () {
    return locked(function () {
      return current().then(function (now) {
        if (now === version) return false;
        return makeCurrent(version).then(function () {
          return true;
        });
      });
    });
  })
    .then(
      function (changed) {
        building = null;
        return changed;
      },
      function (error) {
        building = null;
        throw error;
      }
    )
    .then(function (changed) {
      return changed ? Promise.all([announce(version), tidy()]) : undefined;
    });
}

/** Tell every open page that runs another release than `version` that `version` is ready (`unnoted`: a page
 * without a note too). */
function announce(version, unnoted) {
  // Every page of the site: an installing worker controls none of them yet.
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (open) {
    return Promise.all(
      open.map(function (client) {
        return noted(client.id).then(function (theirs) {
          if ((theirs || unnoted) && theirs !== version) client.postMessage({type: "release", version: version});
        });
      })
    );
  });
}

// ---- Deleting what no page uses.

/** Forget the notes of closed pages, then delete every cache no open page runs (but the current release's
 * and the one being built). */
function tidy() {
  return caches
    .keys()
    .then(function (names) {
      var ours = names.filter(function (name) {
        return name.indexOf(PREFIX) === 0;
      });
      return Promise.all(
        ours.map(function (name) {
          return caches.open(name).then(function (cache) {
            return cache.keys().then(function (requests) {
              return requests
                .filter(function (request) {
                  return new URL(request.url).pathname.indexOf(new URL(PAGE, self.location).pathname) === 0;
                })
                .map(function (request) {
                  return cache.match(request).then(function (response) {
                    var since = Number((response && response.headers.get(LOADING)) || 0);
                    return {
                      cache: cache,
                      request: request,
                      id: decodeURIComponent(request.url.split("/").pop()),
                      loading: since > 0 && Date.now() - since < LOAD_TIME,
                    };
                  });
                });
            }).then(function (entries) {
              return Promise.all(entries);
            });
          });
        })
      );
    })
    .then(function (lists) {
      var notes = [].concat.apply([], lists);
      // clients.get does not find a page still loading (its note says so) nor a closed one.
      return Promise.all(
        notes.map(function (entry) {
          if (entry.loading) return true;
          return self.clients.get(entry.id).then(Boolean, function () {
            return true;
          });
        })
      ).then(function (open) {
        return notes.filter(function (entry, index) {
          return !open[index];
        });
      });
    })
    .then(function (closed) {
      return locked(function () {
        return Promise.all(
          closed.map(function (entry) {
            delete pages[entry.id];
            return entry.cache.delete(entry.request);
          })
        )
          .then(function () {
            return Promise.all([caches.keys(), current()]);
          })
          .then(function (state) {
            // A newer worker on its way: its release's cache is complete once installed (time 0), but it becomes
            // current only as that worker activates.
            var active = self.registration.active;
            var coming = Boolean(
              self.registration.installing || self.registration.waiting || (active && active.state !== "activated")
            );
            return Promise.all(
              state[0]
                .filter(function (name) {
                  return name.indexOf(PREFIX) === 0 && name !== nameOf(state[1]) && name !== nameOf(building);
                })
                .map(function (name) {
                  return caches.open(name).then(function (cache) {
                    return Promise.all([cache.match(MARK), cache.keys()])
                      .then(function (found) {
                        return (found[0] ? found[0].json() : Promise.resolve(null)).then(function (data) {
                          return {time: data ? data.time : null, requests: found[1]};
                        });
                      })
                      .then(function (found) {
                        var used = found.requests.some(function (request) {
                          return new URL(request.url).pathname.indexOf(new URL(PAGE, self.location).pathname) === 0;
                        });
                        // A cache never made current (filling, or filled) may be a newer worker's.
                        if (used || (coming && !found.time)) return undefined;
                        return caches.delete(name);
                      });
                  });
                })
            );
          });
      });
    })
    .catch(quietly);
}

// ---- The worker's life.

// A new sw.js is installed with its release's cache complete and current: pages loaded from then on run it (served
// by the worker that is active until then, as for a release that came through release.json), and the open pages
// offer it. The new worker then waits: it takes over once no page is open, or when a page asks for it (its Reload),
// never in the middle of loads. Chromium was seen, under load, restarting the old worker when a load came as
// a new one took over by itself (skipWaiting at install), and that load then never finished.
self.addEventListener("install", function (event) {
  event.waitUntil(
    fill(VERSION, FILES, 0, function () {
      return self.clients.matchAll({includeUncontrolled: true}).then(function (open) {
        return locked(function () {
          return current().then(function (now) {
            if (now === VERSION) return undefined;
            // The open pages keep the release they run: one that has no note yet gets it now.
            return (now ? noteTheUnnoted(open, now) : Promise.resolve()).then(function () {
              return makeCurrent(VERSION);
            });
          });
        });
      });
    })
      .then(function () {
        // An update (a worker is active): every open page is told, those the active worker has not noted too (a
        // page of the first visit came from the network). A first install has no release to offer.
        return self.registration.active ? announce(VERSION, true) : undefined;
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    Promise.all([self.clients.matchAll({includeUncontrolled: true}), caches.keys()])
      .then(function (state) {
        var before = state[1].filter(function (name) {
          return name.indexOf(PREFIX) === 0 && name !== CACHE;
        });
        var old = before.length === 1 ? before[0].slice(PREFIX.length) : VERSION;
        return locked(function () {
          return noteTheUnnoted(state[0], old).then(function () {
            return makeCurrent(VERSION);
          });
        });
      })
      .then(function () {
        return self.clients.claim();
      })
      .then(function () {
        return announce(VERSION);
      })
  );
});

// A page tells the worker it has loaded: the pages it replaced are gone now, and it learns whether a newer
// release is ready than the one it runs.
self.addEventListener("message", function (event) {
  var source = event.source;
  // The page's Reload: this worker, installed and waiting, takes over now; the page reloads once it has.
  if (event.data && event.data.type === "skip") return event.waitUntil(self.skipWaiting());
  if (!source || !event.data || event.data.type !== "loaded") return;
  event.waitUntil(
    Promise.all([noted(source.id), current()])
      .then(function (found) {
        if (found[0] && found[1] && found[0] !== found[1]) source.postMessage({type: "release", version: found[1]});
      })
      .then(tidy)
  );
});

// How long a page load waits for a release being built.
var PATIENCE = 8000;

/** Settled once `promise` is, or after `ms` at the latest; never fails. */
function within(promise, ms) {
  return Promise.race([
    promise.catch(quietly),
    new Promise(function (resolve) {
      setTimeout(resolve, ms);
    }),
  ]);
}

function serve(request, version, navigate) {
  if (!version) return fetch(request);
  // The game's addresses carry their setup in the query (?game=maedn&seats=...):
  // a page is the cached page whatever its query.
  var options = {cacheName: nameOf(version), ignoreSearch: navigate, ignoreVary: true};
  return caches.match(request, options).then(function (cached) {
    return cached || fetch(request);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // A new page: it runs the current release, and every request it makes is served from that release.
    var id = event.resultingClientId;
    // A release being built as the page loads (the look at release.json that the load before started) is
    // waited for, a few seconds at most: so a reload right after a release runs it by the second load.
    var version = within(Promise.all([checking, fills()]), PATIENCE).then(function () {
      return locked(function () {
        return current().then(function (now) {
          return now && id
            ? note(id, now, true).then(function () {
                return now;
              })
            : now;
        });
      });
    });
    event.respondWith(
      version.then(function (now) {
        return serve(request, now, true);
      })
    );
    // The look at release.json starts as soon as this page has its release, so that the next load finds it.
    event.waitUntil(version.then(check, quietly).then(tidy));
    return;
  }
  var release = event.clientId ? releaseOf(event.clientId) : current();
  if (event.resultingClientId) {
    // A worker's script: the worker runs its page's release.
    var worker = event.resultingClientId;
    release = release.then(function (version) {
      return version
        ? locked(function () {
            return note(worker, version, true);
          }).then(function () {
            return version;
          })
        : version;
    });
  }
  event.respondWith(
    release.then(function (version) {
      return serve(request, version, false);
    })
  );
  if (event.clientId && unmet[event.clientId]) {
    // The page (or worker) is there and asks for files: its note no longer needs to say it is loading.
    var met = event.clientId;
    delete unmet[met];
    event.waitUntil(
      release
        .then(function (version) {
          return version
            ? locked(function () {
                return note(met, pages[met] || version, false);
              })
            : undefined;
        })
        .catch(quietly)
    );
  }
});
