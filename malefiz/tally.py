"""Who won how often: a table of wins kept on the device, by the names the players typed in the setup.

Every finished game on this device counts once (its identity is remembered): each seat played it, the seats
in first place won it; a colour handed over during the game (*Who plays*) counts for everyone who made one of its
moves. People count by their names; a seat left with its colour's name is nobody in
particular and does not count; the computer counts by its level (``Computer (hard)``), so that a family sees
how it does against each. A game without a named person counts for nobody: a game of computers only fills
nothing.

The table is kept under :data:`TALLY_KEY` as JSON. It is made from games, not by a player's hand: one that
cannot be read is started afresh at the next finished game (a game itself is never touched).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Final

from .core.session import Session
from .core.setup import Seat, player_label, seat_label
from .i18n import Translator

__all__ = ["MAX_COUNTED", "TALLY_KEY", "Tally", "counted", "players_line", "read_tally", "tally_html"]

TALLY_KEY: Final = "malefiz.tally"
TALLY_FORMAT: Final = "malefiz-tally"
MAX_COUNTED: Final = 1000
"""How many finished games' identities are remembered so that none counts twice (the oldest are let go)."""
MAX_NAME: Final = 40


@dataclass(frozen=True, slots=True)
class Row:
    """One player of one game: how many games they played to the end and how many of them they won."""

    game: str
    name: str
    """A person's name, or ``bot:<level>`` for the computer."""
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class Tally:
    """The table of wins, and the games already counted."""

    rows: tuple[Row, ...] = ()
    counted: tuple[str, ...] = ()

    def to_text(self) -> str:
        """The table as it is kept."""
        rows = [[r.game, r.name, r.played, r.won] for r in self.rows]
        return json.dumps({"format": TALLY_FORMAT, "rows": rows, "counted": list(self.counted)}, ensure_ascii=False)


def read_tally(text: str | None) -> Tally:
    """The table kept as ``text``; an empty one when there is none or it cannot be read.

    >>> read_tally(None) == read_tally("not json") == read_tally('{"format": "other"}') == Tally()
    True
    >>> read_tally(Tally((Row("maedn", "Anna", 3, 2),), ("g1",)).to_text()).rows
    (Row(game='maedn', name='Anna', played=3, won=2),)
    """
    try:
        doc = json.loads(text) if text else None
        if not isinstance(doc, dict) or doc.get("format") != TALLY_FORMAT:
            return Tally()
        rows = tuple(_row(item) for item in doc["rows"])
        ids = doc["counted"]
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            return Tally()
        return Tally(rows, tuple(ids[-MAX_COUNTED:]))
    except (ValueError, KeyError, TypeError, RecursionError):
        return Tally()


def _row(item: object) -> Row:
    if not isinstance(item, list) or len(item) != 4:
        raise ValueError("a row is [game, name, played, won]")
    game, name, played, won = item
    if not (isinstance(game, str) and isinstance(name, str) and 0 < len(name) <= MAX_NAME):
        raise ValueError("game and name are text")
    if not (type(played) is int and type(won) is int and 0 <= won <= played):
        raise ValueError("played and won are counts")
    return Row(game, name, played, won)


def _who(seat: Seat) -> str | None:
    """Who a seat is in the table: its person's name, the computer's level, or None (the colour's own name)."""
    if seat.kind == "bot":
        return f"bot:{seat.level}"
    name = seat.name.strip()
    return name[:MAX_NAME] if name and seat.named else None


def counted(tally: Tally, game_id: str, session: Session) -> Tally | None:
    """``tally`` with the game ``game_id`` counted, once it is over; None when there is nothing to count (the game
    goes on, it was counted before, or no named person played it)."""
    state = session.state
    if not state.is_over or game_id in tally.counted:
        return None
    players = [session.players_of(index) for index in range(len(session.setup.seats))]
    if not any(seat.kind != "bot" and _who(seat) is not None for played in players for seat in played):
        return None
    winners = set(state.ranking[0]) if state.ranking else set()
    # Each player once a game: three computers at one level are one player, and so is a name in any case ("anna"
    # is Anna, spelt as first counted). A colour handed over during the game counts for everyone who played it.
    names: dict[str, str] = {}
    won: dict[str, bool] = {}
    for index, played in enumerate(players):
        for seat in played:
            who = _who(seat)
            if who is not None:
                names.setdefault(who.casefold(), who)
                won[who.casefold()] = won.get(who.casefold(), False) or index in winners
    game = session.game.name
    table = {(r.game, r.name.casefold()): r for r in tally.rows}
    for key, first in won.items():
        row = table.get((game, key), Row(game, names[key], 0, 0))
        table[(game, key)] = Row(game, row.name, row.played + 1, row.won + first)
    return Tally(tuple(table.values()), (*tally.counted, game_id)[-MAX_COUNTED:])


def _label(name: str, t: Translator) -> str:
    return player_label(name[4:], t) if name.startswith("bot:") else name


def tally_html(tally: Tally, titles: Mapping[str, str], t: Translator) -> str:
    """The table for the setup screen, one per game (most wins first), with *Clear the table*; ``""`` while it is
    empty. ``titles``: each game's title by its name, in the order to show them. Every name is escaped."""
    parts = []
    for game, title in titles.items():
        rows = sorted((r for r in tally.rows if r.game == game), key=lambda r: (-r.won, r.played, r.name.lower()))
        if not rows:
            continue
        body = "".join(
            f'<tr><th scope="row">{escape(_label(r.name, t))}</th><td>{r.won}</td><td>{r.played}</td></tr>'
            for r in rows
        )
        parts.append(
            f'<table class="tally-table"><caption>{escape(title)}</caption><thead><tr>'
            f'<th scope="col">{escape(t("tally.name"))}</th><th scope="col">{escape(t("tally.won"))}</th>'
            f'<th scope="col">{escape(t("tally.played"))}</th></tr></thead><tbody>{body}</tbody></table>'
        )
    if not parts:
        return ""
    forget = f'<button type="button" data-action="forget-tally" data-id="">{escape(t("tally.forget"))}</button>'
    return (
        f'<h2 id="tally-title">{escape(t("tally.title"))}</h2>'
        f'<p class="tally-note">{escape(t("tally.note"))}</p>{"".join(parts)}{forget}'
    )


def players_line(tally: Tally, session: Session, t: Translator) -> str:
    """Under the podium at the end: how often each of the game's players has won on this device, this game
    included (``Wins on this device: Anna 3 of 5, Computer (hard) 1 of 4.``), as HTML; ``""`` when none of them
    is in the table."""
    rows = {r.name.casefold(): r for r in tally.rows if r.game == session.game.name}
    seats: dict[Row, list[str]] = {}  # each row with the seats it counts here (a computer's level: its colours)
    for index in range(len(session.setup.seats)):
        for seat in session.players_of(index):
            who = _who(seat)
            row = rows.get(who.casefold()) if who is not None else None
            label = seat_label(seat, (seat.colour,), t)
            if row is not None and label not in seats.get(row, []):
                seats.setdefault(row, []).append(label)
    parts = []
    for row, played_as in seats.items():
        who = _label(row.name, t)
        if row.name.startswith("bot:"):  # the podium calls it by its colour: "Computer (hard) as Yellow"
            who = t("tally.bot_as", computer=who, names=t("joint").join(played_as))
        parts.append(t("tally.line_one", who=who, won=row.won, played=row.played))
    if not parts:
        return ""
    return f'<p class="tally-line">{escape(t("tally.line", list=", ".join(parts)))}</p>'
