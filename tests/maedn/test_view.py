"""The MÄDN board as SVG: every field and piece where the board's geometry puts it, with the hooks the page uses."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from malefiz.core.actions import ROLLS
from malefiz.core.svg import COLOUR_FILL, COLOUR_TINT, KNOCK
from malefiz.games.maedn.board import BOARD_NAMES, COLOUR_LETTERS, board, field_name, piece_key, way
from malefiz.games.maedn.rules import apply, legal_actions, legal_moves, new_game
from malefiz.games.maedn.state import B, State, move
from malefiz.games.maedn.view import CELL, board_svg, render
from malefiz.i18n import Translator

from .helpers import pos

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def fields(root: ET.Element) -> dict[str, ET.Element]:
    """The field circles by name; every name once."""
    found = [el for el in root.iter(f"{NS}circle") if "field" in classes(el)]
    names = [el.get("data-field", "") for el in found]
    assert len(names) == len(set(names)), Counter(names).most_common(3)
    return dict(zip(names, found, strict=True))


def pieces(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}g") if "piece" in classes(el)]


def field_centre(el: ET.Element) -> tuple[float, float]:
    return float(el.get("cx", "nan")), float(el.get("cy", "nan"))


def piece_centre(el: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m[1]), float(m[2])


def grid(centre: tuple[float, float]) -> tuple[float, float]:
    """The grid point of an SVG position (the margin is one cell)."""
    return centre[0] / CELL - 1, centre[1] / CELL - 1


def expected_keys(state: State) -> Counter[str]:
    return Counter(piece_key(c, p) for c, places in zip(state.colours, state.pieces, strict=True) for p in places)


def by_key(root: ET.Element, key: str) -> list[ET.Element]:
    return [g for g in pieces(root) if g.get("data-key") == key]


MID_STAR = "maedn star y:3,42,B,B k:12,50,51,B b:B,B,B,B r:20,21,30,48 g:7,48,49,50 p:7,10,B,B r6"
BARRIER = "maedn cross y:15,15,B,B g:3,B,B,B r:B,B,B,B k:20,41,B,B neutral:k y3 +barriers"


@pytest.mark.parametrize(("name", "length", "colours"), [("cross", 40, 4), ("star", 48, 6)])
def test_every_field_once_with_its_name(name: str, length: int, colours: int) -> None:
    b = board(name)
    found = fields(parse(board_svg(name)))
    track = sorted((n for n in found if n.startswith("t")), key=lambda n: int(n[1:]))
    assert track == [f"t{i}" for i in range(length)]
    for colour in b.colours:
        letter = COLOUR_LETTERS[colour]
        assert {n for n in found if n.startswith(f"{letter}:")} == {
            *(f"{letter}:{g}" for g in "abcd"),
            *(f"{letter}:B{i}" for i in range(4)),
        }
    assert len(found) == length + 8 * colours
    for i, point in enumerate(b.track):
        assert grid(field_centre(found[f"t{i}"])) == point
    for i, colour in enumerate(b.colours):
        letter = COLOUR_LETTERS[colour]
        assert [grid(field_centre(found[f"{letter}:{g}"])) for g in "abcd"] == list(b.goals[i])
        assert [grid(field_centre(found[f"{letter}:B{n}"])) for n in range(4)] == list(b.b_fields[i])
        a_field = found[f"t{b.starts[i]}"]
        assert {"a-field", f"a-{colour}"} <= classes(a_field)


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_field_name_agrees_with_the_board_geometry(name: str) -> None:
    b = board(name)
    found = fields(parse(board_svg(name)))
    for colour in b.colours:
        for place in range(b.last_place + 1):
            assert grid(field_centre(found[field_name(b, colour, place)])) == b.point(colour, place)
        for n in range(4):
            assert grid(field_centre(found[field_name(b, colour, B, n)])) == b.point(colour, B, n)


@pytest.mark.parametrize("text", [MID_STAR, BARRIER, "maedn cross y:40,41,42,43 g:3,B,B,B r:12,40,41,B finished:y g4"])
def test_every_piece_once_on_its_field(text: str) -> None:
    state = pos(text)
    root = parse(render(state))
    found = fields(root)
    assert Counter(g.get("data-key") for g in pieces(root)) == expected_keys(state)
    b = state.board
    for colour, places in zip(state.colours, state.pieces, strict=True):
        waiting = 0
        for p in set(places):
            groups = by_key(root, piece_key(colour, p))
            assert all({"piece", f"piece-{colour}"} <= classes(g) for g in groups)
            if p < 0:
                # the i-th waiting piece on B field i
                assert sorted(g.get("data-on", "") for g in groups) == [
                    field_name(b, colour, B, n) for n in range(places.count(B))
                ]
                for g in groups:
                    assert piece_centre(g) == field_centre(found[g.get("data-on", "")])
                waiting += len(groups)
                continue
            on = field_name(b, colour, p)
            assert all(g.get("data-on") == on for g in groups)
            if len(groups) == 1:
                assert piece_centre(groups[0]) == field_centre(found[on])
            else:  # a barrier: both there, apart, each close to the field's centre
                assert len(groups) == 2 == places.count(p)
                assert piece_centre(groups[0]) != piece_centre(groups[1])
                fx, fy = field_centre(found[on])
                for g in groups:
                    x, y = piece_centre(g)
                    assert abs(x - fx) <= 8 and abs(y - fy) <= 8
                    assert "barrier" in classes(g)
        assert waiting == places.count(B)


def test_barrier_has_a_two_badge_and_pieces_carry_letters() -> None:
    root = parse(render(pos(BARRIER)))
    top = [g for g in by_key(root, "y:15") if any(t.text == "2" for t in g.iter(f"{NS}text"))]
    assert len(top) == 1
    letters = {
        g.get("data-key", "")[0]: {t.text for t in g.iter(f"{NS}text") if "letter" in classes(t)} for g in pieces(root)
    }
    assert letters == {"y": {"Y"}, "g": {"G"}, "r": {"R"}, "k": {"K"}}
    star = parse(board_svg("star"))
    star_letters = {next(t.text for t in g.iter(f"{NS}text") if "letter" in classes(t)) for g in pieces(star)}
    assert star_letters == {"Y", "K", "B", "R", "G", "P"}


def test_movable_selected_targets_hint_and_trail() -> None:
    state = pos(MID_STAR)
    moves = legal_moves(state)
    movable = {piece_key(m.colour, m.start) for m in moves}
    targets = {field_name(state, m.colour, m.end) for m in moves}
    assert movable == {"r:20", "r:21", "r:30"}
    assert targets == {"t2", "t3", "t12"}
    trail = way(state, move("yellow", 0, 3))
    root = parse(render(state, movable=movable, selected="r:21", targets=targets, hint=("r:20", "t2"), trail=trail))
    found = fields(root)
    assert {n for n, el in found.items() if "target" in classes(el)} == targets
    assert {n for n, el in found.items() if "trail" in classes(el)} == {"t0", "t1", "t2", "t3"}
    assert {n for n, el in found.items() if "hint" in classes(el)} == {"t2"}
    marked = {c: {g.get("data-key") for g in pieces(root) if c in classes(g)} for c in ("movable", "selected", "hint")}
    assert marked == {"movable": movable, "selected": {"r:21"}, "hint": {"r:20"}}
    # the pieces on capture targets are clickable targets too: purple's on t2, yellow's on t3
    assert {(g.get("data-key"), g.get("data-on")) for g in pieces(root) if "target" in classes(g)} == {
        ("p:10", "t2"),
        ("y:3", "t3"),
    }


def test_shared_keys_mark_one_piece_selected_but_all_movable() -> None:
    state = pos("maedn cross y:B,B,B,B r:0,B,B,B y6")
    root = parse(render(state, movable=["y:B"], selected="y:B", hint=("y:B", "t0"), targets=["t0"]))
    waiting = by_key(root, "y:B")
    assert len(waiting) == 4
    assert all("movable" in classes(g) for g in waiting)
    assert [g.get("data-on") for g in waiting if "selected" in classes(g)] == ["y:B0"]
    assert [g.get("data-on") for g in waiting if "hint" in classes(g)] == ["y:B0"]
    barrier = parse(render(pos(BARRIER), selected="y:15"))
    assert len([g for g in by_key(barrier, "y:15") if "selected" in classes(g)]) == 1


def test_turn_home_off_and_neutral() -> None:
    state = pos("maedn cross y:40,41,42,43 g:3,B,B,B r:12,40,41,B finished:y g4")
    root = parse(render(state))
    areas = {
        (el.get("class", "").split()[0], el.get("data-colour")): classes(el)
        for el in root.iter(f"{NS}g")
        if el.get("data-colour")
    }
    assert "turn" in areas[("b-area", "green")] and "turn" not in areas[("b-area", "red")]
    assert "home" in areas[("goal-area", "yellow")] and "home" not in areas[("goal-area", "green")]
    assert "off" in areas[("b-area", "black")] and "off" in areas[("goal-area", "black")]
    assert not any("off" in areas[("b-area", c)] for c in ("yellow", "green", "red"))
    found = fields(root)
    assert "off" in classes(found["t30"]) and "turn" in classes(found["t10"])
    assert "turn" not in classes(found["t0"]) and "off" not in classes(found["t0"])

    neutral = parse(render(pos(BARRIER)))
    b_areas = {el.get("data-colour"): classes(el) for el in neutral.iter(f"{NS}g") if "b-area" in classes(el)}
    assert "neutral" in b_areas["black"] and not any("neutral" in b_areas[c] for c in ("yellow", "green", "red"))
    assert not any("off" in cl for cl in b_areas.values())
    assert all("neutral" in classes(g) for g in pieces(neutral) if g.get("data-key", "").startswith("k:"))
    assert not any("neutral" in classes(g) for g in pieces(neutral) if not g.get("data-key", "").startswith("k:"))
    n_badges = [t for t in neutral.iter(f"{NS}text") if t.text == "N"]
    assert len(n_badges) == 4 + 1  # one on each black piece, one on its B area


def test_star_with_two_players_greys_out_the_other_colours() -> None:
    root = parse(render(new_game("star", 2)))
    off = {el.get("data-colour") for el in root.iter(f"{NS}g") if {"b-area", "off"} <= classes(el)}
    assert off == {"black", "blue", "green", "purple"}
    found = fields(root)
    b = board("star")
    assert {b.colours[b.starts.index(int(n[1:]))] for n, el in found.items() if "off" in classes(el)} == off


def test_text_is_escaped_and_the_svg_parses() -> None:
    evil = '<script>alert("x")</script> & "quotes" \'too\''
    state = new_game("cross", 4)
    svg = render(state, names={"yellow": evil}, movable=[evil], targets=[evil], hint=(evil, evil), trail=[evil])
    assert "<script>" not in svg
    root = parse(svg)
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert evil in titles
    assert not list(root.iter(f"{NS}script")) and not list(root.iter("script"))


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_board_svg_and_determinism(name: str) -> None:
    svg = board_svg(name)
    root = parse(svg)
    b = board(name)
    assert Counter(g.get("data-key") for g in pieces(root)) == expected_keys(new_game(name, len(b.colours)))
    assert root.get("viewBox") == f"0 0 {(b.width + 1) * CELL} {(b.height + 1) * CELL}"
    state = pos(MID_STAR) if name == "star" else pos(BARRIER)
    first = render(state, movable=["y:15"], targets=["t18"], trail=("t1", "t2"))
    assert first == render(state, movable={"y:15"}, targets=("t18",), trail=["t1", "t2"])
    assert svg == board_svg(name)


def test_pieces_stay_inside_the_view_and_apart() -> None:
    # after some moves every piece still stands on its own field (only a barrier's two share one)
    state = new_game("star", 6)
    for roll in (6, 6, 3, 5, 6, 2, 4, 1, 6, 6, 5, 3, 3, 6, 4):
        state = apply(state, ROLLS[roll - 1])
        state = apply(state, legal_actions(state)[0])
    root = parse(render(state))
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    centres = [piece_centre(g) for g in pieces(root)]
    assert len(centres) == len(set(centres)) == 24
    assert all(20 <= x <= width - 20 and 20 <= y <= height - 20 for x, y in centres)


def test_game_over_marks_no_turn_and_says_so() -> None:
    root = parse(render(pos("maedn cross y:40,41,42,43 r:12,40,41,42 finished:y y*")))
    assert not [el for el in root.iter() if "turn" in classes(el)]
    assert (root.findtext(f"{NS}title") or "").endswith("the game is over")
    homes = {g.get("data-colour") for g in root.iter(f"{NS}g") if {"goal-area", "home"} <= classes(g)}
    assert homes == {"yellow"}
    rolling = parse(render(pos("maedn cross y:3,B,B,B r:B,B,B,B r?")))
    assert rolling.findtext(f"{NS}title") == "Mensch ärgere Dich nicht board (cross): Red to roll"
    german = parse(render(pos("maedn cross y:3,B,B,B r:B,B,B,B r?"), t=Translator("de")))
    assert german.findtext(f"{NS}title") == "Spielplan Mensch ärgere Dich nicht (Kreuz): Rot würfelt"


@pytest.mark.parametrize("name", BOARD_NAMES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_field_and_piece_is_named_in_words(name: str, language: str) -> None:
    t = Translator(language)
    root = parse(render(new_game(name, len(board(name).colours)), t=t))
    titled = {key: (el.findtext(f"{NS}title") or "") for key, el in fields(root).items()}
    assert titled and all(titled.values())
    assert len(set(titled.values())) == len(titled) - sum(len(f) - 1 for f in board(name).b_fields)
    yellow = t.colour("yellow", capital=True)
    assert titled["t0"] == t("md.field_start", colour=yellow)
    assert titled["t1"] == t("md.field_track", n=1, colour=yellow)
    assert titled["y:a"] == t("md.field_goal", colour=yellow, letter="a")
    colour_of = {letter: colour for colour, letter in COLOUR_LETTERS.items()}
    pieces = [g for g in root.iter(f"{NS}g") if "piece" in classes(g)]
    assert pieces
    for g in pieces:
        colour = t.colour(colour_of[g.get("data-key", "")[0]], capital=True)
        places = (t("md.on_b"), t("md.on_start"))
        assert g.findtext(f"{NS}title") in {t("md.label_piece", colour=colour, where=w) for w in places}
    assert root.get("aria-label") == t("view.md_board", board=t(f"view.board.{name}"))


# -- a field never looks like a piece (issue 25, points 7 and 20) ---------------------


def style_rule(root: ET.Element, selector: str) -> dict[str, str]:
    """The declarations of the board's own ``<style>`` rule for exactly ``selector`` (empty when it has none)."""
    style = root.find(f"{NS}style")
    assert style is not None and style.text
    found: dict[str, str] = {}
    for rule in style.text.split("}"):
        head, _, body = rule.partition("{")
        if selector in head.split(","):
            found.update(part.partition(":")[::2] for part in body.split(";") if part)
    return found


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_an_empty_a_field_is_a_pale_ring_and_a_piece_a_solid_disc(name: str) -> None:
    state = new_game(name, len(board(name).colours))
    root = parse(render(state))
    for colour in board(name).colours:
        a_rule = style_rule(root, f".maedn .field.a-{colour}")
        assert a_rule["fill"] == COLOUR_TINT[colour] != COLOUR_FILL[colour]  # pale, like the goal and B fields
        assert a_rule["stroke"] == COLOUR_FILL[colour]  # its colour as a ring
    for g in pieces(root):
        colour = next(c for c in classes(g) if c.startswith("piece-")).removeprefix("piece-")
        parts = {el.get("class"): el for el in g.iter() if el.get("class")}
        assert parts["body"].get("fill") == COLOUR_FILL[colour]  # solid
        assert {"shadow", "glint", "letter"} <= set(parts) and float(parts["shadow"].get("cy") or 0) > 0


