"""Build the offline site into ``site/``: ``python web/build.py [--out DIR]``.

What goes in, and nothing else:

- ``pyodide/``: Pyodide's three runtime files from ``node_modules/pyodide`` as they are, its standard library
  trimmed to what the game imports and its lock file without packages (:mod:`runtime`);
- ``panzoom/panzoom.min.js``: the board's pinch and drag zoom, from ``node_modules/@panzoom/panzoom``
  (with its licence header);
- ``qrcode/qrcode.js``: QR codes drawn as SVG (invitations to play from afar), from ``node_modules/qrcode-generator``
  (with its licence header);
- ``malefiz.zip``: the ``malefiz`` package compiled for Pyodide's Python (sourceless ``.pyc``), imported from the
  zip as it is (:mod:`runtime`);
- ``boot.mjs``, ``snapshot.bin``, ``worker.js``: how Python starts, the memory snapshot of it started with every
  module of the package imported, and the worker that runs it (:mod:`runtime`);
- the page from ``web/``: ``index.html`` (with every game's start boards pre-rendered by
  its face's ``board_svg``, the setup form of :mod:`malefiz.page` and the loading words filled in),
  ``style.css``, ``page.js`` (the page's glue), ``keys.js`` (its keyboard and focus), ``device.js`` (the screen
  kept on, the share sheet, a file dropped), ``texts.js`` (its texts),
  ``zoom.js``, ``sound.js``, ``net.js`` (WebRTC data channels) and ``together.js`` (and the rules pages'
  ``rules.js``); the style sheet without its
  comments, the scripts minified by Terser (``minify.mjs``; pinned in package.json, no source maps);
- ``thumb-<game>.svg``: each game's picture on the setup screen;
- ``manifest.webmanifest``, ``icon.svg`` and ``icon-<size>.png``: the web app manifest (install the site as an app)
  and the app's icon (:mod:`icon`);
- ``sw.js``: the service worker (``web/sw.js`` after two generated lines: ``VERSION``, a hash of
  the content of every other file, and ``FILES``, every file of the site with the SHA-256 of its
  content), which precaches the whole site so that the game starts offline after the first visit,
  and takes the files a new release did not change from the previous release's cache;
- ``release.json``: the same version and files, which the running service worker asks for at every
  page load (never cached) to build the next release's cache at once, whatever the browser's own
  schedule for looking at ``sw.js``.

Every URL in the site is relative, so it works under any sub-path (GitHub Pages). The page
carries a Content-Security-Policy: only the site's own files, its inline scripts by hash, and
the ``eval`` and WebAssembly compilation that Pyodide needs.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Final
from urllib.parse import quote

ROOT: Final = Path(__file__).resolve().parent.parent
WEB: Final = ROOT / "web"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(WEB))

import icon  # noqa: E402
from icon import PNG_SIZES  # noqa: E402
from runtime import build_runtime, run_node  # noqa: E402

from malefiz.games import GAMES  # noqa: E402
from malefiz.help import write_rules_pages  # noqa: E402
from malefiz.i18n import ENGLISH, LANGUAGES, Translator  # noqa: E402
from malefiz.page import setup_form  # noqa: E402

PYODIDE_FILES: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""The runtime files Pyodide loads, copied as they are (everything else in its npm package is for node or docs; its
standard library and lock file are trimmed by :mod:`runtime`)."""

PAGE_FILES: Final = (
    "style.css",
    "page.js",
    "keys.js",
    "device.js",
    "texts.js",
    "zoom.js",
    "sound.js",
    "net.js",
    "together.js",
    "rules.js",
)
"""Served from ``web/``: the style sheet without its comments, the scripts minified (``index.html`` is a template;
``rules.js`` is the rules pages' script)."""

_SOURCE_MAP: Final = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")


