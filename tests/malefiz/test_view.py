"""The SVG view: well-formed, hooks in place, nothing overlapping."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from malefiz.core.svg import COLOUR_FILL, COLOUR_TINT
from malefiz.games.malefiz.board import FOREST, HOUSE, board, field, location_name
from malefiz.games.malefiz.notation import parse_location
from malefiz.games.malefiz.rules import new_game
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


# -- a field never looks like a pawn (issue 25, points 7, 20 and 21) -----------------


def style_rule(root: ET.Element, selector: str) -> dict[str, str]:
    """The declarations of the board's own ``<style>`` rule for exactly ``selector`` (empty when it has none)."""
    style = root.find(f"{NS}style")
    assert style is not None and style.text
    for rule in style.text.split("}"):
        head, _, body = rule.partition("{")
        if selector in head.split(","):
            return dict(part.partition(":")[::2] for part in body.split(";") if part)
    return {}


def pawn_letters(root: ET.Element) -> set[tuple[str, str]]:
    """Each pawn's colour class and the letter it carries."""
    return {
        (next(c for c in classes(g) if c.startswith("pawn-")), "".join(t.itertext()))
        for g in root.iter(f"{NS}g")
        if "pawn" in classes(g)
        for t in g.iter(f"{NS}text")
    }


MOVED_OFF = "classic r:1.11,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,3.9,13.9,8.11,12.11,16.11 r?"
"""Red's pawn on 1.11 between the two start fields 0.11 and 4.11, whose barricades went elsewhere."""


def test_an_empty_barricade_start_field_is_a_flat_ring_and_a_red_pawn_a_solid_piece() -> None:
    root = parse(render(pos(MOVED_OFF)))
    start = style_rule(root, ".malefiz .field.start")
    assert start["fill"] == COLOUR_TINT["red"] != COLOUR_FILL["red"]  # pale, not the pawn's red
    assert start["stroke"] == COLOUR_FILL["red"]  # a red ring says whose field it is
    centres = field_centres(root)
    marks = {
        (float(r.get("x") or 0) + 6, float(r.get("y") or 0) + 6)
        for r in root.iter(f"{NS}rect")
        if "start-mark" in classes(r)
    }
    assert marks == {centres[location_name(f)] for f in board("classic").start_barricades}  # the barricade's outline
    for name in ("0.11", "4.11"):
        assert "start" in classes(next(c for c in root.iter(f"{NS}circle") if c.get("data-field") == name))
        drawn_there = [
            c for c in root.iter(f"{NS}circle") if (float(c.get("cx") or -1), float(c.get("cy") or -1)) == centres[name]
        ]
        assert all(c.get("fill") != COLOUR_FILL["red"] for c in drawn_there)
    pawn = next(g for g in root.iter(f"{NS}g") if "pawn" in classes(g) and g.get("data-field") == "1.11")
    parts = {c.get("class"): c for c in pawn.iter() if c.get("class")}
    assert parts["body"].get("fill") == COLOUR_FILL["red"]  # solid
    assert {"shadow", "glint", "letter"} <= set(parts)  # standing up from the board, lit, lettered
    assert float(parts["shadow"].get("cy") or 0) > 0  # the shadow falls below it


def test_rest_fields_are_in_no_player_colour_and_carry_a_ring_and_a_dot() -> None:
    root = parse(board_svg("fast"))
    fill = style_rule(root, ".malefiz .field.rest").get("fill") or style_rule(root, ".malefiz .field")["fill"]
    assert fill not in {*COLOUR_FILL.values(), *COLOUR_TINT.values(), "#5aa0e6"}
    centres = field_centres(root)
    rings = {
        (float(c.get("cx") or 0), float(c.get("cy") or 0))
        for c in root.iter(f"{NS}circle")
        if "rest-mark" in classes(c)
    }
    assert rings >= {centres[location_name(f)] for f in board("fast").rest_fields}


