"""A slow, obviously correct second reading of RULES.md, for cross-checking the engine.

It works on JSON position documents only (plain dicts, as ``to_json`` writes
them) and shares no code with ``malefiz.games.maedn`` beyond that format: it
lists every conceivable move of every piece and keeps those the rules allow,
then applies the duties in the order RULES.md gives; ``successor`` plays an
action through to the next document (captures, penalty, ranking, whose turn).
"""

from __future__ import annotations

import copy
from typing import Any

Doc = dict[str, Any]
Move = tuple[str, Any, int]
"""(colour, from, to): from is "B" or a place."""

COLOURS = {"cross": ["yellow", "green", "red", "black"], "star": ["yellow", "black", "blue", "red", "green", "purple"]}
LENGTH = {"cross": 40, "star": 48}


def _length(doc: Doc) -> int:
    return LENGTH[doc["board"]]


def _field(doc: Doc, colour: str, place: Any) -> Any:
    """Where a place is: ("track", index), ("goal", colour, place) or None for B."""
    if place == "B":
        return None
    n = _length(doc)
    if place >= n:
        return ("goal", colour, place)
    arm = n // len(COLOURS[doc["board"]])
    return ("track", (COLOURS[doc["board"]].index(colour) * arm + place) % n)


def _on(doc: Doc, where: Any) -> list[str]:
    """The colours of every piece on a field (one entry per piece)."""
    return [c for c, places in doc["pieces"].items() for p in places if _field(doc, c, p) == where]


def _option(doc: Doc, name: str) -> bool:
    return bool(doc.get("options", {}).get(name, False))


def _is_barrier(doc: Doc, where: Any) -> bool:
    return _option(doc, "barriers") and len(_on(doc, where)) == 2


def _allowed(doc: Doc, colour: str, start: Any, end: int, backward: bool) -> bool:
    """Whether a piece of ``colour`` on ``start`` may end on ``end``, by the rules of passing and landing."""
    n = _length(doc)
    mine = doc["pieces"][colour]
    if end > n + 3 or end < 0:
        return False
    if start == "B":
        passed: list[int] = []
    elif backward:
        if start >= n or end < 1:  # goal pieces never go back; never onto or over the own A
            return False
        passed = list(range(end + 1, start))
    else:
        passed = list(range(start + 1, end))
    for p in passed:
        if p < n and _is_barrier(doc, _field(doc, colour, p)):
            return False
        if p >= n and _option(doc, "no_jump_in_goal") and p in mine:
            return False
    there = _on(doc, _field(doc, colour, end))
    if end >= n:
        return not there  # no two pieces on a goal field, no barrier in the goal
    own = there.count(colour)
    others = len(there) - own
    if _is_barrier(doc, _field(doc, colour, end)):
        return False  # nothing captures or joins a barrier
    if backward:
        return others == 1 and own == 0  # only to capture a lone opponent
    if own:
        # an own piece: only to make a barrier, and never on the own A field
        return _option(doc, "barriers") and own == 1 and end != 0
    return True


def colour_moves(doc: Doc, colour: str, roll: int) -> set[Move]:
    """The legal moves of ``colour`` with ``roll``: every allowed move, then the duties in order."""
    mine = doc["pieces"][colour]
    allowed: set[Move] = set()
    for start in set(mine):
        if start == "B":
            if roll == 6 and _allowed(doc, colour, "B", 0, False):
                allowed.add((colour, "B", 0))
            continue
        if _allowed(doc, colour, start, start + roll, False):
            allowed.add((colour, start, start + roll))
        if _option(doc, "backward_capture") and _allowed(doc, colour, start, start - roll, True):
            allowed.add((colour, start, start - roll))
    waiting = "B" in mine
    if waiting and 0 in mine:
        leave = {m for m in allowed if m[1] == 0}
        if leave:
            return leave
    if waiting and roll == 6:
        enter = {m for m in allowed if m[1] == "B"}
        if enter:
            return enter
    return allowed


def legal_moves(doc: Doc) -> set[Move]:
    """The moves of the player to act (his colour's and the neutral colour's)."""
    if doc["phase"] != "move":
        return set()
    found = colour_moves(doc, doc["turn"], doc["roll"])
    if doc["neutral"] is not None:
        found |= colour_moves(doc, doc["neutral"], doc["roll"])
    return found


def _home(doc: Doc, colour: str) -> bool:
    return all(p != "B" and p >= _length(doc) for p in doc["pieces"][colour])


def _could_move(doc: Doc, colour: str) -> bool:
    """Three rolls: a piece on the track, or a goal piece that could still move up."""
    n = _length(doc)
    mine = doc["pieces"][colour]
    for p in mine:
        if p == "B":
            continue
        if p < n:
            return True
        if _option(doc, "no_jump_in_goal"):
            if p + 1 <= n + 3 and p + 1 not in mine:
                return True
        elif any(g not in mine for g in range(p + 1, n + 4)):
            return True
    return False