def css_without_comments(css: str) -> str:
    r"""``css`` without its comments (they are for the people who read ``web/style.css``: some 6 KB a first visit
    need not download) and blank lines. A ``/*`` inside a quoted string stays.

    >>> css_without_comments('a { color: red; } /* why */\n/* two\n   lines */\nb::before { content: "/*"; }\n')
    'a { color: red; }\nb::before { content: "/*"; }\n'
    """
    out: list[str] = []
    i, n = 0, len(css)
    while i < n:
        c = css[i]
        if c in "\"'":
            end = i + 1
            while end < n and css[end] != c:
                end += 2 if css[end] == "\\" else 1
            out.append(css[i : end + 1])
            i = end + 1
        elif css.startswith("/*", i):
            end = css.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(c)
            i += 1
    return "".join(f"{line.rstrip()}\n" for line in "".join(out).split("\n") if line.strip())


def _copy_without_map(source: Path, target: Path) -> None:
    data = source.read_bytes()
    if source.suffix in (".js", ".mjs", ".css"):
        data = _SOURCE_MAP.sub(b"\n", data)
    target.write_bytes(data)


def copy_runtime(node_modules: Path, out: Path) -> None:
    """Copy Pyodide's three runtime files, Panzoom and the QR code generator (no ``.map``) into ``out``."""
    pyodide = out / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        _copy_without_map(node_modules / "pyodide" / name, pyodide / name)
    (out / "panzoom").mkdir()
    _copy_without_map(
        node_modules / "@panzoom" / "panzoom" / "dist" / "panzoom.min.js", out / "panzoom" / "panzoom.min.js"
    )
    (out / "qrcode").mkdir()
    _copy_without_map(node_modules / "qrcode-generator" / "dist" / "qrcode.js", out / "qrcode" / "qrcode.js")


THUMBNAILS: Final = {name: f"./thumb-{name}.svg" for name in GAMES}
"""The setup screen's picture of each game: its first board at the start."""


def thumbnail(svg: str) -> str:
    """A board's SVG as a picture file: no hooks for tests or clicks, no titles."""
    svg = re.sub(r' data-(?:key|field|on)="[^"]*"', "", svg)
    return re.sub(r"<title>[^<]*</title>", "", svg)


