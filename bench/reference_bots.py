"""Reference opponents: the approaches public Malefiz programs use (for benchmarks only, not offered to players)."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from malefiz.core.actions import ROLLS
from malefiz.games.malefiz.board import COLOURS, FOREST, HOUSE, Board, Colour, Field
from malefiz.games.malefiz.bots import Bot
from malefiz.games.malefiz.rules import apply, legal_actions
from malefiz.games.malefiz.state import Action, Move, Phase, Place, State

__all__ = [
    "REFERENCE_BOTS",
    "distance_greedy",
    "felix",
    "one_ply_front",
    "one_ply_weighted",
    "priority_list",
    "two_ply_expectimax",
]


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


# (d) felixxwu/malefiz-online's AI (src/signals/getters/ai.ts `AI1`, driven by
# src/signals/actions/playAiIfApplicable.ts), rewritten for our engine. Its distances come from
# src/signals/getters/gameStateHashTable/distanceToFinish.ts: steps to the goal where stepping onto
# a barricade costs 6, not 1. Houses and the forest are fields of their own in that program (leaves
# behind their exits), so here they are nodes too: -10 - colour index for a house, FOREST.
_FELIX_FORWARD = 0.08  # forwardPriority: minus this per step still to go at the start of the move
_FELIX_STONE = 2.0  # stonePriority: taking a barricade
_FELIX_KILL = 2.0  # killPriority (plus the mover's aiTemper, not kept in a State: taken as 0)
_FELIX_LOOKAHEAD = 7  # stoneLookahead
_FELIX_STONE_FORWARD = 0.1  # stoneForwardPriority: minus this per step a placement is from the goal
_FELIX_DITHER = 0.05  # ditherRange: fresh noise on every score, even when a score is compared again
_FELIX_GOAL = 1e9


def _house_node(colour: Colour) -> int:
    return -10 - COLOURS.index(colour)


@lru_cache(maxsize=4096)
def _weighted_distance(b: Board, barricades: int) -> dict[int, int]:
    """Steps to the goal for every field, house and the forest; stepping onto a barricade costs 6."""
    dist: dict[int, int] = {b.goal: 0}
    heap = [(0, b.goal)]
    while heap:
        d, f = heapq.heappop(heap)
        if d > dist[f]:
            continue
        onward = d + (6 if barricades >> f & 1 else 1)
        for n in b.neighbours[f]:
            if onward < dist.get(n, onward + 1):
                dist[n] = onward
                heapq.heappush(heap, (onward, n))
    for colour, exit_ in b.exits.items():
        dist[_house_node(colour)] = dist[exit_] + (6 if barricades >> exit_ & 1 else 1)
    if b.forest_exit is not None:
        dist[FOREST] = dist[b.forest_exit] + (6 if barricades >> b.forest_exit & 1 else 1)
    return dist


@lru_cache(maxsize=16)
def _node_neighbours(b: Board) -> dict[int, tuple[int, ...]]:
    """Neighbours in that program's order (the line above, left, right, below): a house or the
    forest comes after its exit's board neighbours."""
    nbrs: dict[int, list[int]] = {f: list(b.neighbours[f]) for f in b.fields}
    for colour, exit_ in b.exits.items():
        nbrs[exit_].append(_house_node(colour))
        nbrs[_house_node(colour)] = [exit_]
    if b.forest_exit is not None:
        nbrs[b.forest_exit].append(FOREST)
        nbrs[FOREST] = [b.forest_exit]
    return {f: tuple(n) for f, n in nbrs.items()}


def _felix_node(colour: Colour, location: Field) -> int:
    return _house_node(colour) if location == HOUSE else location


def _felix_owners(state: State, node: int) -> set[Colour]:
    """The colours with a pawn on ``node`` (a house holds its colour's pawns at home)."""
    if node <= -10:
        colour = COLOURS[-10 - node]
        return {colour} if colour in state.players and HOUSE in state.pawns_of(colour) else set()
    return {c for c, pawns in zip(state.players, state.pawns, strict=True) if node in pawns}


def _felix_pick(items: Sequence[Action], score: Callable[[Action], float], rng: random.Random) -> Action:
    """That program's loop: keep the first, replace it by any later one scoring higher, every
    score (the kept one's too) drawing new noise."""
    best = items[0]
    for item in items:
        if score(item) + rng.random() * _FELIX_DITHER > score(best) + rng.random() * _FELIX_DITHER:
            best = item
    return best


def _felix_proximity(state: State, dist: dict[int, int], node: int, depth: int) -> int:
    """7 for a field right in front of an opponent's pawn, one less per step further, 0 in front of our own."""
    if depth == 0:
        return 0
    nbrs = _node_neighbours(state.board)[node]
    back = nbrs[0]
    for n in nbrs:
        if dist[n] > dist[back]:
            back = n
    owners = _felix_owners(state, back)
    if state.current in owners:
        return 0
    if owners:
        return _FELIX_LOOKAHEAD
    return max(_felix_proximity(state, dist, back, depth - 1) - 1, 0)


