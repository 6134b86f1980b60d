"""Offline install: the service worker precaches the site, the game starts with the network cut.

Each browser test serves the site on a port of its own (a fresh origin: no service worker,
no cache) and stops that server before the offline visit, on top of ``set_offline``: what
the page gets then can only come from the service worker's cache. Waits are on page state
(``html[data-ready]``, the service worker controlling the page), never on time.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib.util
import json
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import SITE, _QuietHandler
from playwright.sync_api import BrowserType, Page, Request
from site_page import GamePage, Watch
from test_maedn import maedn_state, open_at

from malefiz.games.maedn.learned import endgame
from malefiz.games.maedn.rules import legal_moves

ROOT = Path(__file__).resolve().parent.parent
GAME = "?game=maedn&seats=human,bot:medium&seed=3"
"""The offline visit: another address than the first visit's (the game's setup is in the query)."""

CONTROLLED = """
async () => {
  const registration = await navigator.serviceWorker.ready;
  return registration.active !== null && navigator.serviceWorker.controller !== null;
}
"""
"""True once the service worker is active and controls the page (it claims the page after precaching)."""

NEXT_RELEASE = """
async () => {
  const registration = await navigator.serviceWorker.ready;
  await registration.update();
  // The new worker installs (its release's cache complete and current), then waits: it takes over when asked.
  const worker = registration.installing || registration.waiting;
  if (worker.state === "installing") {
    await new Promise((resolve) => {
      worker.addEventListener("statechange", () => worker.state !== "installing" && resolve());
    });
  }
  return {state: worker.state, caches: await caches.keys()};
}
"""
"""Look for a new ``sw.js`` now; once the new worker is installed, its state and the cache names."""


def _load_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "web" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


class _LoggingHandler(_QuietHandler):
    """Serves like the others, and notes the path of every GET in ``log``."""

    def __init__(self, *args: Any, log: list[str], **kwargs: Any) -> None:
        self.log = log
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        self.log.append(self.path)
        super().do_GET()


class Server:
    """A folder served on a free port of 127.0.0.1 until :meth:`stop` (the network cut).

    ``requests`` holds the path of every GET it served, in order.
    """

    def __init__(self, folder: Path) -> None:
        self.requests: list[str] = []
        handler = functools.partial(_LoggingHandler, directory=str(folder), log=self.requests)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        self.url = f"http://127.0.0.1:{self._server.server_port}/"
        self._stopped = False

    def stop(self) -> None:
        if not self._stopped:
            self._stopped = True
            self._server.shutdown()
            self._server.server_close()


@pytest.fixture
def serve() -> Iterator[Callable[[Path], Server]]:
    """Start servers of folders; every one is stopped at the end of the test."""
    servers: list[Server] = []

    def start(folder: Path) -> Server:
        if not (SITE / "sw.js").exists():
            pytest.fail("site/ is not built: run `make site` first")
        servers.append(Server(folder))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


def version_of(site: Path) -> str:
    """The ``VERSION`` written into a built ``sw.js``."""
    match = re.match(r'const VERSION = "([0-9a-f]+)";', (site / "sw.js").read_text(encoding="utf-8"))
    assert match, "sw.js does not start with its VERSION"
    return match[1]


def cache_name(page_url: str, version: str) -> str:
    """The service worker's cache for the site at ``page_url`` (its scope) and ``version``."""
    return f"malefiz {page_url} {version}"


def first_visit(page: Page, url: str) -> list[str]:
    """Load ``url``, wait until the game is interactive and the service worker controls the page; the caches."""
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    page.wait_for_function(CONTROLLED)
    names: list[str] = page.evaluate("caches.keys()")
    return names


def offline_start(page: Page, server: Server, url: str, watch: Watch) -> None:
    """Cut the network (browser offline, server stopped), open the game at ``url`` and roll the die."""
    page.context.set_offline(True)
    server.stop()
    response = page.goto(url)
    assert response is not None and response.from_service_worker, "the page did not come from the cache"
    game = GamePage(page, url, watch)
    page.wait_for_selector("html[data-ready]")
    page.wait_for_selector('[data-action="roll"]:not([disabled])')
    before = game.position_text()
    game.roll()
    assert game.position_text() != before


