"""The JSON position document and the action JSON of the command line."""

from __future__ import annotations

from typing import Any

import pytest

from malefiz.core.errors import InvalidPositionError, MalefizError, NotationError
from malefiz.games.malefiz.document import action_from_json, action_to_json, from_json, moves_document, to_json
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.notation import parse_action, parse_position
from malefiz.games.malefiz.rules import legal_actions, new_game
from malefiz.games.malefiz.state import PASS, Options, State
from tests.malefiz.helpers import CLASSIC_START, play, pos


def test_json_document_form() -> None:
    s = pos(f"classic r:2.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} y3")
    doc = to_json(s)
    assert doc == {
        "game": "malefiz",
        "board": "classic",
        "players": ["red", "yellow"],
        "pawns": {"red": [[2, 13], "house", "house", "house", "house"], "yellow": ["house"] * 5},
        "barricades": [[8, 1], [8, 3], [8, 4], [8, 5], [6, 7], [10, 7], [0, 11], [4, 11], [8, 11], [12, 11], [16, 11]],
        "turn": "yellow",
        "roll": 3,
        "phase": "move",
    }


def test_options_appear_in_json_only_when_set() -> None:
    s = new_game(options=Options(protect_two_rows=True))
    assert to_json(s)["options"] == {"protect_two_rows": True}
    assert "options" not in to_json(new_game())


