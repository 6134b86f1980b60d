"""Random pokes at the built site, as a curious child or a careless grown-up would make them: any button, box, key or
board item in sight, on one device, or on two or three playing together over WebRTC (the host passing every message
on; reloads and reconnections included).

Not a test (the tests check what we thought of; this finds what we did not): a tool, run by ``make explore``, seeded
so that a finding can be looked at again (the timing of two devices still varies). It prints what it did last and
exits 1 when something went wrong: an error on a page, a request that left the site, a page that stops answering,
the page's fatal panel, or devices that show different games once all are quiet. Between devices, a device that
reloads connects again at once or stays away for a while, its game going on by the play links the others' pages
show (each opened on its device, late or not at all). Two bugs it found are tests
now (``e2e/test_together.py``: a watcher invited to a game in progress; a computer's move sent while the host's
person acts).

usage: python e2e/explore.py [--seed N] [--steps N] [--devices 1|2|3] [--size WxH] [--touch] [--german] [query]
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Error, Page, Route, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import SITE, _QuietHandler, _Server, launch_options  # the browser tests' own browser and site

SETTLED = "html[data-ready]:not([data-waiting]):not([data-zooming])"
POSITION = "() => (document.querySelector('[data-position]') || {}).textContent"
"""The position the page shows (the game's own notation)."""
KEYS = ("r", "w", "h", "t", "Enter", " ", "Escape", "Tab", "Shift+Tab", "ArrowLeft", "ArrowRight", "Control+z")
ITEMS = "button, select, input, summary, #board [data-key]"
LEAVING = ("setup", "start", "leave", "rules", "handover", "invite-menu", "watch")
"""Buttons a round of several devices leaves alone: each would end the game between the devices it is there to poke,
or invite another that never comes."""
IN_SIGHT = """(selector) => Array.from(document.querySelectorAll(selector), (e, n) => {
  const b = e.getBoundingClientRect(), s = getComputedStyle(e);
  const shown = b.width > 0 && b.height > 0 && s.visibility !== "hidden" && !e.closest("[hidden]") && !e.disabled
    && b.bottom > 0 && b.top < innerHeight && b.right > 0 && b.left < innerWidth;
  const kind = e.readOnly ? "readonly" : e.type || "";  // (a link to copy: nobody types into it)
  return shown && [n, e.tagName, kind, e.dataset.action || e.dataset.key || e.name || "", b.x + b.width / 2,
    b.y + b.height / 2, e.tagName === "SELECT" ? Array.from(e.options, (o) => o.value) : []];
}).filter(Boolean)"""
FOCUSED = """() => { const e = document.activeElement;
  return !e || e === document.body ? "" : e.dataset.action || e.dataset.key || e.name || e.tagName; }"""
HIT = """([x, y]) => { const e = document.elementFromPoint(x, y);
  const c = e && e.closest("button, a, select, input, summary");
  return !c ? "" : c.dataset.action || c.dataset.key || c.name || c.tagName; }"""
SET = """([selector, n, value]) => { const e = document.querySelectorAll(selector)[n]; e.value = value;
  e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); }"""
SAID = """() => ["[data-status]", "[data-notice]", "[data-together] ul", "[data-setup-error]"].map(
  (selector) => (document.querySelector(selector) || {}).textContent).concat(location.search)"""
FOLLOWS = """() => document.querySelector('[data-together] details[data-keep="play-here"]') !== null"""
"""The page follows a game another tab of its browser plays (:func:`malefiz.together_view.follower_html`)."""
UNCOVER = """() => document.querySelectorAll(":popover-open").forEach((menu) => menu.hidePopover())"""
"""A menu left open over the page closed, as a tap beside it closes it (before a tap that a person aims)."""
ON_SHELF = """() => !document.querySelector("#play").hidden && new URLSearchParams(location.search).has("id")
  && !(document.querySelector("[data-together]") || {}).textContent"""
"""The page shows a game on this device (kept on the shelf under its ``id``), not the start of a game between devices
made of it (its address stays the game's until a device joins: the game on the shelf stays as it was, another)."""
TYPED = ("Mia", "", "x" * 60, "<b>&amp;", "Ünal", "#reply=AAAA", "https://example.org/")


class Explorer:
    """The pages of one round, what was done on them and what went wrong."""

    def __init__(self, browser: Browser, url: str, args: argparse.Namespace) -> None:
        self.browser, self.url, self.args = browser, url, args
        self.rnd = random.Random(args.seed)
        self.pages: list[Page] = []
        self.done: list[str] = []
        self.wrong: list[str] = []
        self.away: set[int] = set()  # the guests not connected (after a reload): the game goes on by links
        self.opened: list[tuple[str, Page]] = []  # the tabs the pages opened of their own

    def device(self, query: str) -> Page:
        width, height = (int(x) for x in self.args.size.split("x"))
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            has_touch=self.args.touch,
            is_mobile=self.args.touch,
            locale="de-DE" if self.args.german else "en-GB",
            permissions=["camera", "microphone"],  # only then does Chromium offer 127.0.0.1 (e2e/test_net.py)
        )
        who = f"device {len(self.pages) + 1}"
        context.route("**/*", functools.partial(self._guard, who))  # a tab the page opens (the rules) too
        page = context.new_page()
        context.on("page", functools.partial(self._beside, who))
        self._watch(page, who)
        page.goto(self.url + query)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        self.pages.append(page)
        return page

    def _watch(self, page: Page, who: str) -> None:
        page.on("console", lambda m: self._console(who, m))
        page.on("pageerror", lambda e: self.wrong.append(f"{who}: page error {e}"))
        page.on("dialog", lambda d: d.accept())
        page.on("load", lambda p: self._went(who, p.url))
        page.set_default_timeout(30_000)

    def _went(self, who: str, url: str) -> None:
        """A page loaded a document (the game's own anew, a play link, a rules page): its channels closed."""
        self.done.append(f"{who}'s page goes to {url.removeprefix(self.url)[:60]}")

    def _beside(self, who: str, opened: Page) -> None:
        """A tab the page opened (the rules, in a game between devices): closed once looked at (:meth:`_close`)."""
        opened.on("dialog", lambda d: d.accept())
        self.opened.append((who, opened))

    def _close(self) -> None:
        for who, opened in self.opened:
            opened.wait_for_load_state()
            self.done.append(f"{who} reads {opened.url.removeprefix(self.url)} in a tab of its own")
            opened.close(run_before_unload=True)  # (waits for nothing: a close once hung, the tab's kind unseen)
        self.opened.clear()

    def _console(self, who: str, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.wrong.append(f"{who}: console error {message.text}")

    def _guard(self, who: str, route: Route) -> None:
        if route.request.url.startswith(self.url):
            route.continue_()
        else:
            self.wrong.append(f"{who}: a request left the site: {route.request.url}")
            route.abort()

    def poke(self, page: Page, who: str, together: bool) -> None:
        """One random thing on ``page``: a key, a box typed in or chosen from, or a click (a tap) on what it shows."""
        if self.rnd.random() < 0.12:
            key = self.rnd.choice(KEYS)
            on = page.evaluate(FOCUSED) if key in ("Enter", " ") else ""
            if together and on in LEAVING:  # a key works the focused button as a tap does: left alone too
                return
            self.done.append(f"{who} presses {key}" + (f" on {on}" if on else ""))
            page.keyboard.press(key)
            return
        if self.rnd.random() < 0.006 and (together or page.evaluate(ON_SHELF)):
            self.second_tab(self.pages.index(page), together)
            return
        if together and self.rnd.random() < 0.004:
            self.done.append(f"{who} reloads")
            page.reload()
            page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
            reloaded = self.pages.index(page)
            self.away |= set(range(1, len(self.pages))) if reloaded == 0 else {reloaded}
            if self.rnd.random() < 0.5:  # else it stays away a while: the game goes on by links
                self.reconnect(0)
            return
        items: list[list[Any]] = page.evaluate(IN_SIGHT, ITEMS)
        items = [i for i in items if i[2] != "file" and not (together and (i[3] in LEAVING or i[1] == "SELECT"))]
        board = [i for i in items if i[1] not in ("BUTTON", "SELECT", "INPUT", "SUMMARY")]
        controls = [i for i in items if i[1] in ("BUTTON", "SELECT", "INPUT", "SUMMARY")]
        if not items:
            page.mouse.wheel(0, self.rnd.choice((-400, 400)))
            return
        n, tag, kind, name, x, y, options = self.rnd.choice(
            board if board and self.rnd.random() < 0.5 else controls or board
        )
        if tag == "SELECT" or (tag == "INPUT" and kind in ("text", "search", "")):
            value = self.rnd.choice(options) if tag == "SELECT" else self.rnd.choice(TYPED)
            self.done.append(f"{who} sets {name or tag} to {value!r}")
            page.evaluate(SET, [ITEMS, n, value])
            return
        hit = page.evaluate(HIT, [x, y])  # what is on top there (a menu opened over the item, most often)
        if together and hit in LEAVING:  # a tap lands on what is on top: left alone as that one is
            return
        landing = f" (on {hit})" if hit and hit != (name or tag) else ""
        self.done.append(f"{who} {'taps' if self.args.touch else 'clicks'} {name or tag}{landing}")
        if self.args.touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)

    def second_tab(self, k: int, together: bool = True) -> None:
        """Device ``k`` opens its game again in a second tab (the setup screen's *Back to the game*, its address):
        that tab follows the game while the first has a channel open in a game between devices (and is closed
        again, or takes the game by *Play here instead*), else it takes the game and the first follows (and then
        takes it back by *Play here instead*, or once the second tab closes, or is closed itself). The tab with the
        game stays the device's page; the other closes. A device whose tab changed in a game between devices
        connects again (or stays away a while), as after a reload."""
        page, who = self.pages[k], f"device {k + 1}"
        self.done.append(f"{who} opens its game again in a second tab")
        second = page.context.new_page()
        self.opened = [(w, p) for w, p in self.opened if p is not second]  # (not a tab of rules: kept open)
        self._watch(second, f"{who}'s second tab")
        code = page.url.split("together=")[-1].split("&")[0].split("#")[0]
        second.goto(f"{self.url}?net=loopback&together={code}" if together else page.url.split("#")[0])
        second.wait_for_selector(SETTLED, state="attached", timeout=60_000)
        for _ in range(100):  # until one of the two follows the game (the browser's lock decides which)
            follows = [p.evaluate(FOLLOWS) for p in (page, second)]
            if follows[0] != follows[1]:
                break
            time.sleep(0.1)
        else:
            self.wrong.append(f"{who}: neither or both of its tabs follow the game ({follows})")
            return
        if follows[1] and not together:
            self.wrong.append(f"{who}: the second tab of a game on one device follows it (the newest plays it)")
            return
        if follows[1] and self.rnd.random() < 0.7:
            self.done.append(f"{who} closes the second tab, which followed the game there")
            second.close()
            return
        if not together and self.rnd.random() < 0.6:  # the first tab has the game again
            try:
                if self.rnd.random() < 0.5:
                    self.done.append(f"{who} closes the second tab: the first has the game again")
                    second.close()
                else:
                    self.done.append(f"{who} plays here instead, in the first tab")
                    page.evaluate(UNCOVER)
                    page.locator('[data-together] details[data-keep="play-here"] summary').click()
                    page.locator('[data-together] [data-action="play-here"]').click()
                    second.wait_for_function(FOLLOWS, timeout=10_000)
                    second.close()
                page.wait_for_function(f"() => !({FOLLOWS})()", timeout=10_000)
            except Error as error:
                shown = [(p.evaluate(FOLLOWS), p.evaluate(SAID)) for p in (page, second) if not p.is_closed()]
                said = f"{str(error).splitlines()[0]}; following, said: {shown}"
                self.wrong.append(f"{who}: the first tab did not have the game again ({said})")
            return
        if follows[1]:
            self.done.append(f"{who} plays here instead, in the second tab")
            second.evaluate(UNCOVER)
            second.locator('[data-together] details[data-keep="play-here"] summary').click()
            second.locator('[data-together] [data-action="play-here"]').click()
            page.wait_for_function(FOLLOWS)
        else:
            self.done.append(f"{who}'s second tab takes the game (no channel was open in the first)")
        page.close()
        self.pages[k] = second
        if not together:
            return
        self.away |= set(range(1, len(self.pages))) if k == 0 else {k}
        if self.rnd.random() < 0.5:
            self.reconnect(0)

    def invite(self, query: str) -> None:
        """The first device invites one more for each seat the setup marks ``remote`` (peers 1, 2, ... in seat
        order); they join as Ben and Cleo."""
        host = self.device(f"?net=loopback&{query}")
        for peer in range(1, self.args.devices):
            guest = self.device(self._handed(host, "#join=", peer).removeprefix(self.url))
            guest.fill('[data-together] input[name="join-name"]', ("Ben", "Cleo")[peer - 1])
            guest.click('[data-together] [data-action="join"]')
            self._answer(peer, self._handed(guest, "#reply="))

    def reconnect(self, reloaded: int) -> None:
        """After a reload (0: every guest away; else that one): the host's new invitation opened on the guest's
        device, its reply entered at the host."""
        peers = sorted(self.away) if reloaded == 0 else [reloaded]
        for peer in peers:
            self.away.discard(peer)
            guest = self.pages[peer]
            guest.goto(self._handed(self.pages[0], "#join=", peer))
            guest.wait_for_selector(SETTLED, state="attached", timeout=60_000)
            join = guest.locator('[data-together] [data-action="join"]')
            if join.count():
                join.click()
            self._answer(peer, self._handed(guest, "#reply="))
        if peers:
            self.done.append("the devices connect again")

    def _answer(self, peer: int, reply: str) -> None:
        host = self.pages[0]
        folded = host.locator(f'[data-together] details[data-keep="reconnect-{peer}"]:not([open]) summary')
        if folded.count():
            folded.click()
        host.locator(f'[data-together] input[name="reply-{peer}"]').fill(reply)
        host.click(f'[data-together] [data-action="reply"][data-id="{peer}"]')
        connected = "verbunden" if self.args.german else "connected"
        host.wait_for_selector(f'[data-together] li[data-peer="{peer}"] .peer-state:text-is("{connected}")')

    def hand_link(self) -> None:
        """A play link one page shows (for a device away) opened on that device, now or never."""
        for page in list(self.pages):
            shown = page.locator('[data-together] input[data-link-text][value*="#play="]')
            if not shown.count() or self.rnd.random() < 0.7:
                continue
            name = shown.first.get_attribute("aria-label") or ""
            to = next((k for k, who in ((1, "Ben"), (2, "Cleo")) if who in name and k < len(self.pages)), 0)
            self.done.append(f"device {to + 1} opens the play link of device {self.pages.index(page) + 1}")
            link, before = shown.first.input_value(), self.pages[to].url
            self.pages[to].goto(link)
            self.pages[to].wait_for_selector(SETTLED, state="attached", timeout=60_000)
            if link.split("#")[0] != before.split("#")[0]:  # the page loaded anew: its channels closed
                self.away |= set(range(1, len(self.pages))) if to == 0 else {to}
            return

    @staticmethod
    def _handed(page: Page, mark: str, peer: int | None = None) -> str:
        row = "" if peer is None else f' li[data-peer="{peer}"]'
        selector = f'[data-together]{row} input[data-link-text][value*="{mark}"]'
        page.wait_for_selector(selector, state="attached")
        return str(page.locator(selector).first.input_value())

    def run(self) -> None:
        together = self.args.devices > 1
        if together:
            remote = ",remote" * (self.args.devices - 1)
            query = self.args.query or "game=maedn"
            if "seats=" not in query:  # (a game and board asked for: the other devices' seats added)
                query += f"&seats=human{remote},bot:hard&names=Anna&pace=instant"
            self.invite(query)
        else:
            self.device(self.args.query and f"?{self.args.query}")
        for step in range(self.args.steps):
            k = self.rnd.randrange(len(self.pages))
            page = self.pages[k]
            self._close()
            if self._on_rules(page):
                self._back(k)
            if not self._settle(page):
                if self._on_rules(page):  # the last tap opened one only now (the page moved under it, onto a link)
                    self._back(k)
                    continue
                self.wrong.append(f"device {k + 1} stopped answering at step {step}")
                return
            if page.locator("#fatal:not([hidden])").count():
                self.wrong.append(f"device {k + 1} shows its fatal panel: {page.locator('#fatal').text_content()}")
                return
            if together and "together=" not in page.url:
                self.wrong.append(f"device {k + 1} left the game between the devices at step {step}")
                return
            self.poke(page, f"device {k + 1}", together)
            if self.away:
                self.hand_link()
                if self.rnd.random() < 0.03:  # a new invitation at last
                    self.reconnect(0)
        if together:
            self._close()
            for k, page in enumerate(self.pages):
                if self._on_rules(page):
                    self._back(k)
            self.reconnect(0)
            self._agree()

    def _back(self, k: int) -> None:
        """Back from a rules page in device ``k``'s tab: the game's page loads anew (its channels closed then)."""
        self.pages[k].go_back()
        if len(self.pages) > 1:
            self.away |= set(range(1, len(self.pages))) if k == 0 else {k}

    @staticmethod
    def _settle(page: Page) -> bool:
        """Wait until ``page`` has every answer it asked for; False when it has none for 30 s and its game stands
        still meanwhile. Computers alone at the *instant* pace keep asking, move after move, until the game is over
        (a whole classic game of *hard* computers: minutes): a page whose game goes on is still answering."""

        def shown() -> object:
            try:
                return page.evaluate(POSITION)
            except Error:  # (a page loading anew meanwhile)
                return None

        for _ in range(20):
            before = shown()
            try:
                page.wait_for_selector(SETTLED, state="attached")
                return True
            except Error:
                if shown() == before:
                    return False
        return False

    @staticmethod
    def _on_rules(page: Page) -> bool:
        """True when ``page`` shows a rules page (its links are not poked: one is only reached by Enter on a link, or
        by a tap on what moved under it)."""
        return "rules" in page.url or "regeln" in page.url

    def _agree(self) -> None:
        for _ in range(150):
            shown = [page.evaluate(POSITION) for page in self.pages]
            if len(set(shown)) == 1:
                return
            time.sleep(0.2)
        self.wrong.append(f"the devices show different games: {shown}")
        for k, page in enumerate(self.pages):  # what each says of the others, and its last notice
            said = page.evaluate(SAID)
            self.wrong.append(f"device {k + 1} says: {' / '.join(t.strip() for t in said if t and t.strip())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("query", nargs="?", default="", help="the page's address after ?, e.g. game=maedn&seats=...")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--devices", type=int, choices=(1, 2, 3), default=1)
    parser.add_argument("--size", default="1280x800", help="the viewport, WIDTHxHEIGHT")
    parser.add_argument("--touch", action="store_true", help="a phone: taps instead of clicks")
    parser.add_argument("--german", action="store_true", help="a browser that asks for German")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").exists():
        parser.error("site/ is not built: run `make site` first")
    server = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options(playwright))
        explorer = Explorer(browser, f"http://127.0.0.1:{server.server_port}/", args)
        try:
            explorer.run()
        except Error as error:  # the explorer's own way lost (a page it waited for, changed meanwhile)
            explorer.wrong.append(f"the explorer could not go on: {str(error).splitlines()[0]}")
        except KeyboardInterrupt:  # stopped by hand (it seemed stuck): what was done so far still says where
            explorer.wrong.append("interrupted")
        finally:
            browser.close()
            server.shutdown()
    links = sum("opens the play link" in line for line in explorer.done)
    print(f"seed {args.seed}, {args.devices} device(s), {len(explorer.done)} things done ({links} play links opened)")
    print("the last ones:")
    for line in explorer.done[-int(os.environ.get("EXPLORE_LAST", "12")) :]:
        print(f"  {line}")
    for line in explorer.wrong:
        print(f"WRONG: {line}")
    if not explorer.wrong:
        print("nothing went wrong")
    return 1 if explorer.wrong else 0


if __name__ == "__main__":
    sys.exit(main())