def test_the_game_starts_offline_after_the_first_visit(
    page: Page, serve: Callable[[Path], Server], watch: Watch
) -> None:
    server = serve(SITE)
    assert first_visit(page, server.url) == [cache_name(server.url, version_of(SITE))]
    offline_start(page, server, server.url + GAME, watch)
    assert page.evaluate("document.title") == "Mensch ärgere Dich nicht"
    assert page.get_attribute("html", "data-start") == "snapshot"  # Python restored from the kept memory snapshot
    watch.assert_clean()


def serve_under_a_sub_path(serve: Callable[[Path], Server], folder: Path) -> tuple[Server, str]:
    """The site at ``sub/path/`` of a server of ``folder`` (as on GitHub Pages): the server and the site's URL."""
    (folder / "sub").mkdir()
    (folder / "sub" / "path").symlink_to(SITE, target_is_directory=True)
    server = serve(folder)
    return server, server.url + "sub/path/"


def test_the_game_starts_offline_under_a_sub_path(
    page: Page, serve: Callable[[Path], Server], watch: Watch, tmp_path: Path
) -> None:
    server, url = serve_under_a_sub_path(serve, tmp_path)
    assert first_visit(page, url) == [cache_name(url, version_of(SITE))]
    offline_start(page, server, url + GAME, watch)
    watch.assert_clean()


ENDGAME = "maedn cross y:B,30,42,43 r:5,12,42,43 y?"
"""Two pieces a side left, yellow (a person) to roll against *hard*: a position of the endgame table."""

TABLE = "data/malefiz/games/maedn/learned/endgame_cross.bin"
"""The endgame table on the site (the package's data files are not in its zip)."""


def hint_at_the_endgame(game: GamePage) -> tuple[float, float]:
    """Open :data:`ENDGAME`, roll a 6 and ask for a hint: the best move's chance as the hint says it and as the table
    gives it, in percent."""
    open_at(game, ENDGAME, 6, seats="human,bot:hard")
    game.roll()
    state = maedn_state(game)
    game.page.locator('[data-action="hint"]').click()
    game.page.wait_for_function("() => document.querySelector('[data-hint]').textContent.startsWith('Best')")
    best = game.page.locator("[data-hint] li").first.text_content() or ""
    exact = max(endgame.chance_after(state, move) or 0.0 for move in legal_moves(state))
    return float(best.rsplit("(", 1)[1].rstrip("%)")), exact * 100


@pytest.mark.browser_context_args(service_workers="block")
def test_the_endgame_table_is_fetched_only_when_a_game_first_needs_it(game: GamePage) -> None:
    """A first visit downloads no table (it is 449 KB); the first endgame position reads it from the site, once."""
    asked: list[str] = []

    def seen(request: Request) -> None:
        if "/data/" in request.url:
            asked.append(request.url.removeprefix(game.site_url))

    game.page.on("request", seen)
    game.open("?game=maedn&seats=human,bot:hard&seed=3&pace=instant")
    game.roll()
    assert asked == []
    said, exact = hint_at_the_endgame(game)
    assert abs(said - exact) <= 0.5, (said, exact)
    assert asked == [TABLE]
    game.watch.assert_clean()


def test_the_endgame_table_is_kept_for_offline_visits(
    page: Page, serve: Callable[[Path], Server], watch: Watch, tmp_path: Path
) -> None:
    """Under a sub path, as on GitHub Pages: the worker asks for the table beside itself."""
    server, url = serve_under_a_sub_path(serve, tmp_path)
    first_visit(page, url)
    page.context.set_offline(True)
    server.stop()
    said, exact = hint_at_the_endgame(GamePage(page, url, watch))
    assert abs(said - exact) <= 0.5, (said, exact)
    watch.assert_clean()


