"""Mensch ärgere Dich nicht in words for people: what happened, what to do now, a hint, a piece or a target.

Places are told as a player counts them (``15 fields along``, ``goal field b``),
never by track index; every text comes from the catalogue (:mod:`malefiz.i18n`), in
the translator's language.

>>> from malefiz.games.maedn import apply, effects, parse_action, parse_position
>>> s = parse_position("maedn cross y:3,B,B,B r:27,B,B,B y4")
>>> m = parse_action("y:3-7")
>>> event_words(s, m, apply(s, m), effects(s, m), lambda colour: colour.title())
'Yellow moves a piece 4 fields and captures a piece of Red: it goes back to B'
>>> label_words(s, "y:3", None), label_words(s, "t7", m)
('Yellow piece 3 fields along', 'move here and capture the red piece: 4 fields ahead')
"""

from __future__ import annotations

from ...core.actions import Pass
from ...core.effects import Effects
from ...core.face import Namer
from ...i18n import ENGLISH, Translator
from .board import GOAL_LETTERS, field_place, piece_at, pieces_on
from .rules import captures, may_roll_three_times, movers, stopped
from .state import Action, Move, Phase, State

__all__ = ["event_words", "hint_words", "label_words", "place_words", "prompt_words", "stuck_words"]


def place_words(state: State, colour: str, place: int, t: Translator = ENGLISH) -> str:
    """A piece of ``colour`` at ``place`` in words: ``Yellow piece 15 fields along``, ``Red piece waiting on B``."""
    neutral = colour == state.seating.neutral
    where = where_words(state, place, t)
    return t("md.label_neutral" if neutral else "md.label_piece", colour=t.colour(colour, capital=True), where=where)


def where_words(state: State, place: int, t: Translator = ENGLISH) -> str:
    """Where a piece at ``place`` stands: ``waiting on B``, ``on its start field``, ``15 fields along``,
    ``in goal field c``."""
    length = state.seating.length
    if place < 0:
        return t("md.on_b")
    if place == 0:
        return t("md.on_start")
    if place < length:
        return t("md.along", fields=t.count("fields", place))
    return t("md.in_goal", letter=GOAL_LETTERS[place - length])


def _piece_words(state: State, m: Move, t: Translator) -> str:
    """The moved piece: ``a piece`` (the mover's own), ``a red piece``, ``the neutral black piece``."""
    if m.colour == state.seating.neutral:
        return t("md.piece_neutral", colour=t.colour_noun(m.colour))
    if m.colour != state.current:
        return t("md.piece_colour", colour=t.colour_noun(m.colour))
    return t("md.piece")


def event_words(
    before: State, action: Action, after: State, effects: Effects, name: Namer, t: Translator = ENGLISH
) -> str:
    """``Anna (yellow) brings a piece onto the start field with the 6``, ``... moves a piece 4 fields``...

    ``effects``: what ``action`` did (:func:`~malefiz.games.maedn.rules.effects`); ``name``: a colour's
    player. A roll is the session's to tell, and the notation (``y:12-16``) to show beside the words.
    """
    who = name(before.current)
    if isinstance(action, Pass):
        if after.is_chance and after.turn == before.turn and not after.is_over:
            if before.roll == 6:
                return t("md.pass_six", who=who)
            return t("md.pass_try", who=who, value=before.roll, n=after.attempt)
        return t("md.pass", who=who, value=before.roll)
    assert isinstance(action, Move)
    length = before.seating.length
    piece = _piece_words(before, action, t)
    fields = t.count("fields", abs(action.end - action.start))
    if action.start < 0:
        key = "md.enter"
    elif action.end < action.start:
        key = "md.back"
    elif action.start >= length:
        key = "md.up"
    elif action.end >= length:
        key = "md.into_goal"
    else:
        key = "md.move"
    text = t(key, who=who, piece=piece, fields=fields)
    neutral = before.seating.neutral
    if effects.capture is not None:
        colour = effects.capture.colour
        if colour == neutral:  # nobody's: the piece is told by its colour
            text += t("md.capture_neutral", colour=t.colour_noun(colour))
        else:
            text += t("md.capture", name=name(colour))
    if effects.penalty is not None:
        colour = effects.penalty.colour
        place = field_place(before, colour, effects.penalty.key)
        at = {"fields": t.count("fields", place)} if place else {}
        penalty = "md.penalty" if place else "md.penalty_start"
        if colour == neutral:
            text += t(penalty + "_neutral", colour=t.colour_noun(colour), **at)
        elif colour == before.current:  # the mover's own piece: "their own piece" (it read "the piece of Anna")
            text += t(penalty + "_own", **at)
        else:
            text += t(penalty, name=name(colour), **at)
    if effects.finished is not None:
        text += t("md.home_neutral") if effects.finished == neutral else t("md.home", name=name(effects.finished))
    if after.is_chance and after.turn == before.turn and before.roll == 6:
        text += t("md.again")
    return text