def _placed(doc: Doc) -> list[int]:
    """The seats placed, in order."""
    if doc["neutral"] is not None and not _home(doc, doc["neutral"]):
        return []
    placed = []
    for i in range(1, len(doc["finished"]) + 1):
        done = doc["finished"][:i]
        for s, seat in enumerate(doc["seats"]):
            if s not in placed and all(c in done for c in seat):
                placed.append(s)
    return placed


def _active(doc: Doc, colour: str) -> bool:
    neutral = doc["neutral"]
    return colour not in doc["finished"] or (neutral is not None and not _home(doc, neutral))


def _next_colour(doc: Doc) -> str:
    order = [c for c in COLOURS[doc["board"]] if c in doc["pieces"] and c != doc["neutral"]]
    i = order.index(doc["turn"])
    for k in range(1, len(order) + 1):
        c = order[(i + k) % len(order)]
        if _active(doc, c):
            return c
    raise AssertionError("nobody left to move")


def _captures(doc: Doc, move: Move) -> bool:
    colour, _, end = move
    where = _field(doc, colour, end)
    return where[0] == "track" and any(c != colour for c in _on(doc, where))


def _send_back(doc: Doc, colour: str, place: Any) -> None:
    places = doc["pieces"][colour]
    places[places.index(place)] = "B"


def successor(doc: Doc, action: Any) -> Doc:
    """The document after ``action``: ``("roll", n)``, ``"pass"`` or a move ``(colour, from, to)``."""
    after = copy.deepcopy(doc)
    if isinstance(action, tuple) and action[0] == "roll":
        assert doc["phase"] == "roll"
        after["phase"], after["roll"] = "move", action[1]
        return after
    roll = doc["roll"]
    turn = doc["turn"]
    after["phase"], after["roll"] = "roll", None
    if action == "pass":
        assert not legal_moves(doc)
        neutral = doc["neutral"]
        tries = (
            _option(doc, "three_rolls")
            and not _could_move(doc, turn)
            and (neutral is None or not _could_move(doc, neutral))
        )
        if roll == 6:
            after["attempt"] = 1
        elif tries and doc["attempt"] < 3:
            after["attempt"] = doc["attempt"] + 1
        else:
            after["attempt"] = 1
            after["turn"] = _next_colour(after)
        return after
    moves = legal_moves(doc)
    assert action in moves
    colour, start, end = action
    for other, places in after["pieces"].items():  # a capture
        if other != colour:
            for i, p in enumerate(places):
                if p != "B" and _field(doc, other, p) == _field(doc, colour, end) and end < _length(doc):
                    places[i] = "B"
    places = after["pieces"][colour]
    places[places.index(start)] = end
    if _option(doc, "forced_capture") and not _captures(doc, action):
        could = [m for m in moves if _captures(doc, m) and m[1] != "B"]
        if could:
            # the one that has come furthest; on a tie the player's own colour first
            best = max(could, key=lambda m: (m[1], m[0] == turn))
            twin = doc["pieces"][colour].count(start) > 1
            if best[0] == colour and best[1] == start and not twin:
                _send_back(after, colour, end)
            else:
                _send_back(after, best[0], best[1])
    neutral = doc["neutral"]
    completed = False
    if _home(after, colour) and not _home(doc, colour):
        if colour == neutral:
            order = COLOURS[doc["board"]]
            after["finished"] = sorted(
                after["finished"], key=lambda c: (order.index(c) - order.index(turn)) % len(order)
            )
        else:
            after["finished"].append(colour)
            completed = colour == turn
    after["attempt"] = 1
    if len(doc["seats"]) - len(_placed(after)) <= 1:
        after["phase"] = "over"
        return after
    if not (roll == 6 and not completed and _active(after, turn)):
        after["turn"] = _next_colour(after)
    return after


def actions(doc: Doc) -> list[Any]:
    """Every action in the document's position: the six rolls, the moves or "pass"."""
    if doc["phase"] == "roll":
        return [("roll", n) for n in range(1, 7)]
    if doc["phase"] == "over":
        return []
    return sorted(legal_moves(doc), key=str) or ["pass"]


def normal(doc: Doc) -> Doc:
    """``doc`` with every colour's places in the order ``to_json`` writes them and no empty options."""
    out = copy.deepcopy(doc)
    out["pieces"] = {
        c: sorted([p for p in places if p != "B"]) + ["B"] * places.count("B") for c, places in doc["pieces"].items()
    }
    if not out.get("options"):
        out.pop("options", None)
    return out


def perft(doc: Doc, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``doc``."""
    if depth == 0:
        return 1
    return sum(perft(successor(doc, a), depth - 1) for a in actions(doc))