def render_index(template: str) -> str:
    """Fill the page template: config, pre-rendered boards, setup form, the games for the first paint, and the
    CSP (hashing the inline scripts)."""
    boards = "".join(
        f'<div class="pre" data-pre="{name}">{game.face.board_svg(name, ENGLISH)}</div>'
        for game in GAMES.values()
        for name in game.boards
    )
    loading = json.dumps({language: Translator(language)("page.loading") for language in LANGUAGES}, ensure_ascii=False)
    games = json.dumps(
        {name: {"title": g.title, "boards": list(g.boards)} for name, g in GAMES.items()}, ensure_ascii=False
    )
    filled = template
    for key, value in (
        ("{{LOADING}}", loading.replace("<", "\\u003c")),
        ("{{BOARDS}}", boards),
        ("{{SETUP}}", setup_form(GAMES, THUMBNAILS)),
        ("{{GAMES}}", games.replace("<", "\\u003c")),
    ):
        if key not in filled:
            raise SystemExit(f"web/index.html: placeholder {key} is missing")
        filled = filled.replace(key, value)
    if "{{TEXTS}}" not in filled or "{{CSP}}" not in filled:
        raise SystemExit("web/index.html: placeholder {{TEXTS}} or {{CSP}} is missing")
    texts = json.dumps(page_texts(filled), ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    filled = filled.replace("{{TEXTS}}", texts)
    return filled.replace("{{CSP}}", html.escape(content_security_policy(filled), quote=False))


TEXT_TARGETS: Final = ("aria-label", "title", "placeholder")
"""The attributes a ``data-i18n-<attribute>`` names a text for (every other ``data-i18n-<name>`` is a value)."""


class _TextFinder(HTMLParser):
    """The elements of a page with texts to speak: each ``data-i18n`` key (and ``data-i18n-<attribute>`` key) with
    the element's placeholder values."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, list[tuple[str, str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pairs = [(name, value or "") for name, value in attrs]
        for name, value in pairs:
            if name == "data-i18n" or (
                name.startswith("data-i18n-") and name.removeprefix("data-i18n-") in TEXT_TARGETS
            ):
                self.found.append((value, pairs))


def text_id(key: str, attributes: list[tuple[str, str]]) -> str:
    """How the page finds an element's text before Python speaks: its key and its placeholder values (web/page.js
    makes the same id).

    >>> text_id("seat.name", [("data-i18n-colour", "red"), ("data-i18n-title", "x"), ("class", "y")])
    'seat.name|colour=red'
    """
    values = sorted(
        (name.removeprefix("data-i18n-"), value)
        for name, value in attributes
        if name.startswith("data-i18n-") and name.removeprefix("data-i18n-") not in TEXT_TARGETS
    )
    return key + "|" + "&".join(f"{name}={value}" for name, value in values)


def page_texts(page: str) -> dict[str, dict[str, str]]:
    """Every fixed text of ``page`` in every language, by :func:`text_id`: what the page shows in the person's
    language at once, before Python has started (Python then says the same)."""
    finder = _TextFinder()
    finder.feed(page)
    texts: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        t = Translator(language)
        texts[language] = {text_id(key, attrs): t(key, **t.attribute_values(attrs)) for key, attrs in finder.found}
    return texts


_INLINE_SCRIPT: Final = re.compile(r"<script(?P<attributes>[^>]*)>(?P<body>.*?)</script>", re.DOTALL)


def inline_scripts(page: str) -> list[str]:
    """The text of every inline JavaScript ``<script>`` of ``page`` (not ``src=``, not ``type="py"``)."""
    scripts = []
    for match in _INLINE_SCRIPT.finditer(page):
        attributes = match["attributes"]
        kind = re.search(r'type="([^"]*)"', attributes)
        if "src=" in attributes or (kind and kind[1] not in ("module", "text/javascript")):
            continue
        scripts.append(match["body"])
    return scripts


def content_security_policy(page: str) -> str:
    """The page's CSP: its own files only, its inline scripts by their SHA-256.

    - no ``eval`` and no WebAssembly on the page: Python runs in the worker (``worker.js``), which a page's
      ``<meta>`` policy does not reach (a worker's policy comes with its own response, and a static host sends
      none): Pyodide's glue there builds functions with ``eval`` as it starts;
    - ``worker-src 'self'``: that worker, and the service worker;
    - ``style-src 'unsafe-inline'``: the boards, rendered by Python at every move, carry their own
      ``<style>`` and ``style=""`` (styles cannot run code; scripts stay hash-only);
    - ``img-src data:``: the pictures of the games kept on the setup screen (:func:`malefiz.shelf.picture`).

    WebRTC (``web/net.js``) needs nothing here, and nothing here can limit it: Chromium (156, checked with a STUN
    server on 127.0.0.1) applies neither ``connect-src`` nor ``default-src`` to a peer connection, its STUN
    requests included, and ignores CSP 3's ``webrtc`` directive ("Unrecognized Content-Security-Policy
    directive"). So a STUN server for play across networks needs no directive, and none can confine the page to
    it: ``net.js`` gives ICE no server unless one is passed, and the page must name that host to the player itself.
    """
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"
        for script in inline_scripts(page)
    )
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' {hashes}".rstrip(),
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        )
    )


SERVICE_WORKER: Final = "sw.js"
"""The service worker's file name, in the site's root: its scope is the whole site."""

RELEASE: Final = "release.json"
"""The release's description (version and files), next to ``sw.js``: what the service worker reads at every page
load to learn of a new release. Like ``sw.js`` it is no file of the release itself (not hashed, not kept)."""

MANIFEST: Final = {
    "name": "Malefiz",
    "short_name": "Malefiz",
    "description": "Malefiz and Mensch ärgere Dich nicht against the computer, offline in the browser.",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "background_color": "#f3ecdf",
    "theme_color": "#3b2b1c",
    "icons": [
        {"src": "./icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        *(
            {"src": f"./icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "maskable"}
            for n in PNG_SIZES
            if n != 180
        ),
    ],
}
"""The web app manifest: URLs relative to the manifest, so the app lives wherever the site does."""


def write_manifest(out: Path) -> None:
    """Write ``manifest.webmanifest`` and the app's icons into ``out``: ``icon.svg`` (any size; the tab's icon too)
    and ``icon-<size>.png`` (:mod:`icon`: 180 px for the home screen of iPhones and iPads, 192 and 512 px for the
    manifest's maskable icons)."""
    manifest = json.dumps(MANIFEST, ensure_ascii=False, indent=1) + "\n"
    (out / "manifest.webmanifest").write_text(manifest, encoding="utf-8")
    (out / "icon.svg").write_text(icon.svg(), encoding="utf-8")
    for size in PNG_SIZES:
        (out / f"icon-{size}.png").write_bytes(icon.png(size))


def site_files(out: Path) -> list[str]:
    """Every file of the site in ``out`` but the service worker and ``release.json``: relative POSIX paths,
    sorted."""
    outside = {out / SERVICE_WORKER, out / RELEASE}
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p not in outside)