def prompt_words(state: State, selected: bool, again: bool, t: Translator = ENGLISH) -> str:
    """What the player to act does now: roll (again, or the next of three tries), choose a piece, choose its
    target. ``selected``: a piece is chosen; ``again``: the same colour acts again."""
    if state.phase is Phase.ROLL:
        if state.attempt > 1:
            return t("md.try", n=state.attempt)
        if again:
            return t("md.six_again")
        if may_roll_three_times(state):
            return t("md.roll_three")
        return t("md.roll")
    return t("md.choose_target" if selected else "md.choose", roll=state.roll)


def hint_words(state: State, action: Action, t: Translator = ENGLISH) -> str:
    """An action in a few words, for a hint and the review: ``bring a piece in``, ``the piece 3 fields along: 4
    fields ahead, capturing the red piece`` (the mover's own piece needs no colour; the hint and the review speak of
    the player to act)."""
    if not isinstance(action, Move):
        return str(action)
    victim = captures(state, action)
    if action.start < 0:
        words = t("md.hint_enter", piece=_piece_words(state, action, t))
    else:
        own = action.colour == state.current != state.seating.neutral
        piece = (
            t("md.hint_own", where=where_words(state, action.start, t))
            if own
            else place_words(state, action.colour, action.start, t)
        )
        words = t("md.hint_move", piece=piece, where=_where(state, action, t))
    return words if victim is None else t("md.hint_capture", words=words, colour=t.colour_noun(victim))


def _where(state: State, action: Move, t: Translator) -> str:
    """Where a move goes, from the piece: ``the start field``, ``goal field c``, ``4 fields ahead``, ``2 back``."""
    length = state.seating.length
    if action.start < 0:
        return t("md.to_start")
    if action.end >= length:
        return t("md.to_goal", letter=GOAL_LETTERS[action.end - length])
    if action.end < action.start:
        return t("md.n_back", fields=t.count("fields", action.start - action.end))
    return t("md.n_ahead", fields=t.count("fields", action.end - action.start))


def label_words(state: State, key: str, action: Action | None, t: Translator = ENGLISH) -> str:
    """The name of a piece (``action`` None: ``Yellow piece 15 fields along``) or of the target of ``action``
    (``move here: goal field b``, ``move here and capture the red piece: 4 fields ahead``); ``key`` itself
    for a key that names no piece."""
    if action is None:
        found = piece_at(state, key)
        if found is None:
            return key
        return place_words(state, *found, t)
    assert isinstance(action, Move)
    where = _where(state, action, t)
    victim = captures(state, action)
    if victim is not None:
        return t("md.label_capture", colour=t.colour_noun(victim), where=where)
    return t("md.label_move", where=where)


def stuck_words(state: State, key: str, name: Namer, t: Translator = ENGLISH, chosen: str | None = None) -> str:
    """Why a click on the piece ``key`` (or the field it stands on) moves nothing while a roll waits to be used: the
    piece is another colour's (``That piece belongs to Red``), or the rule that stops it (:func:`~.rules.stopped`:
    ``A piece leaves the house only with a 6``); "" for a piece that can move, or an empty field (a piece picked,
    ``chosen``, has every field it may go to marked, one or two; the session tells what else a field is told).

    >>> from .notation import parse_position
    >>> s = parse_position("maedn cross y:0,B,B,B r:B,B,B,B y3")
    >>> stuck_words(s, "y:B", str.title), stuck_words(s, "r:B", str.title), stuck_words(s, "y:0", str.title)
    ('A piece leaves the house only with a 6', 'That piece belongs to Red', '')
    >>> stuck_words(s, "r:B2", str.title), stuck_words(s, "y:B1", str.title), stuck_words(s, "t5", str.title)
    ('That piece belongs to Red', 'A piece leaves the house only with a 6', '')
    """
    found = piece_at(state, pieces_on(state).get(key, key))
    if found is None or state.phase is not Phase.MOVE:
        return ""
    colour, place = found
    if colour not in movers(state):
        return t("why.not_yours", piece=t("noun.maedn"), who=name(colour))
    why = stopped(state, colour, place)
    return t(f"md.why.{why}") if why else ""