def test_the_a_mark_is_a_small_letter_in_the_colour_and_no_piece_letter_is_an_a() -> None:
    root = parse(render(pos("maedn cross y:7,B,B,B r:B,B,B,B y6")))  # both A fields empty
    labels = [t for t in root.iter(f"{NS}text") if "label" in classes(t) and t.text == "A"]
    # in its colour (yellow's darker, to read on its tint), greyed for the two colours not in play
    assert Counter(t.get("fill") for t in labels) == {"#8a6a00": 1, COLOUR_FILL["red"]: 1, "#9a958a": 2}
    assert all(t.get("style") == "font-size:13px" for t in labels)  # smaller than a piece's letter
    letters = {t.text for g in pieces(root) for t in g.iter(f"{NS}text") if "letter" in classes(t)}
    assert "A" not in letters and letters == {"Y", "R"}


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_every_b_field_is_lettered_b_as_the_words_say_and_a_waiting_piece_stands_on_its_letter(name: str) -> None:
    # The words send a captured piece "back to B": the board letters its B fields as the printed board does.
    state = new_game(name, 2)
    root = parse(render(state))
    b_fields = [c for c in root.iter(f"{NS}circle") if "b-field" in classes(c)]
    labels = {
        (float(t.get("x") or 0), round(float(t.get("y") or 0) - 11 * 0.36, 2)): t.get("fill")
        for t in root.iter(f"{NS}text")
        if "label" in classes(t) and t.text == "B"
    }
    assert len(labels) == len(b_fields) == 4 * len(board(name).colours)
    marks = [t for t in root.iter(f"{NS}text") if t.text == "B" and "label" in classes(t)]
    assert all("b-mark" in classes(t) for t in marks)  # faint, smaller, not bold: never read as a blue piece
    for circle in b_fields:
        colour = circle.get("class", "").split("b-")[-1].split()[0]
        fill = labels[(float(circle.get("cx") or 0), float(circle.get("cy") or 0))]
        assert fill == ("#9a958a" if colour not in state.seating.slot_of else _ink(colour))
    # Drawn before the pieces: a piece waiting on B covers its letter.
    order = list(root.iter())
    last_b = max(i for i, el in enumerate(order) if "label" in classes(el) and el.text == "B")
    assert min(i for i, el in enumerate(order) if "piece" in classes(el)) > last_b


