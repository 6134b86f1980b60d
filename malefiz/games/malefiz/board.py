"""Board geometry as data: fields, connections, houses, the goal (German: *Spielplan*).

A board is parsed from a text picture, one character per grid cell, like the
printed board seen from the players' side (x grows to the right, y downwards).
Fields are plain ``int`` values that encode their grid coordinates
(``y * 32 + x``), so the same number means the same place in every position,
move and notation; :data:`HOUSE` and :data:`FOREST` are the two off-board
locations a pawn can stand on.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from functools import cache
from typing import Final, Literal

from ...core.errors import InvalidPositionError

__all__ = [
    "BOARD_NAMES",
    "COLOURS",
    "FOREST",
    "HOUSE",
    "Board",
    "Colour",
    "Field",
    "board",
    "counted_rows",
    "field",
    "location_name",
    "row_columns",
    "xy",
]

Field = int
"""A location: a board field (``y * 32 + x``), :data:`HOUSE` or :data:`FOREST`."""

Colour = Literal["red", "green", "yellow", "blue"]

COLOURS: Final[tuple[Colour, ...]] = ("red", "green", "yellow", "blue")
"""The four colours, in the order of their houses from left to right."""

HOUSE: Final = -1
"""A pawn waiting in its owner's house (German: *Startfeld*)."""

FOREST: Final = -2
"""A pawn in the forest of the fast board (German: *Wald*)."""

BOARD_NAMES: Final = ("classic", "fast")

_STRIDE: Final = 32


def field(x: int, y: int) -> Field:
    """The field at grid coordinates ``(x, y)``."""
    return y * _STRIDE + x


def xy(f: Field) -> tuple[int, int]:
    """The grid coordinates ``(x, y)`` of field ``f`` (not of HOUSE or FOREST)."""
    return f % _STRIDE, f // _STRIDE


Reach = tuple[tuple[tuple[Field, tuple[int, ...]], ...], ...]
"""``reach[steps]``: every end field of a move of that many steps with the
bit masks of the fields each route passes over (one mask per distinct route)."""


@dataclass(frozen=True, eq=False)
class Board:
    """One side of the printed board, with everything the rules need precomputed.

    Use :func:`board` to get one; boards are shared singletons and compared by
    identity.
    """

    name: str
    width: int
    height: int
    fields: frozenset[Field]
    """Every field a pawn can stand on, the goal included."""
    edges: frozenset[tuple[Field, Field]]
    """Connections between fields, each once as ``(a, b)`` with ``a < b``."""
    goal: Field
    start_barricades: frozenset[Field]
    exits: dict[Colour, Field]
    """The field a pawn reaches with step 1 out of its house."""
    houses: dict[Colour, tuple[int, int]]
    """Where each house is drawn (grid coordinates just below its exit)."""
    pawns_per_player: int
    bottom_row: int
    """The y of the lowest row of fields (no barricade may be put there)."""
    rest_fields: frozenset[Field] = frozenset()
    """Blue rest fields (German: *Ruhefelder*): safe, one pawn, no barricade."""
    village: frozenset[Field] = frozenset()
    """The village (German: *Dorf*): a pawn captured here restarts from the forest."""
    forest: tuple[int, int] | None = None
    """Where the forest is drawn, on boards that have one."""
    forest_exit: Field | None = None
    """The field a pawn reaches with step 1 out of the forest."""
    neighbours: dict[Field, tuple[Field, ...]] = dataclass_field(default_factory=dict)
    distance: dict[Field, int] = dataclass_field(default_factory=dict)
    """Steps from each field to the goal, ignoring barricades and pawns."""
    ordered: tuple[Field, ...] = ()
    """Every field in board order: top row first, left to right."""
    _routes: dict[object, Reach] = dataclass_field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ordered", tuple(sorted(self.fields)))
        nbrs: dict[Field, list[Field]] = {f: [] for f in self.fields}
        for a, b in self.edges:
            nbrs[a].append(b)
            nbrs[b].append(a)
        self.neighbours.update({f: tuple(sorted(n)) for f, n in nbrs.items()})
        dist = {self.goal: 0}
        queue = deque([self.goal])
        while queue:
            f = queue.popleft()
            for n in self.neighbours[f]:
                if n not in dist:
                    dist[n] = dist[f] + 1
                    queue.append(n)
        self.distance.update(dist)

    def __repr__(self) -> str:
        return f"board({self.name!r})"

    @property
    def barricade_count(self) -> int:
        """How many barricades this board is played with."""
        return len(self.start_barricades)

    def start_distance(self, colour: Colour) -> int:
        """Steps from ``colour``'s house to the goal (the house-to-exit step included)."""
        return self.distance[self.exits[colour]] + 1

    def reach(self, start: Field, colour: Colour) -> Reach:
        """All moves from ``start`` (a field, HOUSE or FOREST) by 1..6 steps.

        Index the result by the number of steps. A move never visits a field
        twice and ends on a field; barricades and pawns are not considered here.
        """
        found = self._routes.get((start, colour) if start == HOUSE else start)
        if found is not None:
            return found
        if start == HOUSE:
            first: Field | None = self.exits[colour]
        elif start == FOREST:
            first = self.forest_exit
        else:
            first = None
        found = _reach(self, start if first is None else first, first is not None)
        self._routes[(start, colour) if start == HOUSE else start] = found
        return found

    def protected_rows(self, two_rows: bool) -> frozenset[int]:
        """The rows where no barricade may be put."""
        if two_rows:
            return frozenset({self.bottom_row, self.bottom_row - 1})
        return frozenset({self.bottom_row})


