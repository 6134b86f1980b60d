"""The shelf: every game in progress kept in the browser under its own identity, never one slot for all.

Each game is kept under ``malefiz.game.<id>`` as a small JSON wrapper around its save document
(:func:`malefiz.core.savefile.save`): the identity, a revision that grows with every write, when
it was last played, and what the setup screen lists without replaying it (the players, the number
of moves, the last move's words, whether it is over). The identity travels in the page address
(``&id=``), so Back, Forward and a reload return to each game exactly as it was; pace, language,
motion and sound are settings of the page and never part of it.

A record that cannot be read is never thrown away: it stays on the shelf, marked, to download or
delete. Two tabs that play one game compare revisions before writing, so the tab that is behind
never overwrites newer moves.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any, Final, Protocol

from .core import savefile
from .core.document import MAX_DEPTH, json_depth
from .core.errors import MalefizError
from .core.face import Marks
from .core.game import Game
from .core.session import Session
from .core.setup import Games, Seat, Setup, seat_label
from .i18n import LANGUAGES, Amount, Translator

__all__ = [
    "GAME_PREFIX",
    "MAX_FINISHED",
    "SETUPS_KEY",
    "MemoryStorage",
    "Shelf",
    "Shelved",
    "Storage",
    "described",
    "latest_card",
    "latest_html",
    "new_id",
    "picture",
    "remember_setup",
    "remembered_setups",
    "shelf_html",
    "valid_id",
    "when_words",
]

GAME_PREFIX: Final = "malefiz.game."
"""The storage key of a game is this prefix and the game's identity."""
SHELF_FORMAT: Final = "malefiz-shelf"
SETUPS_KEY: Final = "malefiz.setups"
"""The last setup started from the setup form, per game (and which game was started last)."""
MAX_FINISHED: Final = 10
"""How many finished games stay kept (for Back); older finished games make room. A game in progress
is never dropped to make room."""
_ID: Final = re.compile(r"[a-z0-9]{6,16}")


class Storage(Protocol):
    """What the page keeps between visits (the browser's ``localStorage``)."""

    def get(self, key: str) -> str | None:
        """The text kept under ``key``, or None (nothing kept, or storage is off)."""
        ...

    def set(self, key: str, value: str) -> bool:
        """Keep ``value`` under ``key``; False when the browser does not let the page keep anything."""
        ...

    def remove(self, key: str) -> None:
        """Forget ``key`` (nothing when it is not kept)."""
        ...

    def all_keys(self) -> list[str]:
        """Every key kept."""
        ...


class MemoryStorage:
    """A :class:`Storage` in memory (tests and tools); ``off``: a browser that lets the page keep nothing."""

    def __init__(self, off: bool = False) -> None:
        self.kept: dict[str, str] = {}
        self.off = off

    def get(self, key: str) -> str | None:
        """The text kept under ``key``, or None."""
        return self.kept.get(key)

    def set(self, key: str, value: str) -> bool:
        """Keep ``value`` (unless off)."""
        if self.off:
            return False
        self.kept[key] = value
        return True

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.kept.pop(key, None)

    def all_keys(self) -> list[str]:
        """Every key kept."""
        return list(self.kept)


