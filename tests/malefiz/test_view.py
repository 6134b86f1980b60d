"""The SVG view: well-formed, hooks in place, nothing overlapping."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from malefiz.games.malefiz.board import FOREST, HOUSE, board, field, location_name
from malefiz.games.malefiz.rules import new_game
from malefiz.games.malefiz.state import parse_location
from malefiz.games.malefiz.view import board_svg, render
from malefiz.games.malefiz.words import field_words
from malefiz.i18n import Translator
from tests.malefiz.helpers import CLASSIC_START as CLASSIC_BARRICADES
from tests.malefiz.helpers import pos

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
    assert {c.get("data-field") for c in fields} == {location_name(f) for f in b.fields}
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
    assert "target" in by_field["0.12"] and "trail" in by_field["1.13"]
    on_field = {
        g.get("data-field"): classes(g) for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field")
    }
    assert {"movable", "selected"} <= on_field["2.13"]
    assert "movable" not in on_field["6.13"]  # yellow is not to move
    red_house = next(g for g in root.iter(f"{NS}g") if g.get("data-house") == "red")
    house_pawns = [g for g in red_house.iter(f"{NS}g") if "pawn" in classes(g)]
    assert len(house_pawns) == 4 and all("movable" in classes(g) and g.get("data-key") == "h" for g in house_pawns)
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


def field_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    return {
        c.get("data-field") or "": (float(c.get("cx") or 0), float(c.get("cy") or 0))
        for c in root.iter(f"{NS}circle")
        if "field" in classes(c)
    }


MID_CLASSIC = (
    "classic r:2.13,6.13,1.11,h,h g:h,h,h,h,h y:10.13,h,h,h,h b:10.5,h,h,h,h"
    " x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r4"
)


def test_mid_game_pawns_stand_on_their_fields_and_houses_hold_the_rest() -> None:
    s = pos(MID_CLASSIC)
    root = parse(render(s))
    centres = field_centres(root)
    real = {location_name(f) for f in s.board.fields}
    for g in root.iter(f"{NS}g"):
        if g.get("data-field") is not None:
            assert g.get("data-field") in real and g.get("data-key") == g.get("data-field")
    on_fields = [g for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field")]
    assert sorted(g.get("data-field") or "" for g in on_fields) == ["1.11", "10.13", "10.5", "2.13", "6.13"]
    for g in on_fields:
        x, y = g.get("transform", "").removeprefix("translate(").removesuffix(")").split()
        assert (float(x), float(y)) == centres[g.get("data-field") or ""]
    waiting = {
        g.get("data-house"): sum("pawn" in classes(p) for p in g.iter(f"{NS}g"))
        for g in root.iter(f"{NS}g")
        if g.get("data-house")
    }
    assert waiting == {"red": 2, "green": 5, "yellow": 4, "blue": 4}
    assert len(set(pawn_centres(root))) == len(pawn_centres(root)) == 4 * 5


def test_targets_on_barricades_and_pawns_and_the_turn_mark() -> None:
    s = pos(MID_CLASSIC)
    targets = frozenset({field(0, 11), field(4, 11), field(6, 13)})
    root = parse(render(s, movable=frozenset({field(2, 13), HOUSE}), targets=targets, selected=HOUSE))
    barricades = {g.get("data-field"): classes(g) for g in root.iter(f"{NS}g") if "barricade" in classes(g)}
    assert "target" in barricades["0.11"] and "target" in barricades["4.11"] and "target" not in barricades["8.11"]
    pawn_6_13 = next(g for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field") == "6.13")
    assert "target" in classes(pawn_6_13)  # a pawn to capture is clickable as a destination
    marked = {c.get("data-field") for c in root.iter(f"{NS}circle") if "target" in classes(c)}
    assert marked == {"0.11", "4.11", "6.13"}
    red_house = next(g for g in root.iter(f"{NS}g") if g.get("data-house") == "red")
    assert "turn" in classes(red_house) and red_house.get("data-key") == "h"
    assert [("selected" in classes(g)) for g in red_house.iter(f"{NS}g") if "pawn" in classes(g)] == [True, False]
    others = [g for g in root.iter(f"{NS}g") if g.get("data-house") and g.get("data-house") != "red"]
    assert all("turn" not in classes(g) and g.get("data-key") is None for g in others)


def test_every_clickable_element_has_a_key_the_session_understands() -> None:
    s = pos("fast r:6.3,f,f,h g:2.7,f,h,h y:5.3,f,h,h b:f,f,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    root = parse(render(s, movable=frozenset({FOREST, HOUSE, field(6, 3)})))
    keys = {el.get("data-key") for el in root.iter() if el.get("data-key") is not None}
    assert "h" in keys and "f" in keys
    real = {location_name(f) for f in s.board.fields}
    assert keys - {"h", "f"} <= real
    for el in root.iter():
        if "movable" in classes(el):
            assert el.get("data-key") is not None


def test_forest_selects_one_pawn_and_holds_many_side_by_side() -> None:
    s = pos("fast r:6.3,f,f,h g:2.7,f,h,h y:5.3,f,h,h b:f,f,h,h x:5.1,5.2,4.3,1.1,3.4,7.4 r1")
    root = parse(render(s, movable=frozenset({FOREST}), selected=FOREST))
    forest = next(g for g in root.iter(f"{NS}g") if g.get("data-forest") is not None)
    pawns = [g for g in forest.iter(f"{NS}g") if "pawn" in classes(g)]
    assert [next(c for c in classes(g) if c.startswith("pawn-")) for g in pawns].count("pawn-red") == 2
    assert sum("selected" in classes(g) for g in pawns) == 1
    assert all(g.get("data-key") == "f" for g in pawns if "pawn-red" in classes(g))
    assert all(g.get("data-key") is None for g in pawns if "pawn-red" not in classes(g))
    # A crowded forest: twelve pawns, none on top of another, all inside the forest's ellipse.
    crowded = pos("fast r:f,f,f,h g:f,f,f,h y:f,f,f,h b:f,f,f,h x:5.1,5.2,4.3,6.3,3.4,7.4 r1")
    root = parse(render(crowded))
    forest = next(g for g in root.iter(f"{NS}g") if g.get("data-forest") is not None)
    ellipse = next(e for e in root.iter(f"{NS}ellipse") if "forest-area" in classes(e))
    cx, cy, rx, ry = (float(ellipse.get(k) or 0) for k in ("cx", "cy", "rx", "ry"))
    centres = pawn_centres(forest)
    assert len(centres) == 12 and len(set(centres)) == 12
    assert all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1 for x, y in centres)
    assert min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in centres for b in centres if a != b) >= 18


def test_titles_names_and_letters_are_there() -> None:
    s = pos(MID_CLASSIC)
    svg = render(s, names={"red": "Anna", "green": "Gus", "yellow": "Ben <3", "blue": "Bea"})
    root = parse(svg)
    assert root.get("viewBox", "").startswith("0 0 ") and root.get("width") == "100%"
    title = root.find(f"{NS}title")
    assert title is not None and title.text == "Malefiz board (classic): Anna to move"
    texts = "".join(root.itertext())
    assert "Anna: 2 pawns waiting in the house" in texts and "Ben <3: 4 pawns waiting in the house" in texts
    assert "★" in texts
    assert sum(1 for t in root.iter(f"{NS}text") if t.text in {"R", "G", "Y", "B"}) == 20


def titles(element: ET.Element) -> str:
    found = element.find(f"{NS}title")
    return (found.text or "") if found is not None else ""


@pytest.mark.parametrize("name", ["classic", "fast"])
def test_every_field_pawn_and_barricade_is_named_in_words_in_both_languages(name: str) -> None:
    state = new_game(name, ("red", "green"))
    for language in ("en", "de"):
        t = Translator(language)
        root = parse(render(state, t=t))
        fields = [c for c in root.iter(f"{NS}circle") if "field" in classes(c)]
        assert len(fields) == len(board(name).fields)
        assert all(titles(c) == field_words(board(name), parse_location(c.get("data-field", "")), t) for c in fields)
        barricades = [g for g in root.iter(f"{NS}g") if "barricade" in classes(g)]
        assert barricades and all(titles(g).startswith(t("mf.barricade_on", where="")) for g in barricades)
        pawns = [g for g in root.iter(f"{NS}g") if "pawn" in classes(g)]
        assert pawns and all(
            titles(g) == t("mf.label_house", colour=t.colour(g.get("class", "").split()[1][5:], capital=True))
            for g in pawns
        )
        assert root.get("aria-label") == t("view.mf_board", board=t(f"view.board.{name}"))
    german = parse(render(state, t=Translator("de")))
    assert "Figur von Rot im Haus" in "".join(german.itertext())
    assert "Sperrstein: das Feld unter dem Ziel" in "".join(german.itertext())


def test_a_pawn_on_the_board_is_named_by_where_it_stands() -> None:
    root = parse(render(pos(MID_CLASSIC), t=Translator("de")))
    on_board = [titles(g) for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field")]
    assert on_board and all(t.startswith("Figur von ") and ": " in t for t in on_board)


def test_houses_of_colours_not_in_play_are_greyed_and_empty() -> None:
    s = pos(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_BARRICADES} r?")
    root = parse(render(s))
    assert sorted(g.get("data-house") or "" for g in root.iter(f"{NS}g") if g.get("data-house")) == ["red", "yellow"]
    assert sum("house-off" in classes(r) for r in root.iter(f"{NS}rect")) == 2