def test_the_goal_letters_of_a_colour_not_in_play_are_greyed_with_its_fields() -> None:
    root = parse(render(pos("maedn cross y:7,B,B,B r:B,B,B,B y6")))  # green and black are not in play
    inks: dict[str, set[str | None]] = {}
    for area in root.iter(f"{NS}g"):
        if "goal-area" in classes(area):
            colour = area.get("data-colour") or ""
            keys = {c.get("data-key") for c in area.iter(f"{NS}circle")}
            inks[colour] = set()
            for circle in area.iter(f"{NS}circle"):
                cx, cy = circle.get("cx"), circle.get("cy")
                inks[colour] |= {
                    t.get("fill")
                    for t in root.iter(f"{NS}text")
                    if "label" in classes(t)
                    and t.get("x") == cx
                    and t.text in ("a", "b", "c", "d")
                    and abs(float(t.get("y") or 0) - float(cy or 0)) < 6
                }
            assert len(keys) == 4
    assert inks == {"yellow": {"#8a6a00"}, "green": {"#9a958a"}, "red": {COLOUR_FILL["red"]}, "black": {"#9a958a"}}


def test_the_goal_line_and_arrow_of_a_colour_not_in_play_are_greyed() -> None:
    two = render(pos("maedn cross y:7,B,B,B r:B,B,B,B y6"))  # green and black are not in play
    style = two.split("</style>")[1].split("<style>")[-1]  # the style after the backdrop's
    assert ".goal-line-green{stroke:#b5b0a5}" in style and ".arrow-black{fill:#b5b0a5}" in style
    assert "yellow" not in style and "red" not in style
    four = render(new_game("cross", 4))
    assert all(".arrow-" not in part for part in four.split("<style>")[2:])  # everyone plays: nothing greyed
    assert len(re.findall(r'class="arrow arrow-(\w+)"', four)) == 4