def next_release(site: Path) -> str:
    """Make the next release of the site copied to ``site``: the page, its style sheet and its script changed (each
    says so, see RUNS), ``sw.js`` and ``release.json`` written again by the build; its version."""
    index = site / "index.html"
    page = index.read_text(encoding="utf-8")
    charset = '<meta charset="utf-8">'
    assert charset in page
    index.write_text(page.replace(charset, charset + '\n<meta name="release" content="next">', 1), encoding="utf-8")
    with (site / "style.css").open("a", encoding="utf-8") as css:
        css.write(":root { --release: next; }\n")
    with (site / "page.js").open("a", encoding="utf-8") as script:
        script.write("// the next release\n")
    new: str = build.write_service_worker(site)
    assert new == version_of(site)
    return new


RUNS = """
async () => {
  const release = (next) => (next ? "next" : "first");
  const script = await (await fetch("./page.js")).text();
  return {
    page: release(document.querySelector('meta[name="release"]') !== null),
    style: release(getComputedStyle(document.documentElement).getPropertyValue("--release").trim() === "next"),
    script: release(script.includes("// the next release")),
  };
}
"""
"""Which release each part of the loaded page comes from: the page itself, its style sheet, and its script (fetched
again by the page: a request of the page after it has loaded, served like the first)."""

ONLY_CACHE = """
async (name) => {
  const names = await caches.keys();
  return names.length === 1 && names[0] === name;
}
"""
"""True once the cache ``name`` is the only one left."""


def test_a_new_release_replaces_the_old_cache(
    page: Page, serve: Callable[[Path], Server], watch: Watch, tmp_path: Path
) -> None:
    """The browser's own way: it installs a changed ``sw.js``, whose release is the one pages load from then on
    (the new worker waits meanwhile: the old one serves them); the open page keeps its release (and offers the new
    one) and the old cache goes once no page runs it."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server = serve(site)
    old = version_of(site)
    assert first_visit(page, server.url) == [cache_name(server.url, old)]
    new = next_release(site)
    installed = page.evaluate(NEXT_RELEASE)
    assert installed["state"] == "installed"  # it waits: it never takes over by itself while pages may load
    assert sorted(installed["caches"]) == sorted([cache_name(server.url, old), cache_name(server.url, new)])
    page.wait_for_selector("#update:not([hidden])")
    assert page.evaluate(RUNS) == {"page": "first", "style": "first", "script": "first"}
    offline_start(page, server, server.url + GAME, watch)
    assert page.evaluate(RUNS) == {"page": "next", "style": "next", "script": "next"}
    page.wait_for_function(ONLY_CACHE, arg=cache_name(server.url, new))
    watch.assert_clean()


RECORDER = """
(() => {
  if (!("serviceWorker" in navigator)) return;
  const say = (text) => console.log("update test: " + text);
  say(navigator.serviceWorker.controller ? "load under a worker" : "load without a worker");
  navigator.serviceWorker.addEventListener("controllerchange", () => say("takeover"));
  addEventListener("DOMContentLoaded", () => {
    const banner = document.getElementById("update");
    new MutationObserver(() => banner.hidden || say("banner: " + banner.textContent.replace(/\\s+/g, " ").trim()))
      .observe(banner, {attributes: true, attributeFilter: ["hidden"]});
  });
})();
"""
"""Each page load tells the test (on the console) whether a worker served it, when a new worker takes over and
what the update banner says when it shows."""

CACHE_ENTRIES = """
async (name) => {
  const cache = await caches.open(name);
  const entries = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    entries.push([request.url, response.headers.get("X-Malefiz-SHA256")]);
  }
  return entries;
}
"""
"""Every entry of a cache: its URL and the content hash the service worker noted with it."""


def pages_seen(told: list[str]) -> list[list[str]]:
    """What each page load told (see RECORDER), one list per load, in order, takeovers left out (a new ``sw.js``
    takes over whenever the browser looks for it; the tests see to it that a takeover shows no banner of its own)."""
    pages: list[list[str]] = []
    for text in told:
        if text.startswith("load "):
            pages.append([])
        if text != "takeover":
            pages[-1].append(text)
    return pages


def test_an_update_is_built_at_the_next_load_the_open_page_offers_it_and_its_reload_runs_it(
    page: Page, serve: Callable[[Path], Server], watch: Watch, tmp_path: Path
) -> None:
    """A new release: the player reloads; the worker reads ``release.json`` and builds the new release's cache at
    once, copying the unchanged files from the old cache and downloading the changed ones; the open page, still
    on the old release, offers the new one; its Reload runs it, and the old cache goes."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server = serve(site)
    told: list[str] = []
    page.on("console", lambda message: told.extend(re.findall(r"^update test: (.*)", message.text)))
    page.add_init_script(RECORDER)
    old = version_of(site)
    assert first_visit(page, server.url) == [cache_name(server.url, old)]
    new = next_release(site)
    served = len(server.requests)
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate(RUNS) == {"page": "first", "style": "first", "script": "first"}
    page.wait_for_selector("#update:not([hidden])")
    assert " ".join((page.locator("#update").text_content() or "").split()) == "A new version is ready. Reload"
    # The new release had its files at once: those it changed from the server, the others from the old cache.
    downloaded = [path for path in server.requests[served:] if path not in ("/sw.js", "/release.json")]
    assert sorted(downloaded) == ["/", "/index.html", "/page.js", "/style.css"]
    # The open page runs the old release: its cache stays.
    assert sorted(page.evaluate("caches.keys()")) == sorted([cache_name(server.url, old), cache_name(server.url, new)])
    entries = page.evaluate(CACHE_ENTRIES, cache_name(server.url, new))
    files = {server.url + url.removeprefix("./"): digest for url, digest in files_of(site).items()}
    complete = (server.url + ".sw/release", None)  # the mark of a cache that holds every file of its release
    assert sorted(map(tuple, entries)) == sorted([*files.items(), complete])
    # The banner's Reload runs the new release; the old cache goes with the last page that ran it.
    with page.expect_navigation():
        page.locator("#update [data-reload]").click()
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate(RUNS) == {"page": "next", "style": "next", "script": "next"}
    page.wait_for_function(ONLY_CACHE, arg=cache_name(server.url, new))
    assert page.locator("#update").is_hidden()
    # Only the page that was open when the new release was ready offered it; the first visit did not.
    pages = pages_seen(told)
    assert pages[0] == ["load without a worker"]
    # (the open page's banner was seen on the page above; its console line may be lost as the page reloads)
    assert pages[1][0] == "load under a worker" and pages[1][1:] in ([], ["banner: A new version is ready. Reload"])
    assert pages[2:] == [["load under a worker"]]
    watch.assert_clean()


