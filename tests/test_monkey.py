"""A monkey at the page's boundary: seeded random sequences of what a page sends (any button, any board item, the
keys, a reload, a save and a load, a link, leaving and coming back), each checked for what a player counts on:

- every call a page makes is answered (no exception), and the move list the page is told to build adds up;
- nothing a player did is lost: after every call, a reload of the page (a new worker on the same storage, at the
  address the page shows) shows the same view and the same position;
- a broken file or link leaves the game exactly as it was;
- two tabs of one browser that show the same game show the same position, whatever is done in either.

The browser's explorer (``e2e/explore.py``) pokes the real page; this one makes thousands of pokes in seconds on the
Python the page runs, in every test run.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from malefiz.bridge import Bridge

ELEMENTS: list[object] = []
QUERIES = (
    "?game=malefiz&seats=human,bot:easy&names=Anna",
    "?game=malefiz&board=fast&seats=human,human,bot:medium&names=Anna,Ben",
    "?game=maedn&seats=human,bot:easy,human&names=Anna,,Ben",
    "?game=maedn&board=star&seats=human,bot:easy,bot:easy,human&names=Anna,,,Ben&forced=off",
    "?game=maedn&seats=bot:easy,human&names=,Anna&undo=off",
)
CHOICES, WEIGHTS = zip(
    *(("label", 60), ("board", 8), ("plain", 8), ("line", 3), ("save", 3), ("broken", 2), ("setup", 2), ("other", 4)),
    strict=True,
)
"""What a person does in a game, how often: mostly a choice the game offers, so that games get far and end."""
KEY = re.compile(r'data-key="([^"]+)"')
PLAIN = (
    "roll", "hint", "undo", "redo", "review", "notation", "cancel", "close_notice", "players_menu", "screen", "work",
    "play_here",
)  # fmt: skip


class Page:
    """One tab: the worker's bridge, the storage the page keeps (the writes made), the address it shows, the move
    list it holds and the last screen it drew."""

    def __init__(
        self, rnd: random.Random, local: dict[str, str], tab: dict[str, str], address: str, locks: Locks | None = None
    ) -> None:
        self.rnd, self.local, self.tab, self.locks = rnd, local, tab, locks
        query, _, fragment = address.partition("#")
        self.query, self.fragment = query, "#" + fragment if fragment else ""
        self.lines = 0
        self.screen: dict[str, Any] = {}
        self.bridge = Bridge({"local": dict(local), "tab": dict(tab), "writable": True, "languages": ["en"]})
        self.bridge.app.rng = random.Random(rnd.random())
        self.send("open_page", self.query, self.fragment, True, None, ELEMENTS)

    others: tuple[Page, ...] = ()
    """The other tabs of the browser (they share its ``local`` storage, and hear of each change to it)."""
    locks: Locks | None = None
    """The browser's locks (Web Locks), where the test plays them."""

    def send(self, call: str, *args: Any) -> dict[str, Any]:
        """What the page does with a call's reply: the writes (the other tabs told of those to ``local``), the
        address, the screen and its move list."""
        reply: dict[str, Any] = json.loads(self.bridge.handle(json.dumps({"call": call, "args": list(args)})))
        for area, key, value in reply["writes"]:
            store = self.local if area == "local" else self.tab
            if value is None:
                store.pop(key, None)
            else:
                store[key] = value
            if area == "local":
                for other in self.others:
                    other.send("storage_changed", "local", key, value)
        if reply["address"] is not None:
            self.query, self.fragment = reply["address"]["url"], ""
        screen = reply["screen"]
        if screen is not None:
            held = 0 if screen["log_anew"] else self.lines
            self.lines = min(held + screen["log_added"].count("<li"), screen["log_count"])
            assert self.lines == screen["log_count"], (call, args)  # the change adds up to Python's list
            self.screen = screen
            assert screen["view"] == "setup" or screen["holds"], (call, args)  # every screen of a game names its lock
            if self.locks is not None:
                self.locks.carry(self, screen)
        return reply

    def poke(self) -> str:
        """One thing a person (or the game going on by itself) does; what it was."""
        rnd, screen = self.rnd, self.screen
        if screen["view"] == "setup":
            choice = rnd.choice(("open", "open", "continue", "load"))
            if choice == "continue" and screen["latest"]:
                game_id = re.search(r'data-id="([^"]+)"', screen["latest"])
                if game_id:
                    self.send("continue", game_id[1])
                    return "continue"
            if choice == "load" and self.saved:
                self.send("load_file", self.saved, len(self.saved))
                return "load a saved game"
            query = self.query = f"{rnd.choice(QUERIES)}&seed={rnd.randrange(1000)}"  # typed into the address bar
            self.send("open", query)
            return f"open {query}"
        if screen["bot_delay"] is not None and rnd.random() < 0.5:
            for _ in range(200):  # the computer's next step (a slice of thinking at a time)
                if self.send("think")["screen"] is not None:
                    break
            return "the computer's step"
        if screen["can_roll"] and rnd.random() < 0.5:
            self.send("roll")
            return "roll"
        choice = rnd.choices(CHOICES, WEIGHTS)[0]
        if choice == "label" and screen["labels"]:
            key = rnd.choice(screen["labels"])[0]
            self.send("click", key)
            return f"click {key}"
        if choice == "board" and rnd.random() < 0.25:  # between the fields: the page asks what the tap meant
            meant = self.send("tap", {}, rnd.randrange(400), rnd.randrange(400), rnd.random() < 0.5)["value"]
            if meant is not None:
                self.send("click", meant)
            return f"tap the board's ground: {meant!r}"
        if choice in ("label", "board"):
            keys = KEY.findall(screen["board_svg"])
            key = rnd.choice(keys) if keys else "nothing"
            self.send("click", key)
            return f"click {key} on the board"
        if choice == "plain":
            call = rnd.choice(PLAIN)
            self.send(call)
            return call
        if choice == "line" and screen["log_count"]:
            self.send("line", rnd.randrange(screen["log_count"] + 2))
            return "look at a line"
        if choice == "save":
            found = self.send("file", "")["value"]
            if found is not None:
                self.saved = found[1]
            return "save"
        if choice == "broken":
            before = screen["position"]
            broken = rnd.choice(("{", "[]", '{"game": "malefiz"}', (self.saved or "{}")[:-7]))
            self.send("load_file", broken, len(broken))
            assert self.screen["position"] == before and self.screen["notice"], "a broken file changed the game"
            return "load a broken file"
        if choice == "setup":
            action = rnd.choice(("setup", "rematch"))
            self.send("leave", action, "", self.query)
            return action
        choice = rnd.choice(("pace", "language", "about", "hand", "link"))
        if choice == "pace":
            self.send("set_pace", rnd.choice(("instant", "fast", "normal", "slow")), False)
        elif choice == "language":
            self.send("set_language", rnd.choice(("en", "de")), ELEMENTS)
        elif choice == "about":
            self.send("about", rnd.choice(("a", "b", "x", "")))
        elif choice == "hand":
            seat = rnd.randrange(3)
            self.send("hand_over", seat, rnd.choice(("human", "bot:easy", "bot:medium")))
        else:
            found = self.send("link", "https://example.org/")["value"]
            if found is not None:  # opened in this tab, as a link tapped in a messenger would
                query, _, fragment = found[0].removeprefix("https://example.org/").partition("#")
                self.query, self.fragment = query, "#" + fragment
                self.send("open", query, "#" + fragment)
        return choice

    saved: str | None = None


