"""The command line, run as a developer would: ``python -m malefiz ...``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from malefiz.games.malefiz.notation import to_json
from malefiz.games.malefiz.rules import new_game
from tests.malefiz.helpers import CLASSIC_START, play, pos


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "malefiz", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def test_moves_reads_standard_input() -> None:
    doc = to_json(play(new_game(["red", "yellow"]), "d3"))
    result = run("moves", "-", stdin=json.dumps(doc))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"moves": [{"from": "house", "to": [0, 13]}, {"from": "house", "to": [4, 13]}]}


def test_moves_prints_places_in_phase_place(tmp_path: Path) -> None:
    s = play(pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"), "0.13-0.11")
    path = tmp_path / "p.json"
    path.write_text(json.dumps(to_json(s)))
    result = run("moves", str(path))
    places = json.loads(result.stdout)["places"]
    assert [0, 11] not in places and [0, 13] not in places and [0, 12] in places
    assert len(places) == 112 - 17 - 1 - 10 - 1  # fields less bottom row, goal, barricades, pawn


def test_moves_of_a_pass_is_an_empty_list() -> None:
    text = (
        "classic r:9.1,8.3,8.5,11.11,15.13 g:12.7,12.8,11.9,12.9,13.9 y:5.1,4.9,3.11,7.11,14.11"
        " b:1.1,6.7,5.11,13.11,12.13 x:2.1,3.3,6.6,11.7,10.9,14.9,14.10,2.11,4.11,6.11,12.12 g6"
    )
    assert json.loads(run("moves", "-", stdin=json.dumps(to_json(pos(text)))).stdout) == {"moves": []}


def test_moves_accepts_notation_too() -> None:
    result = run("moves", "-", stdin=f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r1\n")
    assert json.loads(result.stdout) == {"moves": [{"from": "house", "to": [2, 13]}]}


def test_moves_with_options() -> None:
    doc = to_json(pos(f"classic r:3.13,5.13,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2 +own"))
    assert doc["options"] == {"protect_own_pawns": True}
    moves = json.loads(run("moves", "-", stdin=json.dumps(doc)).stdout)["moves"]
    assert {"from": [3, 13], "to": [5, 13]} not in moves


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "malefiz"}', "missing key 'board'"),
        ("[]", "position: expected a JSON object"),
        ("classic nonsense", "cannot read position"),
        ("", "cannot read position"),
    ],
)
def test_bad_input_is_a_clear_error_without_traceback(stdin: str, message: str) -> None:
    result = run("moves", "-", stdin=stdin)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


def test_missing_file_is_a_clear_error() -> None:
    result = run("moves", "/no/such/file.json")
    assert result.returncode == 2 and "cannot read /no/such/file.json" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_prints_a_transcript_and_the_winner() -> None:
    result = run("play", "--seed", "5", "--players", "4")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Malefiz, classic board, seed 5: red, green, yellow, blue")
    assert lines[1].split()[:3] == ["1", "red", "rolls"]
    assert lines[-1].startswith("winner: ")
    assert result.stdout == run("play", "--seed", "5", "--players", "4").stdout  # same seed, same game


def test_play_fast_board_with_options() -> None:
    result = run("play", "--seed", "2", "--players", "3", "--board", "fast", "--options", "extra-roll-on-six")
    assert result.returncode == 0, result.stderr
    assert "fast board" in result.stdout.splitlines()[0]
    assert result.stdout.splitlines()[-1].startswith("winner: ")


def test_play_refuses_bad_options() -> None:
    result = run("play", "--options", "fly")
    assert result.returncode == 2 and "unknown option 'fly'" in result.stderr


def test_help() -> None:
    result = run("--help")
    assert result.returncode == 0 and "moves" in result.stdout and "play" in result.stdout


def test_apply_prints_the_next_position_document() -> None:
    start = to_json(new_game(["red", "yellow"]))
    rolled = run("apply", "-", '{"roll": 3}', stdin=json.dumps(start))
    assert rolled.returncode == 0, rolled.stderr
    doc = json.loads(rolled.stdout)
    assert doc["phase"] == "move" and doc["roll"] == 3
    moved = run("apply", "-", '{"from": "house", "to": [4, 13]}', stdin=rolled.stdout)
    assert moved.returncode == 0, moved.stderr
    after = json.loads(moved.stdout)
    assert after["turn"] == "yellow" and after["phase"] == "roll" and [4, 13] in after["pawns"]["red"]
    # every action moves exactly as the moves command prints it
    listed = json.loads(run("moves", "-", stdin=rolled.stdout).stdout)["moves"]
    for move in listed:
        assert run("apply", "-", json.dumps(move), stdin=rolled.stdout).returncode == 0


def test_apply_takes_a_place_and_a_pass() -> None:
    s = play(pos(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"), "0.13-0.11")
    placed = run("apply", "-", '{"place": [8, 7]}', stdin=json.dumps(to_json(s)))
    assert placed.returncode == 0, placed.stderr
    assert [8, 7] in json.loads(placed.stdout)["barricades"]
    no_move = pos(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?")
    assert run("apply", "-", "pass", stdin=json.dumps(to_json(no_move))).returncode == 2


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ('{"roll": 7}', "cannot read action"),
        ('{"from": "house", "to": [9, 9]}', "illegal action h-9.9"),
        ("[1, 2]", "cannot read action"),
        ("d4", "illegal action d4"),
        ("pass", "may not pass"),
    ],
)
def test_apply_refuses_an_illegal_or_unreadable_action(action: str, message: str) -> None:
    rolled = to_json(play(new_game(["red", "yellow"]), "d3"))
    result = run("apply", "-", action, stdin=json.dumps(rolled))
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == "" and "Traceback" not in result.stderr