def test_reloading_again_and_again_runs_the_new_release_by_the_second_load_and_never_two_releases_at_once(
    page: Page, serve: Callable[[Path], Server], watch: Watch, tmp_path: Path
) -> None:
    """Issue 24: after a new release, a player who reloads as soon as the page is ready stayed on the old release
    (the browser puts off looking at ``sw.js`` while pages keep loading). Now the second load after the release runs
    it at the latest, no load runs files of two releases, and the old cache goes once no page runs it."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server = serve(site)
    told: list[str] = []
    page.on("console", lambda message: told.extend(re.findall(r"^update test: (.*)", message.text)))
    page.add_init_script(RECORDER)
    old = version_of(site)
    assert first_visit(page, server.url) == [cache_name(server.url, old)]
    new = next_release(site)
    runs = []
    for _ in range(8):
        page.reload(wait_until="commit")  # the new page is the one loading: it says when it is ready
        page.wait_for_selector("html[data-ready]")
        runs.append(page.evaluate(RUNS))
    mixed = [run for run in runs if len(set(run.values())) != 1]
    print("RUNS", runs)
    assert mixed == [], f"pages ran two releases: {runs}"
    releases = [run["page"] for run in runs]
    first_new = releases.index("next") + 1 if "next" in releases else None
    assert first_new is not None and first_new <= 2, f"the loads ran {releases}"
    assert releases == ["first"] * (first_new - 1) + ["next"] * (9 - first_new)
    page.wait_for_function(ONLY_CACHE, arg=cache_name(server.url, new))
    # No page that ran the new release offered it again.
    pages = pages_seen(told)[1:]
    assert len(pages) == len(runs)
    assert [seen for seen, release in zip(pages, releases, strict=True) if release == "next"] == [
        ["load under a worker"]
    ] * (9 - first_new)
    watch.assert_clean()


def files_of(site: Path) -> dict[str, str]:
    """The ``FILES`` written into a built ``sw.js``: each URL with the hash of its content."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const FILES = (\[.*\]);$", text, re.MULTILINE)
    assert match, "sw.js has no FILES line"
    return {url: digest for url, digest in json.loads(match[1])}


