"""What a tab keeps of the game it shows beyond the game itself, so that a reload shows it as it was.

The game is kept on the shelf (:mod:`malefiz.shelf`) the moment an action is made, for every tab and device. What a
person saw of it in this tab is kept in the tab's own storage, for that game only: the review open, the chances shown
since a hint, and in the turn it was left in, the piece chosen, the hint standing and what *Redo* would play again.
:func:`view_of` writes it as one JSON value after every screen; :func:`take_view` reads it back into a game just
resumed, the turn's part only at the same point of the record and only what is still possible there. Anything else
found in the tab's storage (another game's view, a broken value) is passed over: the game shows as it was kept.

>>> from malefiz.core.session import Session
>>> from malefiz.games import GAMES
>>> game = Session.from_address("?seats=human,human&seed=8", GAMES)
>>> game.toggle_review()
True
>>> again = Session.from_address("?seats=human,human&seed=8", GAMES)
>>> take_view(again, "abc", view_of(game, "abc"))
>>> again.reviewing
True
"""

from __future__ import annotations

import json
from typing import Any, Final

from .core.errors import MalefizError
from .core.session import Session

__all__ = ["MAX_REDO", "VIEW_KEY", "take_view", "view_of"]

VIEW_KEY: Final = "malefiz.view"
"""Where the tab keeps its view of the game it shows (:func:`view_of`), in the tab's own storage."""
MAX_REDO: Final = 10_000
"""The most steps of *Redo* read back (more than any game has)."""
MAX_ACTION: Final = 40
"""The longest action in notation read back (longer than any game's)."""


def view_of(session: Session, game_id: str) -> str:
    """What the tab keeps of ``session`` shown as ``game_id``, as JSON: the review open, the chances shown since a
    hint, and at this point of the record (its length and position) the piece chosen, whether a hint stands and what
    Redo plays again (each action in notation)."""
    return json.dumps(
        {
            "game": game_id,
            "reviewing": session.reviewing,
            "hinted": session.hint_asked,
            "at": len(session.record),
            "position": session.game.format_position(session.state),
            "piece": session.selected,
            "hint": session.hinted is not None,
            "redo": [[str(action) for action in step] for step in session.redo_stack],
        },
        separators=(",", ":"),
    )


def take_view(session: Session, game_id: str, text: str | None) -> None:
    """Show ``session``, just resumed as ``game_id``, as the tab last showed it: ``text`` is what :func:`view_of`
    wrote (None: nothing kept). The turn's part counts only at the same point of the record, and only what is still
    possible there; anything else is passed over."""
    try:
        view: Any = json.loads(text or "null")
    except ValueError:
        return
    if not isinstance(view, dict) or view.get("game") != game_id:
        return
    session.reviewing = session.reviewing or view.get("reviewing") is True
    session.hint_asked = session.hint_asked or view.get("hinted") is True
    at, position = view.get("at"), view.get("position")
    if type(at) is not int or at != len(session.record) or position != session.game.format_position(session.state):
        return  # another point of the game (another tab played on, or took back and played otherwise)
    session.redo_stack = _redo_of(session, view.get("redo")) or session.redo_stack
    if not session.is_person_to_choose():
        return
    piece = view.get("piece")
    if piece is None or (isinstance(piece, str) and piece in {c.piece for c in session.choices()}):
        session.selected = piece  # None: the player let go of the piece a saved game takes up chosen
    if view.get("hint") is True:
        session.hint()


def _redo_of(session: Session, redo: object) -> list[list[Any]] | None:
    """What Redo plays again, read back from :func:`view_of` (None: not such a value). Each action is checked again
    when it is played (:meth:`malefiz.core.session.Session.redo`)."""
    if not isinstance(redo, list) or len(redo) > MAX_REDO:
        return None
    steps: list[list[Any]] = []
    for step in redo:
        if not (isinstance(step, list) and step and all(isinstance(a, str) and len(a) <= MAX_ACTION for a in step)):
            return None
        try:
            steps.append([session.game.parse_action(text) for text in step])
        except MalefizError:
            return None
    return steps