KEYS = {
    "en": ["Village", "Forest", "Rest field"],
    "de": ["Dorf", "Wald", "Ruhefeld"],
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_fast_board_has_a_key_in_the_players_language_clear_of_every_field(language: str) -> None:
    t = Translator(language)
    root = parse(board_svg("fast", t))
    keys = [g for g in root.iter(f"{NS}g") if "key" in classes(g)]
    assert ["".join(x.itertext()) for g in keys for x in g.iter(f"{NS}text")] == KEYS[language]
    assert [titles(g) for g in keys] == [t(f"key.{k}_about") for k in ("village", "forest", "rest")]
    assert [g.get("data-about") for g in keys] == ["village", "forest", "rest"]  # a tap says it (App.about)
    # Its row lies above the village and the first row of fields, left and right of the goal, inside the board.
    b = board("fast")
    width = float(root.get("viewBox", "").split()[2])
    goal_x, goal_y = field_centres(root)[location_name(b.goal)]
    in_key = {id(el) for g in keys for el in g.iter()}
    village_top = min(
        float(r.get("y") or 0) for r in root.iter(f"{NS}rect") if "village" in classes(r) and id(r) not in in_key
    )
    first_row = min(cy - 13 for name, (_, cy) in field_centres(root).items() if name != location_name(b.goal))
    for g in keys:
        boxes = []  # every part of the key item as (left, top, right, bottom), text generously wide
        for el in g.iter():
            if el.tag == f"{NS}text":
                x, y = float(el.get("x") or 0), float(el.get("y") or 0)
                boxes.append((x, y - 13, x + 0.62 * 15 * len(el.text or ""), y + 4))
            elif el.tag == f"{NS}rect":
                x, y = float(el.get("x") or 0), float(el.get("y") or 0)
                boxes.append((x, y, x + float(el.get("width") or 0), y + float(el.get("height") or 0)))
            elif el.tag in (f"{NS}circle", f"{NS}ellipse"):
                cx, cy = float(el.get("cx") or 0), float(el.get("cy") or 0)
                rx, ry = float(el.get("rx") or el.get("r") or 0), float(el.get("ry") or el.get("r") or 0)
                boxes.append((cx - rx, cy - ry, cx + rx, cy + ry))
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert left >= 0 and right <= width and top >= 0
        assert bottom < village_top and bottom < first_row
        assert right < goal_x - 17 or left > goal_x + 17, (g.get("class"), left, right)
        assert bottom < goal_y + 17


def test_the_classic_board_has_no_key() -> None:
    root = parse(board_svg("classic"))
    assert not [g for g in root.iter(f"{NS}g") if "key" in classes(g)]


def test_pawns_carry_the_letters_of_the_players_language() -> None:
    english = {("pawn-red", "R"), ("pawn-green", "G"), ("pawn-yellow", "Y"), ("pawn-blue", "B")}
    assert pawn_letters(parse(board_svg("classic"))) == english
    german = {("pawn-red", "R"), ("pawn-green", "Gr"), ("pawn-yellow", "Ge"), ("pawn-blue", "B")}
    for name in ("classic", "fast"):
        assert pawn_letters(parse(board_svg(name, Translator("de")))) == german


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_boards_description_says_where_every_pawn_and_barricade_stands(language: str) -> None:
    """The picture names only what can be acted on; its <desc> tells a screen reader where everything is."""
    t = Translator(language)
    state = pos("classic r:2.13,6.13,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r2")
    desc = parse(render(state, names={"red": "Anna"}, t=t)).find(f"{NS}desc")
    assert desc is not None and desc.text is not None
    b = state.board
    red = "; ".join(field_words(b, field(x, 13), t) for x in (2, 6))
    stones = "; ".join(field_words(b, f, t) for f in state.barricade_fields)
    if language == "en":
        said = f"Anna (red): 3 pawns in the house; pawns on: {red}. Yellow: 5 pawns in the house."
        said += f" Barricades on: {stones}."
    else:
        said = f"Anna (rot): 3 Figuren im Haus; Figuren auf: {red}. Gelb: 5 Figuren im Haus."
        said += f" Sperrsteine auf: {stones}."
    assert desc.text == said
    assert len(stones.split("; ")) == 11


@pytest.mark.parametrize("name", ["classic", "fast"])
def test_each_row_is_numbered_at_its_left_end_as_the_words_count_it(name: str) -> None:
    root = parse(board_svg(name))
    numbers = [el for el in root.iter(f"{NS}text") if "row-number" in classes(el)]
    b = board(name)
    centres = field_centres(root)
    rows = sorted({y for _, y in centres.values()}, reverse=True)
    assert [el.text for el in numbers] == [str(n) for n in range(1, len(numbers) + 1)]
    assert len(numbers) == 7  # both boards: from the houses up to the row below the goal
    for number in numbers:
        x, y = float(number.get("x") or 0), float(number.get("y") or 0)
        # Beside the first field of a row (on its line, left of it, inside the board, clear of every field) ...
        row = min(rows, key=lambda cy: abs(cy - (y - 6)))
        first = min((cx, key) for key, (cx, cy) in centres.items() if cy == row)
        assert abs(row - (y - 6)) < 1 and 0 < x < first[0] - 13 - 5
        assert all(abs(cx - x) > 13 + 5 or abs(cy - row) > 13 for cx, cy in centres.values())
        # ... and the words name that field on that row.
        words = field_words(b, parse_location(first[1]))
        assert f"on row {number.text}" in words or first[1] in {location_name(f) for f in b.exits.values()}