@cache
def _reach(b: Board, origin: Field, origin_is_step_one: bool) -> Reach:
    # A route is the set of fields it visits; what it passes over is that set
    # less its end (and less its start when the start is a field, whose own
    # pawn is the one moving). From a house or the forest the exit is step 1.
    found: list[dict[Field, set[int]]] = [{} for _ in range(7)]
    not_start = ~0 if origin_is_step_one else ~(1 << origin)

    def walk(f: Field, steps: int, visited: int) -> None:
        if steps:
            found[steps].setdefault(f, set()).add(visited & not_start & ~(1 << f))
        if steps == 6:
            return
        for n in b.neighbours[f]:
            if not visited >> n & 1:
                walk(n, steps + 1, visited | 1 << n)

    walk(origin, 1 if origin_is_step_one else 0, 1 << origin)
    return tuple(
        tuple(sorted((end, tuple(sorted(masks))) for end, masks in found[steps].items())) for steps in range(7)
    )


_CLASSIC = """\
........G........
ooooooooBoooooooo
o...............o
ooooooooBoooooooo
........B........
......ooBoo......
......o...o......
....ooBoooBoo....
....o.......o....
..ooooooooooooo..
..o...o...o...o..
BoooBoooBoooBoooB
o...o...o...o...o
ooooooooooooooooo
"""

_FAST = """\
.....G.....
.ooooBoooo.
.oooRBRooo.
..ooBoBoo..
..RBoooBR..
...ooRoo...
.....F.....
RoRooRooRoR
ooooooooooo
.H.H...H.H.
"""

# Grid neighbours are not always connected on the fast board; these are its
# connections (houses and forest included), one pair a line.
_FAST_CONNECTIONS = """\
0,7 0,8|0,7 1,7|0,8 1,8|1,1 1,2|1,1 2,1|1,2 2,2|1,7 2,7|1,8 1,9|1,8 2,8|2,1 3,1
2,2 3,2|2,3 2,4|2,3 3,3|2,4 3,4|2,7 2,8|2,7 3,7|2,8 3,8|3,1 4,1|3,2 4,2|3,3 4,3
3,4 4,4|3,5 3,7|3,5 4,5|3,7 4,7|3,8 3,9|3,8 4,8|4,1 5,1|4,2 5,2|4,3 5,3|4,4 5,4
4,5 5,5|4,7 5,7|4,8 5,8|5,0 5,1|5,1 6,1|5,2 5,3|5,2 6,2|5,3 6,3|5,4 5,5|5,4 6,4
5,5 5,6|5,5 6,5|5,7 5,8|5,7 6,7|5,8 6,8|6,1 7,1|6,2 7,2|6,3 7,3|6,4 7,4|6,5 7,5
6,7 7,7|6,8 7,8|7,1 8,1|7,2 8,2|7,3 8,3|7,4 8,4|7,5 7,7|7,7 8,7|7,8 7,9|7,8 8,8
8,1 9,1|8,2 9,2|8,3 8,4|8,7 8,8|8,7 9,7|8,8 9,8|9,1 9,2|9,7 10,7|9,8 9,9|9,8 10,8
10,7 10,8
"""


def _parse_picture(picture: str) -> dict[str, list[tuple[int, int]]]:
    cells: dict[str, list[tuple[int, int]]] = {}
    for y, row in enumerate(picture.splitlines()):
        for x, ch in enumerate(row):
            if ch != ".":
                cells.setdefault(ch, []).append((x, y))
    return cells


