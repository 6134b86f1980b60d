"""Malefiz in words a person can follow on the board, not in grid coordinates.

A field is told by what a player sees: the goal, the fields just below it, its
row (counted from the houses up) and its place in the row counted from the nearer
end (no two fields get the same words), a rest field, a start field; a
barricade put down is told by the pawn it stops (``in front of Yellow's pawn``).

What the page says is made here, in the language of a :class:`~malefiz.i18n.Translator`
(Mensch ärgere Dich nicht has functions of the same names): :func:`event_words` (what
an action did, for the message line and the log), :func:`prompt_words` (what the
person to act does now), :func:`hint_words` (a suggested action), :func:`label_words`
(the accessible name of a piece or target on the board) and :func:`pawn_words`
(a pawn's title).

>>> from .board import board, field
>>> b = board("classic")
>>> field_words(b, b.goal), field_words(b, field(8, 1)), field_words(b, field(2, 13))
('the goal', 'the field below the goal', "the field above red's house")
>>> field_words(b, field(0, 11)), field_words(b, field(12, 11))
('the 1st field from the left on row 2', 'the 5th field from the right on row 2')
>>> field_words(b, field(0, 12)), field_words(b, field(8, 3))
('the 1st field from the left between rows 1 and 2', 'the field in the middle of row 6')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

from ...core.effects import Effects
from ...i18n import ENGLISH, Translator
from .board import FOREST, HOUSE, Board, Colour, Field, counted_rows, row_columns, xy
from .notation import parse_location
from .rules import effects, stopped, unplaceable, unreachable
from .state import Action, Move, Pass, Phase, Place, State

__all__ = [
    "ahead_words",
    "blocking",
    "event_words",
    "field_words",
    "hint_words",
    "label_words",
    "move_words",
    "pawn_words",
    "place_words",
    "prompt_words",
    "stuck_words",
]


REACH: Final = 6
"""How far ahead of a pawn a barricade still counts as put in front of it (one roll)."""


def field_words(b: Board, f: Field, t: Translator = ENGLISH, close: str = "") -> str:
    """Where field ``f`` is, as a player sees it. ``close`` ends a note on the field's kind where words follow in
    the same sentence (a comma: ``..., a village field, and takes the barricade there``)."""
    if f == b.goal:
        return t("mf.goal")
    owner = next((c for c, exit_field in b.exits.items() if exit_field == f), None)
    if owner is not None:
        return t("mf.start_field", colour=t.colour_noun(owner))
    distance = b.distance.get(f)
    if distance == 1:
        return t("mf.below_goal")
    x, y = xy(f)
    gx, _ = xy(b.goal)
    sort = "rest" if f in b.rest_fields else "village" if f in b.village else "field"
    if distance is not None and distance <= 3 and x == gx:
        return t("mf.below_goal_n", kind=t(f"mf.kind.{sort}"), n=distance)
    note = t(f"mf.note.{sort}")
    if note:
        note += close
    rows = counted_rows(b.name)
    row = rows.index(y) + 1 if y in rows else None
    below = sum(1 for r in rows if r > y)
    if x == gx:
        if row is not None:
            return t("mf.row_middle", row=row, note=note)
        return t("mf.between_middle", below=below, above=below + 1, note=note)
    # Counted from the nearer end of its row (or of the fields between two rows): the same words never name
    # two fields.
    line = row_columns(b.name, y)
    nth = t.ordinal(line.index(x) + 1 if x < gx else len(line) - line.index(x))
    side = t("mf.left" if x < gx else "mf.right")
    if row is not None:
        return t("mf.on_row", nth=nth, side=side, row=row, note=note)
    return t("mf.between_rows", nth=nth, side=side, below=below, above=below + 1, note=note)


def _steps_ahead(b: Board, start: Field, target: Field) -> int | None:
    """How many steps ``target`` lies ahead of ``start`` on a shortest way to the goal (within :data:`REACH`)."""
    d_start, d_target = b.distance.get(start), b.distance.get(target)
    if d_start is None or d_target is None or not 0 < d_start - d_target <= REACH:
        return None
    frontier = {start}
    for step in range(1, d_start - d_target + 1):
        frontier = {n for f in frontier for n in b.neighbours[f] if b.distance.get(n) == d_start - step}
    return d_start - d_target if target in frontier else None


def blocking(state: State, f: Field, mover: Colour) -> tuple[Colour, int] | None:
    """The pawn a barricade on ``f`` stands in front of: its colour and how many steps ahead, nearest first.

    Opponents' pawns count before the mover's own; pawns waiting in a house count from their start field.
    """
    b = state.board
    found: list[tuple[bool, int, int, Colour]] = []
    for order, (colour, pawns) in enumerate(zip(state.players, state.pawns, strict=True)):
        for p in set(pawns):
            if p == FOREST:
                continue
            start = b.exits[colour] if p == HOUSE else p
            steps = 0 if start == f else _steps_ahead(b, start, f)
            if steps is None or (steps == 0 and p != HOUSE):
                continue
            steps += p == HOUSE
            found.append((colour == mover, steps, order, colour))
    if not found:
        return None
    _, steps, _, colour = min(found)
    return colour, steps


def _onto_own_exit(state: State, m: Move) -> bool:
    """``m`` takes a pawn out of the house onto the field just above it (said so, not by that field's name)."""
    return m.start == HOUSE and m.end == state.board.exits[state.current]


def move_words(before: State, m: Move, fx: Effects, name: Callable[[Colour], str], t: Translator = ENGLISH) -> str:
    """``Anna (red) moves a pawn 5 steps to a field on row 3, on the left and takes the barricade there``
    (``fx``: the move's effects, see :func:`~.rules.effects`)."""
    b = before.board
    who = name(before.current)
    if fx.goal:
        return t("mf.win", who=who)
    key = {HOUSE: "mf.move_house", FOREST: "mf.move_forest"}.get(m.start, "mf.move")
    roll = before.roll or 0
    if _onto_own_exit(before, m):  # not "out of the house to the field above red's house"
        text = t("mf.move_house_exit", who=who)
    else:
        more = fx.capture is not None or fx.barricade_taken is not None  # "... and takes the barricade there"
        where = field_words(b, m.end, t, "," if more else "")
        text = t(key, who=who, steps=t.count("steps", roll), where=where)
    if fx.capture is not None:
        victim = cast(Colour, fx.capture.colour)
        to_forest = parse_location(fx.capture.key) in b.village  # caught in the village: into the forest
        place = t("mf.to_forest" if to_forest else "mf.to_house")
        if victim == before.current:
            text += t("mf.sends_own", place=place)
        else:
            text += t("mf.sends", name=name(victim), place=place)
    if fx.barricade_taken is not None:
        text += t("mf.takes")
    return text


def ahead_words(steps: int, t: Translator = ENGLISH) -> str:
    """``right in front``, ``3 steps ahead``."""
    return t("mf.right_in_front") if steps == 1 else t("mf.n_ahead", steps=t.count("steps", steps))


def place_words(before: State, p: Place, name: Callable[[Colour], str], t: Translator = ENGLISH) -> str:
    """``Anna (red) puts the barricade right in front of the pawn of Ben (yellow)``."""
    who = name(before.current)
    stops = blocking(before, p.field, before.current)
    if stops is None:
        return t("mf.place_on", who=who, where=field_words(before.board, p.field, t))
    colour, steps = stops
    ahead = ahead_words(steps, t)
    if colour == before.current:
        return t("mf.place_front_own", who=who, ahead=ahead)
    return t("mf.place_front", who=who, name=name(colour), ahead=ahead)


def pawn_words(b: Board, colour: Colour, location: Field, t: Translator = ENGLISH) -> str:
    """A pawn of ``colour`` at ``location`` (a field, HOUSE or FOREST) in words: ``Red pawn in the house``."""
    name = t.colour(colour, capital=True)
    if location == HOUSE:
        return t("mf.label_house", colour=name)
    if location == FOREST:
        return t("mf.label_forest", colour=name)
    return t("mf.label_pawn", colour=name, where=field_words(b, location, t))


def event_words(
    before: State, action: Action, after: State, fx: Effects, name: Callable[[str], str], t: Translator = ENGLISH
) -> str:
    """What a move, a placement or a pass did, in words a player follows on the board (a roll is told by the
    session): ``Anna (red) moves a pawn 2 steps to the field below the goal and takes the barricade there``;
    ``... puts the barricade right in front of the pawn of Ben (yellow)``. ``fx``: the action's
    effects (see :func:`~.rules.effects`); ``name``: a colour's player (``Anna (red)``)."""
    who = name(before.current)
    if isinstance(action, Pass):
        return t("mf.pass", who=who, value=before.roll)
    colours = cast(Callable[[Colour], str], name)
    if isinstance(action, Place):
        return place_words(before, action, colours, t)
    assert isinstance(action, Move)
    return move_words(before, action, fx, colours, t)


def prompt_words(state: State, selected: bool, again: bool, t: Translator = ENGLISH) -> str:
    """What the person to act does now: roll (``again`` after a 6 under the extra-roll option), choose a pawn,
    choose its field (``selected``: a pawn is chosen), or put the barricade."""
    if state.phase is Phase.ROLL:
        return t("mf.roll_again" if again else "mf.roll")
    if state.phase is Phase.PLACE:
        return t("mf.place")
    return t("mf.choose_target" if selected else "mf.choose", roll=state.roll)


def hint_words(state: State, action: Action, t: Translator = ENGLISH) -> str:
    """A suggested action in a few words: ``move a pawn out of the house to the 2nd field from the left on row 1``;
    ``put the barricade right in front of ...``."""
    b = state.board
    if isinstance(action, Move):
        where = field_words(b, action.end, t)
        if action.start == HOUSE:
            return t("mf.hint_house_exit") if _onto_own_exit(state, action) else t("mf.hint_house", where=where)
        if action.start == FOREST:
            return t("mf.hint_forest", where=where)
        return t("mf.hint_move", start=field_words(b, action.start, t, t("mf.hint_move_close")), where=where)
    if isinstance(action, Place):
        stops = blocking(state, action.field, state.current)
        if stops is None:
            return t("mf.hint_place_on", where=field_words(b, action.field, t))
        colour, steps = stops
        ahead = ahead_words(steps, t)
        if colour == state.current:
            return t("mf.hint_place_own", ahead=ahead)
        return t("mf.hint_place", ahead=ahead, colour=t.colour_noun(colour))
    return str(action)


def label_words(state: State, key: str, action: Action | None, t: Translator = ENGLISH) -> str:
    """The accessible name of the board element ``key`` (a page key: a location's name in the notation):
    a movable pawn of the player to act (``action`` None: ``red pawn in the house``, ``red pawn on the field
    below the goal``) or the target of the legal ``action`` (``move here: the goal``, ``move here and send the
    yellow pawn back: ...``, ``put the barricade here: ...``).

    Raises:
        NotationError: for a key that names no location.
    """
    b = state.board
    if action is None:
        return pawn_words(b, state.current, parse_location(key), t)
    if isinstance(action, Place):
        return t("mf.label_place", where=field_words(b, action.field, t))
    assert isinstance(action, Move)
    fx = effects(state, action)
    extra = ""
    if fx.capture is not None:
        victim = fx.capture.colour
        own = victim == state.current
        extra += t("mf.label_capture_own") if own else t("mf.label_capture", colour=t.colour_noun(victim))
    if fx.barricade_taken is not None:
        extra += t("mf.label_take")
    return t("mf.label_move", extra=extra, where=field_words(b, action.end, t))


def stuck_words(
    state: State, key: str, name: Callable[[Colour], str], t: Translator = ENGLISH, chosen: str | None = None
) -> str:
    """Why a click on ``key`` (a location's name) does nothing: while a roll waits to be used, the pawn there is
    another player's (``That pawn belongs to Yellow``) or what stops it (:func:`~.rules.stopped`: ``A barricade
    blocks every way this pawn could go with a 6``); with the pawn on ``chosen`` picked, why it cannot go to the field
    ``key`` (:func:`~.rules.unreachable`: ``With a 3 this pawn cannot land there``); while a barricade waits for its
    field, why it may not go there (:func:`~.rules.unplaceable`: ``The barricade may not go on the bottom row``); ""
    for anything else.

    >>> from .notation import parse_position
    >>> s = parse_position("fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6")
    >>> stuck_words(s, "2.4", str.title), stuck_words(s, "7.7", str.title), stuck_words(s, "3.7", str.title)
    ('A barricade blocks every way this pawn could go with a 6', 'That pawn belongs to Yellow', '')
    >>> stuck_words(s, "3.3", str.title, chosen="3.7"), stuck_words(s, "4.2", str.title, chosen="2.4")
    ('With a 6 this pawn cannot land there', 'A barricade is in the way: a pawn may not jump over one')

    Raises:
        NotationError: for a key that names no location.
    """
    if state.phase is Phase.PLACE:  # a field the barricade may not go on
        why = unplaceable(state, parse_location(key))
        return t(f"mf.why.place.{why}") if why else ""
    if state.phase is not Phase.MOVE:
        return ""
    location = parse_location(key)
    if chosen is not None and location >= 0 and location not in state.pawns[state.turn]:  # where it cannot go
        why = unreachable(state, parse_location(chosen), location)
        if why:
            return t(f"mf.why.to.{why}", n=state.roll)
    if location not in state.pawns[state.turn]:  # the house and the forest are always the player's own
        owner = next((i for i, pawns in enumerate(state.pawns) if location in pawns), None)
        return (
            ""
            if owner is None or location < 0
            else t("why.not_yours", piece=t("noun.malefiz"), who=name(state.players[owner]))
        )
    why = stopped(state, location)
    return t(f"mf.why.{why}", n=state.roll) if why else ""