def felix(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(d) felixxwu/malefiz-online's AI: one-ply move scores with noise; barricades in front of opponents."""
    dist = _weighted_distance(state.board, state.barricades)
    if isinstance(actions[0], Place):

        def place_score(a: Action) -> float:
            assert isinstance(a, Place)
            near = _felix_proximity(state, dist, a.field, _FELIX_LOOKAHEAD)
            return near - dist[a.field] * _FELIX_STONE_FORWARD

        return _felix_pick(actions, place_score, rng)
    if not isinstance(actions[0], Move):
        return actions[0]
    me = state.current

    def move_score(a: Action) -> float:
        assert isinstance(a, Move)
        start = dist[_felix_node(me, a.start)]
        score = start - dist[a.end] - start * _FELIX_FORWARD
        if state.barricades >> a.end & 1:
            score += _FELIX_STONE
        if state.occupant(a.end) is not None:
            score += _FELIX_KILL
        if a.end == state.board.goal:
            score += _FELIX_GOAL
        return score

    # Best move of each pawn, then the best of those (pawns in our order, not that program's).
    by_pawn: dict[Field, list[Action]] = {}
    for a in actions:
        assert isinstance(a, Move)
        by_pawn.setdefault(a.start, []).append(a)
    bests = [_felix_pick(moves, move_score, rng) for moves in by_pawn.values()]
    return _felix_pick(bests, move_score, rng)


# (e) and (f), issue 27: the one-ply race player that puts every barricade right in front of the leading
# opponent, and a two-ply expectimax player over the same evaluation. Race distance is felix's: steps to the
# goal, stepping onto a barricade costing 6 (:func:`_weighted_distance`).
_RACE_OTHERS = 1.0
"""What a colour's other pawns count in its race, against 1 for its leading pawn: all alike, the plain race
distance (against *medium*, 300 paired classic games each: 78% with 1.0, 70% with 0.3, 61% with 0.1)."""


def _race(state: State, dist: dict[int, int], i: int) -> float:
    """Player ``i``'s race distance: its pawns' steps to the goal (the leading pawn's, plus the others' weighted by
    :data:`_RACE_OTHERS`)."""
    colour = state.players[i]
    steps = sorted(dist[_felix_node(colour, p)] for p in state.pawns[i])
    return steps[0] + _RACE_OTHERS * sum(steps[1:])


def _front_place(state: State, actions: Sequence[Action]) -> Action:
    """The barricade right in front of the opponents' leading pawn: the first field it may go on along that
    pawn's shortest way to the goal (barricades counted as steps)."""
    dist = _weighted_distance(state.board, state.barricades)
    legal = {a.field: a for a in actions if isinstance(a, Place)}
    nbrs = _node_neighbours(state.board)
    pawns = [
        _felix_node(colour, p)
        for i, (colour, mine) in enumerate(zip(state.players, state.pawns, strict=True))
        if i != state.turn
        for p in mine
    ]
    if pawns:
        here = min(pawns, key=lambda n: (dist[n], n))
        while here != state.board.goal:
            here = min(nbrs[here], key=lambda n: (dist[n], n))
            if here in legal:
                return legal[here]
    return actions[0]


def _settle(state: State) -> State:
    """``state`` with a taken barricade put right in front of the opponents' leading pawn."""
    if state.phase is Phase.PLACE:
        return apply(state, _front_place(state, legal_actions(state)))
    return state


def _standing(state: State, me: int) -> float:
    """How well ``me`` stands: the best opponent race distance less its own (a win is infinite)."""
    if state.phase is Phase.OVER:
        return float("inf") if state.turn == me else float("-inf")
    dist = _weighted_distance(state.board, state.barricades)
    mine = _race(state, dist, me)
    theirs = min(_race(state, dist, i) for i in range(len(state.players)) if i != me)
    return theirs - mine


def _one_ply_choice(state: State, actions: Sequence[Action]) -> Action:
    me = state.turn
    return max(actions, key=lambda a: _standing(_settle(apply(state, a)), me))


def one_ply_front(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(e) One ply by race distance (barricades as extra steps): takes the goal, captures when that gains most in
    the race, and puts every barricade it takes right in front of the opponents' leading pawn."""
    if isinstance(actions[0], Place):
        return _front_place(state, actions)
    if len(actions) == 1 or not isinstance(actions[0], Move):
        return actions[0]
    return _one_ply_choice(state, actions)


def _expected(state: State, me: int) -> float:
    """``me``'s standing averaged over the next player's six rolls, each followed by that player's one-ply reply
    (its barricade in front of the leader too)."""
    if state.phase is not Phase.ROLL:
        return _standing(state, me)
    total = 0.0
    for roll in ROLLS:
        rolled = apply(state, roll)
        replies = legal_actions(rolled)
        reply = replies[0] if len(replies) == 1 else _one_ply_choice(rolled, replies)
        total += _standing(_settle(apply(rolled, reply)), me)
    return total / 6.0


def two_ply_expectimax(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(f) Two plies: each move (a taken barricade put right in front of the opponents' leading pawn), then every
    roll of the next player and its best one-ply reply; the move with the best average standing."""
    if isinstance(actions[0], Place):
        return _front_place(state, actions)
    if len(actions) == 1 or not isinstance(actions[0], Move):
        return actions[0]
    me = state.turn
    best: Action = actions[0]
    best_value = float("-inf")
    for a in actions:
        after = _settle(apply(state, a))
        if after.phase is Phase.OVER:
            return a
        value = _expected(after, me)
        if value > best_value:
            best, best_value = a, value
    return best


REFERENCE_BOTS: dict[str, Bot] = {
    "distance_greedy": distance_greedy,
    "felix": felix,
    "one_ply_front": one_ply_front,
    "one_ply_weighted": one_ply_weighted,
    "priority_list": priority_list,
    "two_ply_expectimax": two_ply_expectimax,
}