class Locks:
    """The browser's locks as ``web/together.js`` uses them (Web Locks): each tab holds the one its screen names
    (:attr:`Screen.holds`), or waits for it, or is told another tab has it; a lock let go passes to the tab waiting."""

    def __init__(self) -> None:
        self.holder: dict[str, Page] = {}
        self.waiting: dict[str, list[Page]] = {}
        self.named: dict[int, str] = {}

    def carry(self, page: Page, screen: dict[str, Any]) -> None:
        name = screen["holds"]
        if name != self.named.get(id(page), ""):
            self.let_go(page)
            self.named[id(page)] = name
            if name and name in self.holder:
                page.send("held", name, "elsewhere")
            elif name:
                self.holder[name] = page
        for command in screen["net"]:
            if command["do"] == "steal":
                taken = self.holder.get(command["key"])
                self.holder[command["key"]] = page
                if taken is not None and taken is not page:
                    taken.send("held", command["key"], "stolen")
            elif command["do"] == "wait" and self.holder.get(command["key"]) is not page:
                self.waiting.setdefault(command["key"], []).append(page)

    def let_go(self, page: Page) -> None:
        """Whatever ``page`` held or waited for: the lock passes to the first tab waiting for it (told ``here``)."""
        for queue in self.waiting.values():
            while page in queue:
                queue.remove(page)
        for name in [name for name, holder in self.holder.items() if holder is page]:
            del self.holder[name]
            queue = self.waiting.get(name, [])
            if queue:
                self.holder[name] = queue.pop(0)
                self.holder[name].send("held", name, "here")


def shown(screen: dict[str, Any]) -> tuple[str, str, str]:
    return screen["view"], screen["game"], screen["position"]


@pytest.mark.parametrize("seed", range(6))
def test_random_pokes_at_the_page_lose_nothing_across_reloads(seed: int) -> None:
    rnd = random.Random(seed)
    page = Page(rnd, {}, {}, "")
    done: list[str] = []
    for _ in range(250):
        done.append(page.poke())
        reloaded = Page(rnd, dict(page.local), dict(page.tab), page.query + page.fragment)
        assert shown(reloaded.screen) == shown(page.screen), done[-5:]
        if rnd.random() < 0.1:  # the person reloads: the tab goes on with the new page
            reloaded.saved, page = page.saved, reloaded


@pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "no-locks"])
@pytest.mark.parametrize("seed", range(4))
def test_two_tabs_poked_at_random_show_the_same_game_whenever_they_show_one(seed: int, locks: bool) -> None:
    # A family's tablet with the game open twice (a link opened in a new tab): whatever is done in either, a tab
    # showing the game another tab changed catches up at once. With the browser's locks one of the two plays it,
    # the other follows it there; without them (an old browser) both play it.
    rnd = random.Random(seed)
    local: dict[str, str] = {}
    browser = Locks() if locks else None
    query = f"{QUERIES[seed % len(QUERIES)]}&seed={seed}"
    first = Page(rnd, local, {}, query, browser)
    second = Page(rnd, local, {}, first.query, browser)
    first.others, second.others = (second,), (first,)
    done: list[str] = []
    followed = 0
    for _ in range(300):
        tab = rnd.choice((first, second))
        done.append(f"{'first' if tab is first else 'second'}: {tab.poke()}")
        apps = [page.bridge.app for page in (first, second)]
        if apps[0].game_id is not None and apps[0].game_id == apps[1].game_id:
            assert first.screen["position"] == second.screen["position"], done[-5:]
            playing = [not app.elsewhere for app in apps]
            assert playing.count(True) == (1 if locks else 2), (playing, done[-5:])  # one tab plays it
            followed += playing.count(False)
    assert bool(followed) == locks  # (the test saw a tab follow the game: it played the locks)