def _doc(**changes: Any) -> dict[str, Any]:
    doc = to_json(pos(f"classic r:2.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} y3"))
    doc.update(changes)
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "game:"),
        ({"board": "round"}, "board:"),
        ({"players": ["red"]}, "players"),
        ({"players": ["red", "red"]}, r"players\[1\]"),
        ({"players": ["red", "pink"]}, r"players\[1\]: unknown colour 'pink'"),
        ({"pawns": {"red": []}}, "pawns: expected exactly the players"),
        (
            {"pawns": {"red": ["house"] * 4, "yellow": ["house"] * 5}},
            r"Every player has 5 pawns on the classic board, red has 4 \(pawns.red\)",
        ),
        (
            {"pawns": {"red": [[1, 2], "house", "house", "house", "house"], "yellow": ["house"] * 5}},
            r"pawns.red\[0\]: \[1, 2\] is not a field",
        ),
        (
            {"pawns": {"red": [[2, 13], [2, 13], "house", "house", "house"], "yellow": ["house"] * 5}},
            "Field 2.13 holds two pawns, a red one and a red one",
        ),
        (
            {"pawns": {"red": ["forest", "house", "house", "house", "house"], "yellow": ["house"] * 5}},
            "in the forest, but the classic board has none",
        ),
        (
            {"pawns": {"red": [[8, 1], "house", "house", "house", "house"], "yellow": ["house"] * 5}},
            "holds a barricade",
        ),
        (
            {"pawns": {"red": [[8, 0], "house", "house", "house", "house"], "yellow": ["house"] * 5}},
            "goal ends the game",
        ),
        (
            {"pawns": {"red": ["home", "house", "house", "house", "house"], "yellow": ["house"] * 5}},
            r'pawns.red\[0\]: expected \[x, y\], "house"',
        ),
        ({"barricades": [[8, 1]]}, "Barricades: expected 11"),
        (
            {
                "barricades": [
                    [8, 13],
                    [8, 1],
                    [8, 3],
                    [8, 4],
                    [8, 5],
                    [6, 7],
                    [10, 7],
                    [0, 11],
                    [4, 11],
                    [8, 11],
                    [12, 11],
                ]
            },
            "No barricade may stand on field 8.13",
        ),
        ({"barricades": "none"}, "barricades: expected a list"),
        ({"turn": "blue"}, "turn:"),
        ({"roll": 7}, "roll: expected a number 1 to 6"),
        ({"roll": None}, "roll: expected a number 1 to 6"),
        ({"phase": "roll"}, "roll: must be null in phase roll"),
        ({"phase": "fly"}, "phase:"),
        ({"options": {"fly": True}}, "unknown option 'fly'"),
        ({"options": {"protect_own_pawns": "yes"}}, "options.protect_own_pawns: expected true or false"),
        ({"extra": 1}, "unknown key 'extra'"),
    ],
)
def test_broken_documents_say_what_and_where(change: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        from_json(_doc(**change))


def test_missing_key_and_wrong_type() -> None:
    doc = _doc()
    del doc["turn"]
    with pytest.raises(InvalidPositionError, match="missing key 'turn'"):
        from_json(doc)
    with pytest.raises(InvalidPositionError, match="expected a JSON object"):
        from_json([1, 2])


def test_error_messages_echo_at_most_a_short_piece_of_the_input() -> None:
    for text in ["classic " + "x" * 100_000, "x" * 100_000, f"classic r:h,h,h,h,h y:h,h,h,h,h x:{'1' * 100_000} r?"]:
        with pytest.raises(NotationError) as raised:
            parse_position(text)
        assert len(str(raised.value)) < 300 and "…" in str(raised.value)
    with pytest.raises(NotationError) as raised:
        parse_action("x" * 100_000)
    assert len(str(raised.value)) < 300
    with pytest.raises(InvalidPositionError) as invalid:
        from_json(_doc(turn="x" * 100_000))
    assert len(str(invalid.value)) < 300


@pytest.mark.parametrize(
    ("red", "message"),
    [
        (
            [[8, 11], "house", "house", "house", "house"],
            r"A red pawn stands on field 8\.11, which holds a barricade \(pawns\.red\[0\]\)",
        ),
        (
            ["house", [2, 13], "house", [2, 13], "house"],
            r"Field 2\.13 holds two pawns, a red one and a red one \(pawns\.red\[1\], pawns\.red\[3\]\)",
        ),
        (
            [[9, 9], "forest", "house", "house", "house"],
            r"A red pawn is in the forest, but the classic board has none \(pawns\.red\[1\]\)",
        ),
    ],
)
def test_json_errors_name_the_index_the_input_used(red: list[Any], message: str) -> None:
    doc = _doc()
    doc["pawns"]["red"] = red
    with pytest.raises(InvalidPositionError, match=message):
        from_json(doc)
    text = "classic r:" + ",".join(e if isinstance(e, str) else f"{e[0]}.{e[1]}" for e in red)
    with pytest.raises(InvalidPositionError, match=message):
        parse_position(f"{text} y:h,h,h,h,h x:{CLASSIC_START} y3")


def test_moves_document_lists_what_may_happen() -> None:
    start = new_game()
    assert moves_document(start) == {"rolls": [1, 2, 3, 4, 5, 6]}
    rolled = play(start, "d3")
    assert moves_document(rolled) == {"moves": [{"from": "house", "to": [0, 13]}, {"from": "house", "to": [4, 13]}]}
    taken = play(pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"), "0.13-0.11")
    places = moves_document(taken)["places"]
    assert [8, 13] not in places and [7, 7] in places and len(places) == len(legal_actions(taken))
    won = play(pos(f"classic r:7.1,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START.replace('8.1,', '3.9,')} r2"), "7.1-8.0")
    assert moves_document(won) == {"moves": [], "winner": "red"}


@pytest.mark.parametrize(
    ("position", "action", "value"),
    [
        ("classic r:h,h,h,h,h y:h,h,h,h,h x:{x} r?", "d4", {"roll": 4}),
        ("classic r:h,h,h,h,h y:h,h,h,h,h x:{x} r3", "h-4.13", {"from": "house", "to": [4, 13]}),
        ("classic r:2.9,h,h,h,h y:h,h,h,h,h x:{x} r4", "2.9-4.7", {"from": [2, 9], "to": [4, 7]}),
        ("classic r:6.7,h,h,h,h y:h,h,h,h,h x:{y} r!", "@7.7", {"place": [7, 7]}),
        ("fast r:f,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r2", "f-1.8", {"from": "forest", "to": [1, 8]}),
        ("classic r:h,h,h,h,h y:h,h,h,h,h x:{x} r3", "pass", "pass"),
    ],
)
def test_action_json_both_ways(position: str, action: str, value: object) -> None:
    state = parse_position(position.format(x=CLASSIC_START, y=CLASSIC_START.replace("6.7,", "")))
    parsed = parse_action(action)
    assert action_to_json(state, parsed) == value == MALEFIZ.action_to_json(state, parsed)
    assert action_from_json(state, value) == parsed == MALEFIZ.action_from_json(state, value)


@pytest.mark.parametrize(
    "value", ["fly", {"roll": 7}, {"from": "house"}, {"place": [40, 1]}, {"from": "h", "to": [0, 13]}]
)
def test_bad_action_json_is_refused(value: object) -> None:
    with pytest.raises(MalefizError, match="expected"):
        action_from_json(new_game(), value)


def test_the_game_object_hands_on_to_the_module() -> None:
    state: State = play(new_game(), "d3")
    assert MALEFIZ.moves_document(state) == moves_document(state)
    assert action_from_json(state, "pass") is PASS