def _ink(colour: str) -> str:
    return "#8a6a00" if colour == "yellow" else COLOUR_FILL[colour]


def test_pieces_carry_the_letters_of_the_players_language() -> None:
    star = parse(board_svg("star", Translator("de")))
    letters = {
        next(c for c in classes(g) if c.startswith("piece-")): next(
            t.text for t in g.iter(f"{NS}text") if "letter" in classes(t)
        )
        for g in pieces(star)
    }
    assert letters == {
        "piece-yellow": "Ge",
        "piece-green": "Gr",
        "piece-red": "R",
        "piece-black": "S",
        "piece-blue": "B",
        "piece-purple": "L",
    }


def nearest(name: str) -> str:
    """The colour whose B area the printed board draws lowest on the screen, the leftmost of those (from the SVG)."""
    found = fields(parse(board_svg(name)))

    def middle(colour: str) -> tuple[float, float]:
        centres = [field_centre(found[f"{COLOUR_LETTERS[colour]}:B{n}"]) for n in range(4)]
        return -sum(y for _, y in centres), sum(x for x, _ in centres)

    return min(board(name).colours, key=middle)


def names_and_keys(root: ET.Element) -> dict[str, Counter[str]]:
    return {
        attribute: Counter(e.get(attribute, "") for e in root.iter() if e.get(attribute) is not None)
        for attribute in ("data-field", "data-key", "data-on", "data-colour")
    }


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_facing_a_colour_draws_its_fields_where_the_printed_board_draws_the_nearest_seats(name: str) -> None:
    b = board(name)
    start = new_game(name, len(b.colours))
    printed = fields(parse(render(start)))
    seat = nearest(name)
    near = COLOUR_LETTERS[seat]
    for colour in b.colours:
        letter = COLOUR_LETTERS[colour]
        found = fields(parse(render(start, facing=colour)))
        assert found.keys() == printed.keys()
        a_field = found[f"t{b.starts[b.colour_index(colour)]}"]
        assert field_centre(a_field) == field_centre(printed[f"t{b.starts[b.colour_index(seat)]}"])
        assert {"a-field", f"a-{colour}"} <= classes(a_field)
        for g in "abcd":
            assert field_centre(found[f"{letter}:{g}"]) == field_centre(printed[f"{near}:{g}"])
        for n in range(4):
            assert field_centre(found[f"{letter}:B{n}"]) == field_centre(printed[f"{near}:B{n}"])
        for place in range(b.track_length):  # the track from its A field as the nearest seat's is printed
            mine, theirs = field_name(b, colour, place), field_name(b, seat, place)
            assert field_centre(found[mine]) == field_centre(printed[theirs])
        assert sorted(map(field_centre, found.values())) == sorted(map(field_centre, printed.values()))
    assert render(start, facing=seat) == render(start)  # the nearest seat's own view is the printed one


