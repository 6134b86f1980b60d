"""The motion a board plays once after an action: a piece sent home, a barricade lifted and put down."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

from malefiz.core.actions import Roll
from malefiz.core.face import Marks
from malefiz.core.record import Entry
from malefiz.core.svg import KNOCK, LIFT
from malefiz.games import GAMES
from malefiz.games.maedn import rules as maedn_rules
from malefiz.games.maedn.board import COLOUR_LETTERS
from malefiz.games.maedn.state import Move as MaednMove
from malefiz.games.maedn.state import Options as MaednOptions
from malefiz.games.malefiz import board as malefiz_board
from malefiz.games.malefiz import rules as malefiz_rules
from malefiz.games.malefiz import state as malefiz_state
from malefiz.games.malefiz import view as malefiz_view
from malefiz.games.malefiz.board import location_name
from malefiz.i18n import Translator

NS = "{http://www.w3.org/2000/svg}"
T = Translator("en")


def find(
    start: Any, legal: Callable[[Any], list[Any]], apply: Callable[[Any, Any], Any], wanted: Callable[[Any, Any], bool]
) -> tuple[Any, Any]:
    """A position reached by random play and an action in it that ``wanted`` picks."""
    rng = random.Random(7)
    for _ in range(400):
        state = start
        for _ in range(600):
            if state.is_over:
                break
            if state.is_chance:
                state = apply(state, Roll(rng.randint(1, 6)))
                continue
            actions = legal(state)
            for action in actions:
                if wanted(state, action):
                    return state, action
            state = apply(state, rng.choice(actions))
    raise AssertionError("no such position in 400 random games")


def render(game: str, before: Any, action: Any, apply: Callable[[Any, Any], Any], motion: bool) -> ET.Element:
    after = apply(before, action)
    rules = GAMES[game]
    entry = Entry(before, action, after, rules.effects(before, action))
    svg = rules.face.render(after, Marks(trail=entry.effects.trail), {}, T, entry if motion else None)
    return ET.fromstring(svg)


def moving(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == kind]


def offsets(group: ET.Element) -> dict[str, float]:
    return {k: float(v) for k, v in re.findall(r"--(\w+):(-?[\d.]+)px", group.get("style", ""))}


def test_a_captured_malefiz_pawn_flies_from_the_field_it_was_caught_on_to_its_house() -> None:
    def capture(state: Any, action: Any) -> bool:
        return isinstance(action, malefiz_state.Move) and state.occupant(action.end) not in (None, state.current)

    before, action = find(
        malefiz_rules.new_game("classic", ("red", "green")), malefiz_rules.legal_actions, malefiz_rules.apply, capture
    )
    victim = before.occupant(action.end)
    root = render("malefiz", before, action, malefiz_rules.apply, motion=True)
    (flying,) = moving(root, "sent-home")
    (pawn,) = list(flying)
    assert f"pawn-{victim}" in (pawn.get("class") or "")
    assert pawn.get("data-field") is None  # it is drawn where it now waits: in its house
    x, y = (float(v) for v in re.findall(r"[-\d.]+", pawn.get("transform", "")))
    field = next(c for c in root.iter(f"{NS}circle") if c.get("data-field") == location_name(action.end))
    d = offsets(flying)
    caught = (float(field.get("cx", 0)) + KNOCK, float(field.get("cy", 0)) - KNOCK)
    assert (x + d["dx"], y + d["dy"]) == pytest.approx(caught)
    assert not moving(render("malefiz", before, action, malefiz_rules.apply, motion=False), "sent-home")


def test_a_taken_barricade_is_lifted_over_the_pawn_then_lands_and_stays_marked() -> None:
    def take(state: Any, action: Any) -> bool:
        return isinstance(action, malefiz_state.Move) and action.end in state.barricade_fields

    before, action = find(
        malefiz_rules.new_game("classic", ("red", "green")), malefiz_rules.legal_actions, malefiz_rules.apply, take
    )
    lifted = render("malefiz", before, action, malefiz_rules.apply, motion=True)
    (rising,) = moving(lifted, "lifted")
    (stone,) = rising.iter(f"{NS}rect")
    shift = offsets(rising)
    middle = float(stone.get("x", 0)) + 9 + shift["dx"], float(stone.get("y", 0)) + 9 + shift["rise"]
    pawn = next(c for c in lifted.iter(f"{NS}circle") if c.get("data-key") == location_name(action.end))
    assert middle == (float(pawn.get("cx", 0)), float(pawn.get("cy", 0)))  # it rises from the pawn that took it
    assert len([g for g in lifted.iter(f"{NS}g") if g.get("class") == "held"]) == 1
    still = render("malefiz", before, action, malefiz_rules.apply, motion=False)
    assert not moving(still, "lifted") and [g for g in still.iter(f"{NS}g") if g.get("class") == "held"]

    holding = malefiz_rules.apply(before, action)
    place = malefiz_rules.legal_actions(holding)[0]
    assert isinstance(place, malefiz_state.Place)
    landed = render("malefiz", holding, place, malefiz_rules.apply, motion=True)
    (dropping,) = moving(landed, "landed")
    (stone,) = list(dropping)
    assert stone.get("data-field") == location_name(place.field) and "trail" in (stone.get("class") or "")
    assert offsets(dropping)["drop"] == -LIFT
    after = render("malefiz", holding, place, malefiz_rules.apply, motion=False)
    marked = [g for g in after.iter(f"{NS}g") if "barricade" in (g.get("class") or "").split()]
    assert [g.get("data-field") for g in marked if "trail" in (g.get("class") or "")] == [location_name(place.field)]
    assert not moving(after, "landed") and not [g for g in after.iter(f"{NS}g") if g.get("class") == "held"]


@pytest.mark.parametrize("forced", [False, True])
def test_a_captured_or_penalised_maedn_piece_flies_back_to_b(forced: bool) -> None:
    start = maedn_rules.new_game("cross", 2, options=MaednOptions(forced_capture=forced))

    def wanted(state: Any, action: Any) -> bool:
        if not isinstance(action, MaednMove):
            return False
        if forced:
            return maedn_rules.penalty(state, action) is not None
        return maedn_rules.captures(state, action) is not None

    before, action = find(start, maedn_rules.legal_actions, maedn_rules.apply, wanted)
    root = render("maedn", before, action, maedn_rules.apply, motion=True)
    (flying,) = moving(root, "sent-home")
    (piece,) = list(flying)
    assert (piece.get("data-on") or "").split(":")[1].startswith("B")
    sent = maedn_rules.penalty(before, action) if forced else None
    colour = sent[0] if sent else maedn_rules.captures(before, action)
    assert colour is not None and (piece.get("data-key") or "").startswith(COLOUR_LETTERS[colour] + ":")
    assert not moving(render("maedn", before, action, maedn_rules.apply, motion=False), "sent-home")


def held_stone(svg: ET.Element) -> tuple[float, float, float, float]:
    """The held barricade's square (x0, y0, x1, y1) of a drawn board: there is exactly one."""
    (held,) = [g for g in svg.iter(f"{NS}g") if g.get("class") == "held"]
    (stone,) = held.iter(f"{NS}rect")
    x0, y0 = float(stone.get("x", 0)), float(stone.get("y", 0))
    return x0, y0, x0 + float(stone.get("width", 0)), y0 + float(stone.get("height", 0))


