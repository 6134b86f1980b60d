"""The JSON position document, actions in JSON, and bad input (the notation: test_state.py)."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.errors import InvalidPositionError, MalefizError, NotationError
from malefiz.games.maedn.document import action_from_json, action_to_json, from_json, moves_document, to_json
from malefiz.games.maedn.notation import parse_action, parse_position
from malefiz.games.maedn.rules import new_game
from malefiz.games.maedn.state import Action, Options, move
from tests.maedn.helpers import pos
from tests.maedn.test_state import POSITIONS


@pytest.mark.parametrize("text", POSITIONS)
def test_json_round_trips_in_the_documented_key_order(text: str) -> None:
    s = pos(text)
    doc = to_json(s)
    keys = ["game", "board", "seats", "neutral", "pieces", "turn", "phase", "roll", "attempt", "finished"]
    assert list(doc) == [*keys, "options"] if s.options != Options() else keys
    assert from_json(json.loads(json.dumps(doc))) == s


def test_json_document_of_a_position() -> None:
    s = pos("maedn cross y:0,17,B,B g:B,B,B,B r:38,B,B,B k:B,B,B,B seats:yr,gk r4 +back")
    assert to_json(s) == {
        "game": "maedn",
        "board": "cross",
        "seats": [["yellow", "red"], ["green", "black"]],
        "neutral": None,
        "pieces": {"yellow": [0, 17, "B", "B"], "green": ["B"] * 4, "red": [38, "B", "B", "B"], "black": ["B"] * 4},
        "turn": "red",
        "phase": "move",
        "roll": 4,
        "attempt": 1,
        "finished": [],
        "options": {"backward_capture": True},
    }


def test_json_pieces_in_any_order_and_empty_options_read_the_same() -> None:
    doc = to_json(pos("maedn cross y:0,17,B,B r:25,B,B,B r4"))
    doc["pieces"]["yellow"] = ["B", 17, "B", 0]
    doc["options"] = {}
    assert from_json(doc) == pos("maedn cross y:0,17,B,B r:25,B,B,B r4")


def _broken(change: str) -> dict[str, Any]:
    doc: dict[str, Any] = to_json(pos("maedn cross y:0,17,B,B g:40,41,42,43 r:25,B,B,B finished:g y?"))
    exec(change, {"doc": doc})
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("doc.clear()", "position: missing key 'game'"),
        ("doc['colour'] = 1", "position: unknown key 'colour'"),
        ("del doc['attempt']", "position: missing key 'attempt'"),
        ("doc['game'] = 'malefiz'", 'game: expected "maedn"'),
        ("doc['board'] = 'hex'", "board: expected one of cross, star"),
        ("doc['seats'] = 'yellow'", "seats: expected a list"),
        ("doc['seats'][1] = 'green'", "seats[1]: expected a list of colours"),
        (
            "doc['seats'][1][0] = 'pink'",
            "Seats: the cross board has no pink; expected one of yellow, green, red, black (seats[1][0])",
        ),
        ("doc['seats'][1][0] = 3", "seats[1][0]: expected a colour name"),
        ("doc['seats'][1][0] = 'yellow'", "Seats: yellow is played twice (seats[0][0], seats[1][0])"),
        ("doc['seats'][1] = []", "Seats: a player plays at least one colour (seats[1])"),
        ("doc['seats'] = [['yellow']]", "Seats: the cross board takes 2 to 4 players, got 1"),
        (
            "doc['seats'] = [['yellow', 'red'], ['green']]",
            "Seats: with two colours each, every player plays two colours (seats[1])",
        ),
        ("doc['seats'] = [['yellow', 'red'], ['green'], ['black']]", "two colours per player only with two players"),
        (
            "doc['seats'] = [['yellow', 'green'], ['red', 'black']]",
            "Seats: the two colours of a player sit opposite each other (seats[0])",
        ),
        ("doc['neutral'] = 'black'", "pieces: black is in play but has no pieces"),
        ("doc['neutral'] = 'blue'", "Neutral: the cross board has no blue"),
        ("doc['neutral'] = 'red'", "Neutral: red is played by a seat and cannot be neutral (seats[2][0])"),
        ("doc['pieces'] = []", "pieces: expected an object"),
        ("doc['pieces']['black'] = ['B'] * 4", "pieces.black: black is not played by any seat"),
        ("del doc['pieces']['red']", "pieces: red is in play but has no pieces"),
        ("doc['pieces']['red'] = 'B'", "pieces.red: expected a list"),
        ("doc['pieces']['red'] = ['B'] * 3", "pieces.red: expected 4 pieces, got 3"),
        ("doc['pieces']['red'][2] = 44", 'pieces.red[2]: expected "B" or a place 0 to 43'),
        ("doc['pieces']['red'][2] = True", 'pieces.red[2]: expected "B" or a place'),
        ("doc['pieces']['red'][2] = -1", 'pieces.red[2]: expected "B" or a place'),
        (
            "doc['pieces']['red'][2] = 37",
            "A red piece on place 37 stands on the field of a yellow piece on place 17 (pieces.red[2])",
        ),
        (
            "doc['pieces']['yellow'] = [17, 17, 'B', 'B']",
            "Two yellow pieces on place 17: the barriers option is off (pieces.yellow[1])",
        ),
        (
            "doc['pieces']['yellow'] = [41, 41, 'B', 'B']",
            "Two yellow pieces stand on goal field b (place 41) (pieces.yellow[1])",
        ),
        ("doc['turn'] = 'purple'", "Turn: purple is not one of the players yellow, green, red"),
        ("doc['turn'] = 7", "turn: expected a colour name"),
        ("doc['turn'] = 'green'", "Turn: green is home and takes no more turns"),
        ("doc['phase'] = 'place'", "phase: expected one of roll, move, over"),
        ("doc['phase'] = 'move'", "roll: expected a number 1 to 6 in phase move, got None"),
        ("doc['roll'] = 3", "roll: must be null in phase roll"),
        ("doc['phase'] = 'move'; doc['roll'] = 7", "roll: expected a number 1 to 6"),
        ("doc['attempt'] = '1'", "attempt: expected a number 1 to 3"),
        ("doc['attempt'] = 4", "Attempt: expected 1 to 3, got 4"),
        ("doc['attempt'] = 2", "Attempt: must be 1 unless the three_rolls option is on"),
        ("doc['attempt'] = 2; doc['options'] = {'three_rolls': True}", "yellow could move a piece"),
        ("doc['finished'] = 'green'", "finished: expected a list"),
        ("doc['finished'] = []", "Finished: green has all its pieces home and must be listed"),
        ("doc['finished'] = ['green', 'yellow']", "Finished: yellow has pieces that are not home (finished[1])"),
        ("doc['finished'] = ['green', 'blue']", "Finished: blue is not in play (finished[1])"),
        ("doc['finished'] = ['green', 'green']", "Finished: a colour is listed twice"),
        ("doc['phase'] = 'over'", "Phase: over, but more than one seat is not placed yet"),
        ("doc['options'] = {'barrier': True}", "options: unknown option 'barrier'"),
        ("doc['options'] = {'barriers': 1}", "options.barriers: expected true or false"),
        ("doc['options'] = []", "options: expected an object"),
    ],
)
def test_broken_documents_say_what_is_wrong_and_where(change: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(message)):
        from_json(_broken(change))


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "position: expected a JSON object, got list"),
        (None, "position: expected a JSON object, got NoneType"),
    ],
)
def test_a_document_must_be_an_object(doc: object, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        from_json(doc)


def test_barriers_and_neutral_documents() -> None:
    barrier = pos("maedn cross y:7,10,10,B r:20,20,B,B y5 +barriers")
    assert from_json(to_json(barrier)) == barrier
    doc = to_json(barrier)
    doc["pieces"]["yellow"] = [10, 10, 10, "B"]
    with pytest.raises(
        InvalidPositionError, match=r"A third yellow piece on place 10: a barrier is two pieces \(pieces.yellow\[2\]\)"
    ):
        from_json(doc)
    doc = to_json(pos("maedn cross y:5,B,B,B g:B,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3"))
    doc["turn"] = "black"
    with pytest.raises(InvalidPositionError, match="Turn: the neutral colour takes no turn"):
        from_json(doc)
    doc["turn"] = "yellow"
    doc["pieces"]["black"] = [40, 41, 42, 43]
    doc["finished"] = ["black"]
    with pytest.raises(InvalidPositionError, match=r"Finished: the neutral colour is never listed \(finished\[0\]\)"):
        from_json(doc)


def test_a_finished_game_must_be_over() -> None:
    with pytest.raises(InvalidPositionError, match="every seat but one is placed"):
        pos("maedn cross y:40,41,42,43 r:5,B,B,B finished:y r?")


def test_actions_in_json() -> None:
    s = pos("maedn cross y:0,17,B,B r:25,B,B,B y6")
    cases: list[tuple[Action, object]] = [
        (move("yellow", -1, 0), {"colour": "yellow", "from": "B", "to": 0}),
        (move("yellow", 17, 23), {"colour": "yellow", "from": 17, "to": 23}),
        (ROLLS[5], {"roll": 6}),
        (PASS, "pass"),
    ]
    for a, value in cases:
        assert action_to_json(a) == value
        assert action_from_json(s, json.loads(json.dumps(value))) == a
    for bad in [
        {"roll": 7},
        {"roll": True},
        {"colour": "blue", "from": 1, "to": 2},
        {"colour": "yellow", "from": "A", "to": 2},
        {"colour": "yellow", "from": 1, "to": 44},
        {"colour": "yellow", "from": 1},
        "move",
        3,
    ]:
        with pytest.raises(MalefizError, match="cannot read"):
            action_from_json(s, bad)


def test_the_moves_document() -> None:
    s = pos("maedn cross y:5,B,B,B g:B,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3")
    assert moves_document(s) == {
        "moves": [{"colour": "yellow", "from": 5, "to": 8}, {"colour": "black", "from": 0, "to": 3}]
    }
    assert moves_document(pos("maedn cross y:B,B,B,B r:5,B,B,B y3")) == {"moves": []}
    assert moves_document(pos("maedn cross y:B,B,B,B r:5,B,B,B y?")) == {"rolls": [1, 2, 3, 4, 5, 6]}
    over = pos("maedn cross y:40,41,42,43 g:40,41,42,43 r:5,B,B,B finished:g,y y*")
    assert moves_document(over) == {"moves": [], "ranking": [["green"], ["yellow"], ["red"]]}
    two = pos("maedn cross y:B,B,B,B g:B,B,B,B r:B,B,B,B k:B,B,B,B seats:yr,gk y6")
    assert moves_document(two) == {"moves": [{"colour": "yellow", "from": "B", "to": 0}]}


def test_documents_are_not_changed_by_reading() -> None:
    doc = to_json(new_game("cross", 3, neutral=True))
    kept = copy.deepcopy(doc)
    from_json(doc)
    assert doc == kept


# Hardened input (issue 16, point 7).


def test_error_messages_echo_at_most_a_short_piece_of_the_input() -> None:
    texts = [
        "maedn cross " + "x" * 100_000,
        "maedn " + "x" * 100_000 + " y:0,B,B,B r:B,B,B,B y?",
        "maedn cross y:" + "1" * 100_000 + " r:B,B,B,B y?",
        "maedn cross y:0,B,B,B r:B,B,B,B seats:" + "y" * 100_000 + " y?",
    ]
    for text in texts:
        with pytest.raises(MalefizError) as raised:
            parse_position(text)
        assert len(str(raised.value)) < 300, str(raised.value)[:400]
    with pytest.raises(NotationError) as notation:
        parse_action("x" * 100_000)
    assert len(str(notation.value)) < 300
    doc = to_json(pos("maedn cross y:0,B,B,B r:B,B,B,B y?"))
    for key, value in [("seats", [["x" * 100_000], ["red"]]), ("turn", "x" * 100_000), ("board", "x" * 100_000)]:
        broken = copy.deepcopy(doc)
        broken[key] = value
        with pytest.raises(InvalidPositionError) as invalid:
            from_json(broken)
        assert len(str(invalid.value)) < 300, str(invalid.value)[:400]
