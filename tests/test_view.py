"""The SVG view: well-formed, hooks in place, nothing overlapping."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from malefiz.board import FOREST, HOUSE, board, field, xy
from malefiz.view import board_svg, render
from tests.helpers import pos

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def pawn_centres(root: ET.Element) -> list[tuple[float, float]]:
    centres = []
    for g in root.iter(f"{NS}g"):
        if "pawn" in classes(g):
            x, y = g.get("transform", "").removeprefix("translate(").removesuffix(")").split()
            centres.append((float(x), float(y)))
    return centres


@pytest.mark.parametrize("name", ["classic", "fast"])
def test_start_board_has_every_field_and_pawn(name: str) -> None:
    root = parse(board_svg(name))
    b = board(name)
    fields = [c for c in root.iter(f"{NS}circle") if "field" in classes(c)]
    assert len(fields) == len(b.fields)
    assert {c.get("data-field") for c in fields} == {"{},{}".format(*xy(f)) for f in b.fields}
    assert all(c.get("data-key") == c.get("data-field") for c in fields)
    pawns = [g for g in root.iter(f"{NS}g") if "pawn" in classes(g)]
    assert Counter(next(c for c in classes(g) if c.startswith("pawn-")) for g in pawns) == {
        f"pawn-{c}": b.pawns_per_player for c in ("red", "green", "yellow", "blue")
    }
    houses = [g for g in root.iter(f"{NS}g") if g.get("data-house")]
    assert sorted(g.get("data-house") or "" for g in houses) == ["blue", "green", "red", "yellow"]
    barricades = [g for g in root.iter(f"{NS}g") if "barricade" in classes(g)]
    assert len(barricades) == len(b.start_barricades)
    centres = pawn_centres(root)
    assert len(centres) == len(set(centres))  # no two pawns drawn on top of each other


def test_pawns_carry_a_letter_as_a_second_cue() -> None:
    root = parse(board_svg("classic"))
    letters = {
        (next(c for c in classes(g) if c.startswith("pawn-")), "".join(g.itertext()).strip()[-1])
        for g in root.iter(f"{NS}g")
        if "pawn" in classes(g)
    }
    assert letters == {("pawn-red", "R"), ("pawn-green", "G"), ("pawn-yellow", "Y"), ("pawn-blue", "B")}


def test_marks_for_movable_targets_selected_and_trail() -> None:
    s = pos("classic r:2.13,h,h,h,h y:6.13,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r3")
    svg = render(
        s,
        movable=frozenset({field(2, 13), HOUSE}),
        targets=frozenset({field(0, 12)}),
        selected=field(2, 13),
        highlight=[field(1, 13)],
    )
    root = parse(svg)
    by_field = {c.get("data-field"): classes(c) for c in root.iter(f"{NS}circle") if "field" in classes(c)}
    assert "target" in by_field["0,12"] and "trail" in by_field["1,13"]
    on_field = {
        g.get("data-field"): classes(g) for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field")
    }
    assert {"movable", "selected"} <= on_field["2,13"]
    assert "movable" not in on_field["6,13"]  # yellow is not to move
    red_house = next(g for g in root.iter(f"{NS}g") if g.get("data-house") == "red")
    house_pawns = [g for g in red_house.iter(f"{NS}g") if "pawn" in classes(g)]
    assert len(house_pawns) == 4 and all("movable" in classes(g) and g.get("data-key") == "house" for g in house_pawns)
    yellow_house = next(g for g in root.iter(f"{NS}g") if g.get("data-house") == "yellow")
    assert all(g.get("data-key") is None for g in yellow_house.iter(f"{NS}g") if "pawn" in classes(g))


def test_fast_board_forest_rest_fields_and_village() -> None:
    s = pos("fast r:6.3,f,f,h y:5.3,f,h,h g:2.7,f,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    root = parse(render(s, movable=frozenset({FOREST})))
    forest = next(g for g in root.iter(f"{NS}g") if g.get("data-forest") is not None)
    forest_pawns = [g for g in forest.iter(f"{NS}g") if "pawn" in classes(g)]
    assert len(forest_pawns) == 4
    assert sum("movable" in classes(g) for g in forest_pawns) == 2  # red's two
    assert len({g.get("transform") for g in forest_pawns}) == 4  # side by side
    rest = [c for c in root.iter(f"{NS}circle") if "rest" in classes(c)]
    assert len(rest) == len(board("fast").rest_fields)
    assert any("village" in classes(r) for r in root.iter(f"{NS}rect"))
    assert len(set(pawn_centres(root))) == len(pawn_centres(root))


def test_render_is_deterministic() -> None:
    s = pos("fast r:6.3,f,f,h y:5.3,f,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    assert render(s) == render(s)