def file_hash(path: Path) -> str:
    """The SHA-256 of a file's content, in hex (what the service worker checks a download against)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def site_version(out: Path) -> str:
    """The release: a SHA-256 over the path and content of every file of the site (16 hex digits).

    Any change to any file, and nothing else, gives a new version (and so a new cache).
    """
    digest = hashlib.sha256()
    for name in site_files(out):
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def worker_files(out: Path) -> list[tuple[str, str]]:
    """What the service worker keeps: each URL (relative to ``sw.js``) with the hash of its content.

    ``./`` is the page (``index.html``) as a server gives it for the site's own address.
    """
    files = [(f"./{quote(name)}", file_hash(out / name)) for name in site_files(out)]
    return [("./", file_hash(out / "index.html")), *files]


def write_service_worker(out: Path) -> str:
    """Write ``sw.js`` and ``release.json`` for the site in ``out`` (all of it built already); return its
    version."""
    version = site_version(out)
    files = [list(entry) for entry in worker_files(out)]
    header = f"const VERSION = {json.dumps(version)};\nconst FILES = {json.dumps(files)};\n"
    (out / SERVICE_WORKER).write_text(header + (WEB / "sw.js").read_text(encoding="utf-8"), encoding="utf-8")
    release = json.dumps({"version": version, "files": files}, separators=(",", ":")) + "\n"
    (out / RELEASE).write_text(release, encoding="utf-8")
    return version


def build(out: Path, node_modules: Path = ROOT / "node_modules") -> None:
    """Build the whole site into ``out`` (emptied first)."""
    if not (node_modules / "pyodide" / "pyodide.mjs").exists():
        raise SystemExit(f"{node_modules}: no pyodide here; run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_runtime(node_modules, out)
    build_runtime(node_modules / "pyodide", ROOT, out)  # malefiz.zip, the trimmed runtime, snapshot.bin, worker.js
    styles, scripts = [n for n in PAGE_FILES if n.endswith(".css")], [n for n in PAGE_FILES if n.endswith(".js")]
    for name in styles:
        (out / name).write_text(css_without_comments((WEB / name).read_text(encoding="utf-8")), encoding="utf-8")
    run_node(WEB / "minify.mjs", node_modules, out, *(WEB / name for name in scripts))  # each written into out
    for name, game in GAMES.items():
        (out / THUMBNAILS[name]).write_text(thumbnail(game.face.board_svg(game.boards[0], ENGLISH)), encoding="utf-8")
    index = render_index((WEB / "index.html").read_text(encoding="utf-8"))
    (out / "index.html").write_text(index, encoding="utf-8")
    write_manifest(out)
    write_rules_pages(out, WEB / "rules.css")
    write_service_worker(out)  # last: it hashes every other file (and writes release.json)


def main() -> None:
    """Command line: build the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    args = parser.parse_args()
    build(args.out)
    size = sum(f.stat().st_size for f in args.out.rglob("*") if f.is_file())
    print(f"built {args.out} ({size / 1e6:.1f} MB, version {site_version(args.out)})")


if __name__ == "__main__":
    main()