def new_id() -> str:
    """A fresh identity for a game: 10 random characters of ``a-z0-9`` (from the system's randomness, so
    two tabs that start a game at the same moment never share one)."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


def valid_id(text: str) -> bool:
    """True for an identity :func:`new_id` could have made (an address's ``id`` is checked before use).

    >>> valid_id("k3f9a2bq7x"), valid_id("../x"), valid_id("")
    (True, False, False)
    """
    return _ID.fullmatch(text) is not None


def picture(svg: str) -> str:
    """A board's SVG as a small picture (an ``<img>`` source): no hooks for tests or clicks, no titles; an
    image cannot run anything, whatever names it shows."""
    svg = re.sub(r' (?:data-(?:key|field|on)|tabindex|role)="[^"]*"', "", svg)
    svg = re.sub(r"<title>[^<]*</title>", "", svg)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


@dataclass(frozen=True)
class Shelved:
    """One game on the shelf as the setup screen lists it (read without replaying it)."""

    id: str
    text: str
    """The text kept, exactly (what *Download* gives for a game that cannot be read)."""
    revision: int = 0
    when: float = 0.0
    """When it was last played (seconds since 1970)."""
    game: str = ""
    board: str = ""
    setup: Setup | None = None
    moves: int = 0
    over: bool = False
    last: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    """The last move's words by language (a game kept by an earlier version: in its own, under ``""``)."""
    document: dict[str, Any] | None = None
    """The save document (None when the wrapper cannot be read)."""
    problem: MalefizError | None = None
    """Why it cannot be read (None: it looks readable; replaying it may still find a fault)."""
    review: object = None
    """The review's values kept with it (:meth:`~malefiz.core.reviewing.Reviewing.review_kept`), unchecked: the
    session checks them as it takes them back."""


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


class Shelf:
    """The games kept in ``storage``."""

    def __init__(self, storage: Storage, games: Games) -> None:
        self.storage = storage
        self.games = games
        self._written: dict[str, str] = {}
        """The text last written here of each game (:meth:`newer` does not read a text it wrote itself)."""

    def ids(self) -> list[str]:
        """The identities of every game kept."""
        return [key.removeprefix(GAME_PREFIX) for key in self.storage.all_keys() if key.startswith(GAME_PREFIX)]

    def get(self, game_id: str) -> Shelved | None:
        """The game kept as ``game_id`` as listed (None: nothing kept under it)."""
        text = self.storage.get(GAME_PREFIX + game_id)
        return None if text is None else read(game_id, text, self.games)

    def newer(self, game_id: str, revision: int) -> bool:
        """Whether the game kept as ``game_id`` is at a revision above ``revision`` (another tab played on). A
        tab asks before every write; the text it wrote last is not read again (a long game's text is long)."""
        text = self.storage.get(GAME_PREFIX + game_id)
        if text is None or text == self._written.get(game_id):
            return False
        stored = read(game_id, text, self.games)
        return stored.revision > revision

    def listing(self) -> list[Shelved]:
        """Every game kept, the latest first (unreadable ones by their identity, after the rest)."""
        found = [s for s in (self.get(i) for i in self.ids()) if s is not None]
        return sorted(found, key=lambda s: (s.problem is None, s.when, s.id), reverse=True)

    def load(self, game_id: str) -> tuple[Session, int] | None:
        """The game kept as ``game_id`` replayed, and its revision (None: nothing kept under it).

        Raises:
            MalefizError: when it cannot be read or does not replay (it stays kept).
        """
        shelved = self.get(game_id)
        if shelved is None:
            return None
        if shelved.problem is not None or shelved.document is None:
            raise shelved.problem or MalefizError.keyed("error.save_foreign")
        try:
            session = savefile.from_doc(shelved.document, self.games)
            session.restore_review(shelved.review)  # the review at once, as far as it was worked out
            return session, shelved.revision
        except MalefizError:
            raise
        except (ArithmeticError, LookupError, RecursionError, TypeError, ValueError, AttributeError) as error:
            # A fault of this program, not of the record: it must still never stop a start (the game is set aside).
            detail = f"{type(error).__name__}: {str(error)[:80]}"
            raise MalefizError.keyed("error.kept", detail=detail) from None

    def put(
        self, game_id: str, session: Session, revision: int, when: float, save: dict[str, Any] | None = None
    ) -> bool:
        """Keep ``session`` as ``game_id`` at ``revision`` (False: the browser keeps nothing); ``save``: its
        :func:`~malefiz.core.savefile.save` when the caller has it already."""
        record = session.record
        move = next((e for e in reversed(record.entries) if e.is_move), None)
        last = {} if move is None else {language: session.told(move, language) for language in LANGUAGES}
        wrapper = {
            "format": SHELF_FORMAT,
            "id": game_id,
            "revision": revision,
            "when": round(when, 3),
            "moves": record.moves,
            "over": bool(session.state.is_over),
            "last": last,
            "save": savefile.save(session) if save is None else save,
            "review": session.review_kept(),
        }
        text = json.dumps(wrapper, separators=(",", ":"))
        done = self.storage.set(GAME_PREFIX + game_id, text)
        if done:
            self._written[game_id] = text
        if done and session.state.is_over:  # one more finished game: the oldest may make room
            self.tidy()
        return done

    def remove(self, game_id: str) -> None:
        """Forget the game kept as ``game_id``."""
        self.storage.remove(GAME_PREFIX + game_id)

    def tidy(self) -> None:
        """Make room: only the :data:`MAX_FINISHED` latest finished games stay (never a game in progress,
        never one that cannot be read)."""
        finished = [s for s in self.listing() if s.over and s.problem is None]
        for old in finished[MAX_FINISHED:]:
            self.remove(old.id)

    def __iter__(self) -> Iterator[Shelved]:
        return iter(self.listing())


def read(game_id: str, text: str, games: Games) -> Shelved:
    """The kept text ``text`` as a :class:`Shelved` (with its problem when it cannot be read)."""
    if len(text) > savefile.MAX_SAVE + 10_000:
        too_long = MalefizError.keyed("error.save_long", n=Amount(len(text)), most=Amount(savefile.MAX_SAVE))
        return Shelved(game_id, text, problem=too_long)
    if json_depth(text) is None:
        deep = MalefizError.keyed("error.json_deep", most=MAX_DEPTH)
        return Shelved(game_id, text, problem=MalefizError.keyed("error.save_json", detail=deep))
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        return Shelved(
            game_id, text, problem=MalefizError.keyed("error.save_json", detail=savefile.json_problem(error))
        )
    if not isinstance(doc, dict) or doc.get("format") != SHELF_FORMAT or not isinstance(doc.get("save"), dict):
        return Shelved(game_id, text, problem=MalefizError.keyed("error.save_foreign"))
    save = doc["save"]
    try:
        setup = Setup.from_query(str(save.get("setup", ""))[:10_000], games)
    except MalefizError as error:
        return Shelved(game_id, text, problem=MalefizError.keyed("error.save_setup", error=error))
    if setup is None or setup.game.name != save.get("game"):
        return Shelved(game_id, text, problem=MalefizError.keyed("error.save_setup_other"))
    last = doc.get("last")
    return Shelved(
        id=game_id,
        text=text,
        revision=int(_number(doc.get("revision"))),
        when=_number(doc.get("when")),
        game=setup.game.name,
        board=setup.board,
        setup=setup,
        moves=int(_number(doc.get("moves"))),
        over=doc.get("over") is True,
        last=MappingProxyType(_words(last)),
        document=save,
        review=doc.get("review"),
    )


def when_words(then: float, now: float, t: Translator) -> str:
    """How long ago ``then`` was, in words (``just now``, ``5 minutes ago``, ``vor 2 Tagen``).

    >>> t = Translator("en")
    >>> when_words(0, 30, t), when_words(0, 300, t), when_words(0, 7200, t), when_words(0, 3 * 86400, t)
    ('just now', '5 minutes ago', '2 hours ago', '3 days ago')
    """
    seconds = max(0.0, now - then)
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return t.count(f"shelf.{unit}", int(seconds // size))
    return t("shelf.now")


def remembered_setups(storage: Storage, games: Games) -> tuple[str | None, dict[str, Setup]]:
    """The game last started from the setup form (None: none yet) and the last setup started of each game (what
    cannot be read any more is left out)."""
    try:
        kept = json.loads(storage.get(SETUPS_KEY) or "{}")
    except (ValueError, RecursionError):
        kept = {}
    if not isinstance(kept, dict):
        return None, {}
    found: dict[str, Setup] = {}
    for name, query in kept.items():
        if name in games and isinstance(query, str):
            try:
                setup = Setup.from_query(query[:10_000], games)
            except MalefizError:
                continue
            if setup is not None and setup.game.name == name:
                found[name] = setup
    latest = kept.get("latest")
    return (latest if isinstance(latest, str) and latest in found else None), found


def remember_setup(storage: Storage, setup: Setup, games: Games) -> None:
    """Remember ``setup`` as the last started of its game (its seed, position and pace are no part of it)."""
    _, found = remembered_setups(storage, games)
    found[setup.game.name] = dataclasses.replace(setup, seed=None, position=None, pace="normal")
    kept: dict[str, str] = {name: s.to_query() for name, s in found.items()}
    storage.set(SETUPS_KEY, json.dumps({**kept, "latest": setup.game.name}))


def _button(action: str, key: str, text: str, attributes: str = "") -> str:
    return f'<button type="button"{attributes} data-action="{action}" data-id="{key}">{escape(text)}</button>'


def _words(last: object) -> dict[str, str]:
    """A kept game's last words by language: a mapping of languages to texts (``""``: one text of an earlier
    version), each cut to 200 characters; anything else gives none."""
    if isinstance(last, str):
        last = {"": last}
    if not isinstance(last, dict):
        return {}
    return {str(k): v[:200] for k, v in last.items() if isinstance(v, str) and v}


def shelf_html(listing: list[Shelved], games: Games, t: Translator, now: float) -> str:
    """The setup screen's list of games in progress (and of kept games that cannot be read), the latest first,
    each with a small picture, the players, how far it is and when it was played, and its buttons; ``""`` when
    there is none. The latest game in progress is the card above it (:func:`latest_html`), not listed again: the
    list is of the others then. Every text from a game is escaped; the picture is an image (nothing in it runs)."""
    items = []
    latest = _latest(listing)
    for s in listing:
        if (s.over and s.problem is None) or s is latest:
            continue
        key = escape(s.id)
        about = f' aria-describedby="shelf-{key}"'  # which game a button is for, to a screen reader
        delete = _button("delete", key, t("shelf.delete"), about)
        if s.problem is not None or s.document is None:
            problem = t("shelf.unreadable", error=t.error(s.problem) if s.problem else "")
            download = _button("download-kept", key, t("shelf.download"), about)
            items.append(
                f'<li class="shelved unreadable" data-id="{key}"><span class="shelf-text" id="shelf-{key}">'
                f'<span class="error">{escape(problem)}</span></span>'
                f'<span class="shelf-buttons">{download} {delete}</span></li>'
            )
            continue
        image, text = _described(s, s.document, games, t, now)
        go = _button("continue", key, t("shelf.continue"), ' class="primary"' + about)
        items.append(
            f'<li class="shelved" data-id="{key}">{image}<span class="shelf-text" id="shelf-{key}">{text}</span>'
            f'<span class="shelf-buttons">{go} {delete}</span></li>'
        )
    if not items:
        return ""
    title = t("shelf.title_more" if latest is not None else "shelf.title")
    return f'<h2>{escape(title)}</h2><ul class="shelf-list">{"".join(items)}</ul>'


def _described(s: Shelved, document: dict[str, Any], games: Games, t: Translator, now: float) -> tuple[str, str]:
    """A kept game's small picture and its words (the game and board, the players, how far and when, and its last
    move in the page's language), in HTML."""
    seats = s.setup.seats if s.setup is not None else ()
    image, text = described(games[s.game], s.board, seats, document.get("position"), (s.moves, s.when), t, now)
    words = s.last.get(t.language) or next(iter(s.last.values()), "")
    return image, text + (f'<span class="shelf-last">{escape(words)}</span>' if words else "")


def described(
    game: Game[Any, Any],
    board: str,
    seats: Sequence[Seat],
    position: object,
    moves_when: tuple[int, float],
    t: Translator,
    now: float,
) -> tuple[str, str]:
    """A game's small picture and its words (the game and board, the players, how far and when), in HTML: the shelf's
    games and a game between devices kept alike (its ``position`` as JSON; no picture when it cannot be read)."""
    src, players = "", ", ".join(seat.name for seat in seats)
    try:
        state = game.from_json(position)
        players = ", ".join(seat_label(seat, colours, t) for seat, colours in zip(seats, state.seats, strict=False))
        src = picture(game.face.render(state, Marks(), {}, t))
    except (MalefizError, ValueError, KeyError, TypeError, IndexError):
        pass
    image = f'<img class="shelf-picture" src="{src}" alt="" width="64" height="64"/>' if src else ""
    title = f"{game.title} · {t(f'board.{board}').split(' (')[0]}"
    detail = f"{t.count('shelf.moves', moves_when[0])} · {when_words(moves_when[1], now, t)}"
    return image, (
        f'<strong>{escape(title)}</strong><span class="shelf-names">{escape(players)}</span>'
        f'<span class="shelf-when">{escape(detail)}</span>'
    )


def latest_card(key: str, heading: str, found: tuple[str, str], buttons: Sequence[tuple[str, str]]) -> str:
    """A game at the top of the setup screen: ``found`` (:func:`described`) under ``heading``, and its buttons
    (action, text; the first the primary one), each said to be about it."""
    key = escape(key)
    about = f' aria-describedby="latest-{key}"'
    shown = " ".join(
        _button(action, key, text, (' class="primary"' if i == 0 else "") + about)
        for i, (action, text) in enumerate(buttons)
    )
    return (
        f'<div class="latest-game" data-id="{key}">{found[0]}<span class="shelf-text" id="latest-{key}">'
        f'<span class="latest-title">{escape(heading)}</span>{found[1]}</span>{shown}</div>'
    )


def latest_html(listing: list[Shelved], games: Games, t: Translator, now: float) -> str:
    """The latest game in progress with its *Continue* and *Delete*, for the top of the setup screen (seen without
    scrolling); ``""`` when there is none."""
    s = _latest(listing)
    if s is None or s.document is None:
        return ""
    found = _described(s, s.document, games, t, now)
    buttons = [("continue", t("shelf.continue")), ("delete", t("shelf.delete"))]
    return latest_card(s.id, t("page.latest"), found, buttons)


def _latest(listing: list[Shelved]) -> Shelved | None:
    """The latest game in progress that can be read: the setup screen's card (:func:`latest_html`)."""
    return next((s for s in listing if not s.over and s.problem is None and s.document is not None), None)