def _classic() -> Board:
    cells = _parse_picture(_CLASSIC)
    coords = {c for ch in "GoB" for c in cells.get(ch, [])}
    fields = frozenset(field(x, y) for x, y in coords)
    edges = frozenset(
        (field(x, y), field(x + dx, y + dy))
        for x, y in coords
        for dx, dy in ((1, 0), (0, 1))
        if (x + dx, y + dy) in coords
    )
    ((gx, gy),) = cells["G"]
    exits: dict[Colour, Field] = {c: field(2 + 4 * i, 13) for i, c in enumerate(COLOURS)}
    return Board(
        name="classic",
        width=17,
        height=14,
        fields=fields,
        edges=edges,
        goal=field(gx, gy),
        start_barricades=frozenset(field(x, y) for x, y in cells["B"]),
        exits=exits,
        houses={c: (2 + 4 * i, 14) for i, c in enumerate(COLOURS)},
        pawns_per_player=5,
        bottom_row=13,
    )


def _fast() -> Board:
    cells = _parse_picture(_FAST)
    coords = {c for ch in "GoBR" for c in cells.get(ch, [])}
    fields = frozenset(field(x, y) for x, y in coords)
    houses = dict(zip(COLOURS, sorted(cells["H"]), strict=True))
    (forest,) = cells["F"]
    pairs = [
        tuple(tuple(int(v) for v in p.split(",")) for p in pair.split())
        for line in _FAST_CONNECTIONS.splitlines()
        for pair in line.split("|")
    ]
    edges: set[tuple[Field, Field]] = set()
    exits: dict[Colour, Field] = {}
    forest_exit: Field | None = None
    for a, b in pairs:
        if a in coords and b in coords:
            fa, fb = field(*a), field(*b)
            edges.add((min(fa, fb), max(fa, fb)))
            continue
        # One end is a house or the forest: the other end is its exit.
        inner, outer = (a, b) if a in coords else (b, a)
        if outer == forest:
            forest_exit = field(*inner)
        else:
            colour = next(c for c, h in houses.items() if h == outer)
            exits[colour] = field(*inner)
    ((gx, gy),) = cells["G"]
    return Board(
        name="fast",
        width=11,
        height=10,
        fields=fields,
        edges=frozenset(edges),
        goal=field(gx, gy),
        start_barricades=frozenset(field(x, y) for x, y in cells["B"]),
        exits=exits,
        houses=houses,
        pawns_per_player=4,
        bottom_row=8,
        rest_fields=frozenset(field(x, y) for x, y in cells["R"]),
        village=frozenset(f for f in fields if 1 <= xy(f)[1] <= 3),
        forest=forest,
        forest_exit=forest_exit,
    )


@cache
def board(name: str) -> Board:
    """The board called ``name`` ("classic" or "fast").

    Raises:
        InvalidPositionError: for any other name.
    """
    if name == "classic":
        return _classic()
    if name == "fast":
        return _fast()
    raise InvalidPositionError(f"board: unknown board {name!r}; expected {' or '.join(BOARD_NAMES)}")


@cache
def counted_rows(name: str) -> tuple[int, ...]:
    """The grid rows of board ``name`` that a player counts as its rows (where fields are joined side by side),
    from the houses up: row 1 first. The board numbers them at their left end, and words name fields by them.

    >>> counted_rows("classic")
    (13, 11, 9, 7, 5, 3, 1)
    """
    b = board(name)
    return tuple(
        sorted({xy(f)[1] for f in b.fields if any(xy(n)[1] == xy(f)[1] for n in b.neighbours[f])}, reverse=True)
    )


@cache
def row_columns(name: str, y: int) -> tuple[int, ...]:
    """The columns of the fields in grid row ``y`` of board ``name`` (a counted row, or the fields between two),
    left to right; the goal is none of them.

    >>> row_columns("classic", 5)
    (6, 7, 8, 9, 10)
    """
    b = board(name)
    return tuple(sorted(xy(f)[0] for f in b.fields if xy(f)[1] == y and f != b.goal))


def location_name(location: Field) -> str:
    """Short text of a location: ``"2.13"`` for field (2, 13), ``"h"`` house, ``"f"`` forest."""
    if location == HOUSE:
        return "h"
    if location == FOREST:
        return "f"
    x, y = xy(location)
    return f"{x}.{y}"