@pytest.mark.parametrize("text", [MID_STAR, BARRIER])
def test_facing_turns_coordinates_only_and_every_piece_stays_on_its_field(text: str) -> None:
    state = pos(text)
    printed = parse(render(state, movable=["y:3"], targets=["t9"], trail=("t3", "t4")))
    for colour in state.colours:
        root = parse(render(state, movable=["y:3"], targets=["t9"], trail=("t3", "t4"), facing=colour))
        assert names_and_keys(root) == names_and_keys(printed)
        found = fields(root)
        assert {n: classes(f) for n, f in found.items()} == {n: classes(f) for n, f in fields(printed).items()}
        for g in pieces(root):
            if "barrier" not in classes(g):
                assert piece_centre(g) == field_centre(found[g.get("data-on", "")])
        for i, c in enumerate(state.board.colours):  # each B box around its own B fields
            box = next(r for r in root.iter(f"{NS}rect") if r.get("class") == f"b-box-{c}")
            x, y = float(box.get("x", "nan")), float(box.get("y", "nan"))
            w, h = float(box.get("width", "nan")), float(box.get("height", "nan"))
            for n in range(4):
                fx, fy = field_centre(found[f"{COLOUR_LETTERS[c]}:B{n}"])
                assert x < fx < x + w and y < fy < y + h, (colour, i, c, n)


