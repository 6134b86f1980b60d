"""Reference opponents: the approaches public Malefiz programs use (for benchmarks only, not offered to players)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from malefiz.games.malefiz.board import HOUSE, Field
from malefiz.games.malefiz.bots import Bot
from malefiz.games.malefiz.rules import Action, Move, Place, State

__all__ = ["REFERENCE_BOTS", "distance_greedy", "one_ply_weighted", "priority_list"]


def _distance(state: State, colour: str, f: Field) -> int:
    b = state.board
    if f == HOUSE:
        return b.start_distance(colour)  # type: ignore[arg-type]
    if f < 0:
        assert b.forest_exit is not None
        return b.distance[b.forest_exit] + 1
    return b.distance[f]


def _leader_front(state: State) -> Field | None:
    """The opponents' pawn nearest the goal."""
    b = state.board
    others = [p for i, pawns in enumerate(state.pawns) if i != state.turn for p in pawns if p >= 0]
    return min(others, key=lambda p: b.distance[p], default=None)


def _shortest_path(state: State, start: Field) -> list[Field]:
    """Fields from ``start`` towards the goal along falling distance (ignoring barricades)."""
    b = state.board
    path = [start]
    while path[-1] != b.goal:
        here = path[-1]
        path.append(min(b.neighbours[here], key=lambda n: (b.distance[n], n)))
    return path


def _place_ahead_of_leader(state: State, actions: Sequence[Action], ahead: int) -> Action:
    leader = _leader_front(state)
    legal = {a.field: a for a in actions if isinstance(a, Place)}
    if leader is not None:
        for f in _shortest_path(state, leader)[ahead:]:
            if f in legal:
                return legal[f]
    return actions[0]


def distance_greedy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(a) The move ending nearest the goal; a captured barricade on the first legal field."""
    if isinstance(actions[0], Move):
        return min(actions, key=lambda a: state.board.distance[a.end] if isinstance(a, Move) else 0)
    return actions[0]


def one_ply_weighted(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(b) Distance gained, a barricade bonus, a capture bonus growing with the victim's progress, the win."""
    b = state.board
    if isinstance(actions[0], Place):
        return _place_ahead_of_leader(state, actions, 2)

    def score(a: Action) -> float:
        if not isinstance(a, Move):
            return 0.0
        if a.end == b.goal:
            return 1e6
        gained = _distance(state, state.current, a.start) - b.distance[a.end]
        value = 10.0 * gained
        if state.barricades >> a.end & 1:
            value += 15
        victim = state.occupant(a.end)
        if victim is not None and victim != state.current:
            value += 20 + 2 * (b.start_distance(victim) - b.distance[a.end])
        return value

    return max(actions, key=score)


def priority_list(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(c) Goal; capture near the goal; least summed distance; capture; barricade just ahead of the leader."""
    b = state.board
    if isinstance(actions[0], Place):
        return _place_ahead_of_leader(state, actions, 1)
    moves = [a for a in actions if isinstance(a, Move)]
    if not moves:
        return actions[0]
    for m in moves:
        if m.end == b.goal:
            return m

    def victim(m: Move) -> bool:
        v = state.occupant(m.end)
        return v is not None and v != state.current

    near = [m for m in moves if victim(m) and b.distance[m.end] <= 24]
    if near:
        return min(near, key=lambda m: b.distance[m.end])

    def summed(m: Move) -> int:
        mine = list(state.pawns[state.turn])
        mine[mine.index(m.start)] = m.end
        return sum(_distance(state, state.current, p) for p in mine)

    best = min(summed(m) for m in moves)
    tied = [m for m in moves if summed(m) == best]
    captures = [m for m in tied if victim(m)]
    return (captures or tied)[0]


REFERENCE_BOTS: dict[str, Bot] = {
    "distance_greedy": distance_greedy,
    "one_ply_weighted": one_ply_weighted,
    "priority_list": priority_list,
}