def assert_clear(board_name: str, stone: tuple[float, float, float, float], where: str) -> None:
    """The square ``stone`` lies on the board of ``board_name`` over no field (nor a pawn on one), house or forest."""
    drawn = ET.fromstring(malefiz_view.board_svg(board_name))
    circles = [c for c in drawn.iter(f"{NS}circle") if float(c.get("r", 0)) >= 9]  # fields and pawns, not dots
    boxes = [r for r in drawn.iter(f"{NS}rect") if "house-box" in (r.get("class") or "")]
    ellipses = [e for e in drawn.iter(f"{NS}ellipse") if "forest-area" in (e.get("class") or "")]
    assert len(circles) > len(malefiz_board.board(board_name).fields) and boxes
    x0, y0, x1, y1 = stone
    _, _, width, height = (float(n) for n in drawn.get("viewBox", "").split())
    assert min(x0, y0) >= 0 and x1 <= width and y1 <= height, where
    for c in circles:  # the nearest point of the stone to the circle's centre lies outside it
        cx, cy, r = float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0))
        nx, ny = min(max(cx, x0), x1), min(max(cy, y0), y1)
        assert (nx - cx) ** 2 + (ny - cy) ** 2 > r**2, (where, cx, cy)
    for box in boxes:
        bx, by = float(box.get("x", 0)), float(box.get("y", 0))
        bw, bh = float(box.get("width", 0)), float(box.get("height", 0))
        assert x1 < bx or bx + bw < x0 or y1 < by or by + bh < y0, where
    for e in ellipses:
        ex, ey, rx, ry = (float(e.get(k, 0)) for k in ("cx", "cy", "rx", "ry"))
        nx, ny = min(max(ex, x0), x1), min(max(ey, y0), y1)
        assert ((nx - ex) / rx) ** 2 + ((ny - ey) / ry) ** 2 > 1, where


@pytest.mark.parametrize("board_name", malefiz_board.BOARD_NAMES)
def test_a_held_barricade_covers_no_field_house_or_forest_wherever_it_was_taken(board_name: str) -> None:
    """The barricade a pawn took floats in the free corner beside that pawn, on every field of every board: over
    no field (nor a pawn on one), no house and not the forest (it once floated straight up, half over the field
    above and any pawn there)."""
    placing = malefiz_rules.new_game(board_name, ("red", "green"))._replace(phase=malefiz_state.Phase.PLACE)
    b = placing.board
    for f in sorted(b.fields - {b.goal}):
        assert_clear(board_name, held_stone(ET.fromstring(malefiz_view.render(placing, highlight=(f,)))), str(f))


@pytest.mark.parametrize("board_name", malefiz_board.BOARD_NAMES)
def test_a_barricade_held_in_a_position_opened_while_it_waits_floats_beside_the_holders_house(board_name: str) -> None:
    """Opened from notation or a link in the phase of placing, no pawn is known to have taken the barricade: it is
    still shown held (once it was not shown at all), beside the house of the player who holds it, over nothing."""
    colours = malefiz_board.COLOURS
    opened = malefiz_rules.new_game(board_name, colours)._replace(phase=malefiz_state.Phase.PLACE)
    drawn = ET.fromstring(malefiz_view.board_svg(board_name))
    boxes = {
        next(c for c in colours if c in (r.get("class") or "")): r
        for r in drawn.iter(f"{NS}rect")
        if "house-box" in (r.get("class") or "")
    }
    assert set(boxes) == set(colours)

    def gap(stone: tuple[float, float, float, float], box: ET.Element) -> float:
        x0, y0, x1, y1 = stone
        bx, by = float(box.get("x", 0)), float(box.get("y", 0))
        bw, bh = float(box.get("width", 0)), float(box.get("height", 0))
        return max(bx - x1, x0 - bx - bw, 0) + max(by - y1, y0 - by - bh, 0)

    for turn, colour in enumerate(colours):
        stone = held_stone(ET.fromstring(malefiz_view.render(opened._replace(turn=turn))))
        assert_clear(board_name, stone, colour)
        assert min(boxes, key=lambda c: gap(stone, boxes[c])) == colour and gap(stone, boxes[colour]) <= 6, colour