def test_a_piece_sent_home_flies_from_where_the_turned_board_draws_its_field() -> None:
    state = pos("maedn cross y:3,B,B,B r:B,B,B,B y4")
    caught = board("cross").point("yellow", 3)
    printed = parse(render(state, sent_home=[("yellow", caught)]))
    root = parse(render(state, sent_home=[("yellow", caught)], facing="red"))

    def flown_from(root: ET.Element) -> tuple[float, float]:
        (group,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "sent-home"]
        (piece,) = list(group)
        d = {k: float(v) for k, v in re.findall(r"--(\w+):(-?[\d.]+)px", group.get("style", ""))}
        x, y = piece_centre(piece)
        return x + d["dx"], y + d["dy"]

    t3 = field_centre(fields(root)["t3"])
    assert t3 != field_centre(fields(printed)["t3"])
    x, y = flown_from(root)
    assert (x - KNOCK, y + KNOCK) == pytest.approx(t3)
    px, py = flown_from(printed)
    assert (px - KNOCK, py + KNOCK) == pytest.approx(field_centre(fields(printed)["t3"]))


def test_the_boards_description_says_where_every_piece_stands() -> None:
    """The picture names only what can be acted on; its <desc> tells a screen reader where everything is."""
    desc = parse(render(pos("maedn cross y:12,1,B,B r:35,42,B,B y?"), names={"yellow": "Anna"})).find(f"{NS}desc")
    assert desc is not None
    assert desc.text == (
        "Anna (yellow): 2 waiting on B; 12 fields along; 1 field along."
        " Red: 2 waiting on B; in goal field c; 35 fields along."
    )
    german = parse(render(pos("maedn cross y:B,B,B,B r:0,B,B,B y?"), t=Translator("de"))).find(f"{NS}desc")
    assert german is not None and german.text == "Gelb: 4 warten auf B. Rot: 3 warten auf B; auf ihrem Startfeld."
