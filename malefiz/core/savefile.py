"""Save files and links: a game written as a JSON document, read back, checked and replayed.

A saved game is its setup (the page address), the dice (seed and rolls taken), and every action
in notation. Reading one replays every action through :meth:`Session.play`, the same step a game
in progress takes, checking each die roll against the seed and the end against the saved
position; anything that does not fit is refused with a message that says what and where.
"""

from __future__ import annotations

import binascii
import json
import zlib
from typing import Any, Final

from ..i18n import Amount
from .actions import Roll
from .document import MAX_DEPTH, deflate, inflate, json_depth
from .errors import MalefizError
from .session import Handover, Session
from .setup import MAX_SEED, Games, Setup

__all__ = ["MAX_SAVE", "SAVE_FORMAT", "SAVE_VERSION", "from_doc", "from_link", "json_problem", "link", "load", "save"]

SAVE_FORMAT: Final = "malefiz-site-game"
"""The ``format`` of a saved game (:func:`save`)."""
SAVE_VERSION: Final = 1
MAX_SAVE: Final = 5_000_000
"""The longest saved game read, in characters."""
MAX_ROLLS: Final = 1_000_000
"""More actions (or rolls) than any game has."""


def json_problem(error: ValueError | RecursionError) -> MalefizError:
    """What is wrong with a text that is not JSON, in words a player can follow (in their language): where it
    breaks off, not the parser's message.

    >>> str(json_problem(json.JSONDecodeError("Expecting value", "[1,\\n", 4)))
    'it breaks off or goes wrong at line 2, character 1'
    """
    if isinstance(error, json.JSONDecodeError):
        return MalefizError.keyed("error.json_at", line=error.lineno, column=error.colno)
    if isinstance(error, RecursionError):
        return MalefizError.keyed("error.json_deep", most=MAX_DEPTH)
    return MalefizError.keyed("error.json_number")


def save(session: Session) -> dict[str, Any]:
    """The game as a JSON-ready document: setup, dice, every action since the start, the position.

    :func:`load` gives the same game back, in the same phase.
    """
    doc = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": session.game.name,
        "setup": session.setup.to_query(),
        "seed": session.seed,
        "dice": session.start_dice.count,
        "games": session.games,
        "actions": session.record.texts(),
        "position": session.game.to_json(session.state),
    }
    if session.handed:  # who plays a seat changed during the game (the setup has who plays it now)
        doc["handed"] = [list(change) for change in session.handed]
    return doc


def link(session: Session) -> str:
    """The game for a link's fragment: :func:`save` as compressed, URL-safe text (see :func:`from_link`)."""
    data = json.dumps(save(session), separators=(",", ":")).encode()
    return deflate(data)


def from_link(text: str, games: Games) -> Session:
    """The game a :func:`link` text holds.

    Raises:
        MalefizError: for a text that is not such a link (cut short, changed, from elsewhere).
    """
    if len(text) > MAX_SAVE:
        raise MalefizError.keyed("error.link_long")
    try:
        data = inflate(text, MAX_SAVE)
        return load(data.decode("utf-8"), games)
    except (ValueError, zlib.error, binascii.Error) as error:
        if isinstance(error, MalefizError):
            raise MalefizError.keyed("error.link", error=error) from None
        raise MalefizError.keyed("error.link_cut") from None


def load(text: str, games: Games) -> Session:
    """The game a :func:`save` document (as JSON text) holds, replayed and checked.

    Raises:
        MalefizError: for anything that is not such a document, or does not replay to its position
            (a tampered, truncated or foreign file); the message says what and where.
    """
    if len(text) > MAX_SAVE:
        raise MalefizError.keyed("error.save_long", n=Amount(len(text)), most=Amount(MAX_SAVE))
    if json_depth(text) is None:
        raise MalefizError.keyed("error.save_json", detail=MalefizError.keyed("error.json_deep", most=MAX_DEPTH))
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MalefizError.keyed("error.save_json", detail=json_problem(error)) from None
    return from_doc(doc, games)


def from_doc(doc: object, games: Games) -> Session:
    """The game a :func:`save` document (already read from JSON) holds, replayed and checked (see :func:`load`).

    Raises:
        MalefizError: as :func:`load`.
    """
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise MalefizError.keyed("error.save_foreign")
    if doc.get("version") != SAVE_VERSION:
        version = str(doc.get("version"))[:20]
        raise MalefizError.keyed("error.save_version", version=version, known=SAVE_VERSION)
    setup_text = doc.get("setup")
    if not isinstance(setup_text, str):
        raise MalefizError.keyed("error.save_setup_missing")
    try:
        setup = Setup.from_query(setup_text, games)
    except MalefizError as error:
        raise MalefizError.keyed("error.save_setup", error=error) from None
    if setup is None or setup.game.name != doc.get("game"):
        raise MalefizError.keyed("error.save_setup_other")
    numbers = []
    for key, limit in (("seed", MAX_SEED), ("dice", MAX_ROLLS), ("games", MAX_ROLLS)):
        value = doc.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < limit:
            raise MalefizError.keyed("error.save_number", name=key, most=limit - 1)
        numbers.append(value)
    actions = doc.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise MalefizError.keyed("error.save_actions")
    if len(actions) > MAX_ROLLS:
        raise MalefizError.keyed("error.save_many", most=Amount(MAX_ROLLS))
    seed, dice, played = numbers
    session = Session(setup, seed, dice, played)
    for i, text_action in enumerate(actions):
        try:
            action = session.game.parse_action(text_action)
            if isinstance(action, Roll):
                if session.state.is_chance and action.value != session.dice.peek():
                    raise MalefizError.keyed("error.save_die", value=session.dice.peek())
                _, session.dice = session.dice.roll()
            session.play(action)
        except MalefizError as error:
            raise MalefizError.keyed("error.save_action", n=i + 1, action=repr(text_action[:40]), error=error) from None
    if doc.get("position") != session.game.to_json(session.state):
        raise MalefizError.keyed("error.save_position")
    session.handed = _handed(doc.get("handed", []), len(actions), session)
    session.choose_the_only_piece()
    return session


def _handed(found: object, actions: int, session: Session) -> list[Handover]:
    """The changes of who plays a seat a document holds (:attr:`Session.handed`): each ``[entries played before
    it, seat, who played it until then, who plays it from then on]``, in order, who as
    :meth:`Session.player_choices` names it (``bot``: a computer of a level not said). The first version of this
    saved no fourth (who plays from then on is who played the seat at its next change, or plays it now).

    Raises:
        MalefizError: for anything else.
    """
    handed: list[Handover] = []
    whom = ("human", "bot", *session.game.bots)
    if not isinstance(found, list) or len(found) > MAX_ROLLS:
        raise MalefizError.keyed("error.save_handed")
    for change in found:
        if not isinstance(change, list) or len(change) not in (3, 4):
            raise MalefizError.keyed("error.save_handed")
        played, seat, *who = change
        numbers = (played, seat)
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) or not all(w in whom for w in who):
            raise MalefizError.keyed("error.save_handed")
        if not 0 <= seat < len(session.setup.seats) or not (handed[-1][0] if handed else 0) <= played <= actions:
            raise MalefizError.keyed("error.save_handed")
        handed.append(Handover(played, seat, who[0], who[1] if len(who) > 1 else ""))
    return [
        change
        if change.choice
        else change._replace(
            choice=next((c.was for c in handed[i + 1 :] if c.seat == change.seat), session.player_choice(change.seat))
        )
        for i, change in enumerate(handed)
    ]