def test_the_service_worker_lists_every_file_with_its_hash_and_is_versioned_by_content() -> None:
    files = files_of(SITE)
    on_disk = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()} - {"sw.js", "release.json"}
    assert sorted(files) == sorted(["./", *(f"./{name}" for name in on_disk)])
    for url, digest in files.items():
        name = "index.html" if url == "./" else url.removeprefix("./")
        assert digest == hashlib.sha256((SITE / name).read_bytes()).hexdigest(), url
    assert version_of(SITE) == build.site_version(SITE)
    release = json.loads((SITE / "release.json").read_text(encoding="utf-8"))
    assert release == {"version": version_of(SITE), "files": [[url, digest] for url, digest in files.items()]}


def test_the_manifest_is_relative_and_its_icon_is_there() -> None:
    manifest = json.loads((SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "./"
    icons = {icon["src"]: icon for icon in manifest["icons"]}
    assert list(icons) == ["./icon.svg", "./icon-192.png", "./icon-512.png"]
    assert (SITE / "icon.svg").read_text(encoding="utf-8").startswith("<svg")
    for size in (192, 512):
        assert icons[f"./icon-{size}.png"]["sizes"] == f"{size}x{size}"
        assert icons[f"./icon-{size}.png"]["purpose"] == "maskable"
    for name in ("icon-180.png", "icon-192.png", "icon-512.png"):
        assert (SITE / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (SITE / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page
    assert '<link rel="icon" href="./icon.svg" type="image/svg+xml">' in page  # the tab's icon
    assert '<link rel="apple-touch-icon" href="./icon-180.png">' in page  # a home screen's, on iPhones and iPads


def test_chromium_finds_the_page_installable_as_an_app(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str, tmp_path: Path
) -> None:
    """What Chromium asks of an app before it offers to install it (a manifest it reads without error, an icon it
    can fetch, a service worker): nothing missing. A profile of its own: a test's usual context is incognito,
    where nothing installs."""
    context = browser_type.launch_persistent_context(tmp_path, **browser_type_launch_args)
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-ready]")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getAppManifest")["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    finally:
        context.close()


def test_where_the_browser_offers_to_install_the_app_the_menu_says_so_and_asks_its_question(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str, tmp_path: Path
) -> None:
    """Chromium offers to install the site (beforeinstallprompt, in a profile of its own: see above): on a phone the
    menu shows *Install as an app* (German too), a tap asks the browser's own question and the entry goes; in a wide
    bar it is not shown (it pushed the game's name onto two lines; a computer's browser has its own button)."""
    phone: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    context = browser_type.launch_persistent_context(tmp_path, **browser_type_launch_args, **phone, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-ready]")
        install = page.locator('[data-action="install"]')
        page.wait_for_function("() => !document.querySelector('[data-action=install]').hidden")  # the offer came
        page.locator(".menu-button").tap()
        assert install.is_visible() and install.text_content() == "Als App installieren"
        install.tap()
        page.wait_for_function("() => document.querySelector('[data-action=install]').hidden")
        page.reload()
        page.wait_for_selector("html[data-ready]")
        page.wait_for_function("() => !document.querySelector('[data-action=install]').hidden")  # offered again
        page.set_viewport_size({"width": 1280, "height": 800})
        title = page.locator("[data-title]").bounding_box()
        assert install.is_hidden() and title is not None and title["height"] < 40  # one line
    finally:
        context.close()


def test_the_content_security_policy_allows_the_inline_scripts_by_hash_only() -> None:
    page = (SITE / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', page)
    assert policy, "no CSP meta tag"
    directives = dict(d.strip().split(" ", 1) for d in policy[1].split(";"))
    assert directives["default-src"] == "'self'"
    scripts = directives["script-src"].split()
    assert "'unsafe-inline'" not in scripts
    inline = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    assert inline, "the page has no inline script"
    for script in inline:
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
        assert f"'sha256-{digest}'" in scripts
