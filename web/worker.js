// Python off the page's thread: this Web Worker runs Pyodide, the games and the computer players, and
// answers the page's messages (web/page.js) through malefiz.bridge. web/build.py writes site/worker.js as
// one line, RUNTIME (the id of the runtime files and package the memory snapshot was made from), followed
// by this file.
//
// Two starts, one outcome:
// - restored: the page is run by the service worker, which keeps site/snapshot.bin (a memory snapshot of
//   Python with the package imported, made by the build in Node: web/snapshot.mjs). Its header must name
//   this RUNTIME; then Python is restored from it in a fraction of a plain start;
// - plain: the first visit (the snapshot is fetched later, in the background, by the service worker), or
//   any trouble with the snapshot (missing, another runtime's, a failed restore, too little memory).
// Either way every random source is seeded anew (malefiz.bridge.start), so no two visitors roll the same
// dice. The page learns which start it was (it marks html[data-start]).
//
// Messages: the page's head sends {type: "start", snapshot} as it is read, web/page.js {type: "page", page}
// (what malefiz.bridge.start needs), then {id, call: "<json>"}; the worker
// posts {type: "progress", stage}, {type: "ready", start} or {type: "failed", error}, and {id, reply} or
// {id, error} for each call, in order.
/* global RUNTIME */
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { expand, start } from "./boot.mjs";

const HEADER = "malefiz-snapshot ";

// The package's data files (the endgame table) are not in its zip: Python reads one from the site's data/ folder
// when a game first needs it (malefiz.core.data), by a synchronous request, which a worker may make and which the
// service worker answers from its cache offline. A file that cannot be had reads as none (the game goes on
// without it).
const DATA_READER = `
def _reader():
    import malefiz.core.data
    from js import XMLHttpRequest

    def read(path):
        request = XMLHttpRequest.new()
        request.open("GET", "./data/" + path, False)
        request.responseType = "arraybuffer"
        request.send()
        return request.response.to_bytes() if request.status == 200 else None

    malefiz.core.data.elsewhere = read

_reader()
del _reader
`;
let bridge = null;
const waiting = [];

function progress(stage) {
  self.postMessage({ type: "progress", stage });
}

/** The snapshot's bytes when they are this runtime's, else null (the reason goes to the console). */
async function snapshotBytes() {
  const response = await fetch("./snapshot.bin");
  if (!response.ok) throw new Error("snapshot.bin: " + response.status);
  const data = new Uint8Array(await response.arrayBuffer());
  const end = data.indexOf(10);
  const header = new TextDecoder().decode(data.subarray(0, Math.max(end, 0)));
  if (end < 0 || header !== HEADER + RUNTIME) {
    console.info("the memory snapshot is another runtime's (" + header.slice(0, 60) + "): a plain start");
    return null;
  }
  const unpacked = new Blob([data.subarray(end + 1)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return expand(new Uint8Array(await new Response(unpacked).arrayBuffer()));
}

let page = null;
const pageGiven = new Promise((resolve) => {
  page = resolve;
});

async function boot(message) {
  const packageZip = fetch("./malefiz.zip").then((response) => {
    if (!response.ok) throw new Error("malefiz.zip: " + response.status);
    return response.arrayBuffer();
  });
  let pyodide = null;
  let how = "plain";
  if (message.snapshot) {
    try {
      const snapshot = await snapshotBytes();
      if (snapshot) {
        progress("restore");
        pyodide = await start(loadPyodide, { indexURL: "./pyodide/", packageZip, snapshot });
        how = "snapshot";
      }
    } catch (error) {
      console.info("no start from the memory snapshot (" + error + "): a plain start");
      pyodide = null;
    }
  }
  if (!pyodide) {
    progress("python");
    pyodide = await start(loadPyodide, { indexURL: "./pyodide/", packageZip });
  }
  pyodide.runPython(DATA_READER);
  progress("game");
  const module = pyodide.pyimport("malefiz.bridge");
  bridge = module.start(JSON.stringify(await pageGiven));
  return how;
}

function answer(message) {
  try {
    self.postMessage({ id: message.id, reply: bridge.handle(message.call) });
  } catch (error) {
    self.postMessage({ id: message.id, error: String(error && error.message ? error.message : error) });
  }
}

self.addEventListener("message", (event) => {
  const message = event.data;
  if (message && message.type === "start") {
    boot(message).then(
      (how) => {
        self.postMessage({ type: "ready", start: how });
        waiting.splice(0).forEach(answer);
      },
      (error) => self.postMessage({ type: "failed", error: String(error && error.message ? error.message : error) }),
    );
  } else if (message && message.type === "page") {
    page(message.page);
  } else if (bridge) {
    answer(message);
  } else {
    waiting.push(message);
  }
});
