"""The command line, run as a developer would: ``python -m malefiz ...``."""

from __future__ import annotations

import importlib.metadata
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import malefiz
from malefiz.cli import error_line, main
from malefiz.core.errors import MalefizError
from malefiz.core.session import Session
from malefiz.core.tournament import tournament, wilson
from malefiz.games import GAMES, get_game
from malefiz.games.malefiz.document import to_json
from malefiz.games.malefiz.rules import new_game
from tests.malefiz.helpers import CLASSIC_START, play, pos


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "malefiz", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def test_moves_reads_standard_input() -> None:
    doc = to_json(play(new_game("classic", ["red", "yellow"]), "d3"))
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


def test_a_position_argument_may_be_the_notation_itself_and_a_file_of_that_name_still_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    line = "maedn cross y:2,B,B,B r:B,B,B,B y3"
    assert json.loads(run("moves", line).stdout) == {"moves": [{"colour": "yellow", "from": 2, "to": 5}]}
    applied = run("apply", f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2", "0.13-0.11")
    assert json.loads(applied.stdout)["pawns"]["red"][0] == [0, 11] and applied.returncode == 0
    hinted = json.loads(run("hint", "maedn cross y:12,1,B,B r:35,B,B,B y3", "--top", "1").stdout)
    assert hinted["turn"] == "yellow" and [a["action"] for a in hinted["actions"]] == ["y:12-15"]
    wrong = run("--lang", "de", "moves", "maedn cross y:2,B,B,B r:B,B,B,B y9")  # the notation's own error
    assert wrong.returncode == 2 and "y9" in wrong.stderr and "Datei" not in wrong.stderr
    assert "cannot read my position.json: no such file" in run("moves", "my position.json").stderr
    monkeypatch.chdir(tmp_path)  # a file named as a position is read: a file is what it names first
    (tmp_path / line).write_text("maedn cross y:B,B,B,B r:B,B,B,B y6", encoding="utf-8")
    out = io.StringIO()
    assert main(["moves", line], out) == 0
    assert json.loads(out.getvalue()) == {"moves": [{"colour": "yellow", "from": "B", "to": 0}]}


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
        ("classic nonsense", "Cannot read position"),
        ("", "standard input is empty: expected a position"),
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
    said = " ".join(run("moves", "--help").stdout.split())
    assert "the language of the errors (en, de; default en)" in said  # said once, not "of the errors and of the errors"
    assert "the language of the words and of the errors" in " ".join(run("hint", "--help").stdout.split())
    assert "the language of the table and of the errors" in " ".join(run("tournament", "--help").stdout.split())


@pytest.mark.parametrize("command", ["", "moves", "apply", "hint", "draw", "review", "play", "tournament"])
def test_help_speaks_german_with_lang_de(command: str) -> None:
    """Every help in German, argparse's own words too (its usage and headings), wherever --lang stands."""
    words = [command, "--help", "--lang", "de"] if command else ["--lang", "de", "--help"]
    german = run(*words)
    english = run(*[w for w in words if w not in ("--lang", "de")])
    assert german.returncode == english.returncode == 0 and german.stderr == ""
    assert german.stdout.startswith("Aufruf: ") and english.stdout.startswith("usage: ")
    assert "Optionen:" in german.stdout and "options:" not in german.stdout
    assert "diese Hilfe zeigen und beenden" in german.stdout and "show this help" not in german.stdout
    said = " ".join(german.stdout.split())
    assert "(en, de; Standard en)" in said and "default" not in said
    # the same arguments, only the words differ
    assert re.findall(r"--[a-z]+", german.stdout) == re.findall(r"--[a-z]+", english.stdout)


def test_version_is_the_packages_and_the_installed_distributions() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout == f"python -m malefiz {malefiz.__version__}\n"
    assert importlib.metadata.version("malefiz") == malefiz.__version__  # pyproject.toml reads it from the package
    script = Path(sys.executable).with_name("malefiz")  # the installed command names itself as it was typed
    assert (
        subprocess.run([script, "--version"], capture_output=True, text=True).stdout
        == f"malefiz {malefiz.__version__}\n"
    )


def test_apply_prints_the_next_position_document() -> None:
    start = to_json(new_game("classic", ["red", "yellow"]))
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
        ('{"from": "house", "to": [9, 9]}', "Illegal action h-9.9"),
        ("[1, 2]", "cannot read action"),
        ("d4", "Illegal action d4"),
        ("pass", "may not pass"),
    ],
)
def test_apply_refuses_an_illegal_or_unreadable_action(action: str, message: str) -> None:
    rolled = to_json(play(new_game("classic", ["red", "yellow"]), "d3"))
    result = run("apply", "-", action, stdin=json.dumps(rolled))
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == "" and "Traceback" not in result.stderr


MAEDN_BACKWARD = "maedn cross y:15,B,B,B r:32,B,B,B y3 +back"


def test_maedn_moves_list_colour_from_and_to() -> None:
    result = run("moves", "-", stdin=MAEDN_BACKWARD)
    assert result.returncode == 0, result.stderr
    moves = json.loads(result.stdout)["moves"]
    assert sorted((m["colour"], m["from"], m["to"]) for m in moves) == [("yellow", 15, 12), ("yellow", 15, 18)]
    rolled = json.loads(run("moves", "-", stdin="maedn star y:0,B,B,B b:0,B,B,B g:0,B,B,B y?").stdout)
    assert rolled == {"rolls": [1, 2, 3, 4, 5, 6]}
    passing = json.loads(run("moves", "-", stdin="maedn cross y:B,B,B,B r:5,B,B,B y3").stdout)
    assert passing == {"moves": []}


def test_maedn_apply_takes_the_moves_as_printed_rolls_and_passes() -> None:
    moves = json.loads(run("moves", "-", stdin=MAEDN_BACKWARD).stdout)["moves"]
    for m in moves:
        result = run("apply", "-", json.dumps(m), stdin=MAEDN_BACKWARD)
        assert result.returncode == 0, result.stderr
        doc = json.loads(result.stdout)
        assert doc["game"] == "maedn" and doc["turn"] == "red" and doc["phase"] == "roll"
        assert m["to"] in doc["pieces"]["yellow"]
    captured = json.loads(
        run("apply", "-", json.dumps({"colour": "yellow", "from": 15, "to": 12}), stdin=MAEDN_BACKWARD).stdout
    )
    assert captured["pieces"]["red"] == ["B", "B", "B", "B"]
    six = json.loads(run("apply", "-", '{"roll": 6}', stdin="maedn cross y:B,B,B,B r:5,B,B,B y?").stdout)
    assert six["phase"] == "move" and six["roll"] == 6
    passed = json.loads(run("apply", "-", '"pass"', stdin="maedn cross y:B,B,B,B r:5,B,B,B y3").stdout)
    assert passed["turn"] == "red" and passed["phase"] == "roll"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ('{"colour": "yellow", "from": 15, "to": 13}', "Illegal action y:15-13"),
        ('{"colour": "red", "from": 32, "to": 35}', "Illegal action r:32-35"),
        ('{"roll": 4}', "Illegal action d4"),
        ('"pass"', "Illegal action pass"),
        ('{"colour": "yellow", "from": 15}', "cannot read"),
        ("[]", "cannot read"),
    ],
)
def test_maedn_apply_refuses_an_illegal_action(action: str, message: str) -> None:
    result = run("apply", "-", action, stdin=MAEDN_BACKWARD)
    assert result.returncode == 2, result.stdout
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_maedn_play_prints_a_transcript_and_the_full_ranking() -> None:
    args = ("play", "--game", "maedn", "--board", "star", "--players", "6", "--seed", "4", "--bot", "medium")
    result = run(*args, "--options", "barriers,forced_capture")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Mensch ärgere Dich nicht, star board, seed 4: yellow, black, blue, red, green, purple (medium bots)"
    )
    assert lines[1].startswith("who starts: ")
    assert lines[2].split()[0] == "1" and lines[2].split()[2] == "rolls"
    ranking = lines[-2].removeprefix("ranking: ").split(", ")
    assert [r.split(". ")[0] for r in ranking] == ["1", "2", "3", "4", "5", "6"]
    assert {r.split(". ")[1] for r in ranking} == {"yellow", "black", "blue", "red", "green", "purple"}
    assert lines[-1].startswith(f"winner: {ranking[0].split('. ')[1]} after ")
    assert result.stdout == run(*args, "--options", "barriers,forced_capture").stdout


def test_maedn_play_with_two_colours_each_and_a_neutral_colour() -> None:
    two = run("play", "--game", "maedn", "--players", "2", "--options", "two_colours", "--seed", "1")
    assert two.returncode == 0, two.stderr
    assert two.stdout.splitlines()[0].endswith("yellow+red, green+black (greedy bots)")
    neutral = run("play", "--game", "maedn", "--players", "3", "--options", "neutral,three_rolls", "--seed", "1")
    assert neutral.returncode == 0, neutral.stderr
    assert "black neutral" in neutral.stdout.splitlines()[0]
    assert neutral.stdout.splitlines()[-1].startswith("winner: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "--game", "maedn", "--players", "5"), "for 2 to 4 players"),
        (("play", "--game", "maedn", "--board", "classic"), "has the boards cross, star"),
        (("play", "--game", "maedn", "--options", "fly"), "unknown option 'fly'"),
        (("play", "--game", "maedn", "--players", "3", "--board", "star", "--options", "neutral"), "neutral"),
        (("tournament", "--game", "maedn", "--seats", "hard,genius"), "unknown bot 'genius'"),
        (("tournament", "--game", "maedn", "--seats", "hard"), "2 to 4 players"),
    ],
)
def test_maedn_bad_setups_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr


def test_maedn_tournament_prints_win_rates() -> None:
    result = run("tournament", "--game", "maedn", "--games", "6", "--seats", "hard,random", "--seed", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Tournament: Mensch ärgere Dich nicht, 6 games on the cross board, seats hard, random")
    assert lines[2].startswith("1. hard") and lines[3].startswith("2. random")
    wins = [int(line.split()[2]) for line in lines[2:4]]
    assert sum(wins) == 6


def test_a_tournament_speaks_german_with_lang_de() -> None:
    """Its heading, table and speed in German words and German numbers (a decimal comma); the page's levels by their
    German names, any other bot as named."""
    args = ("tournament", "--games", "4", "--seats", "medium,greedy", "--seed", "2", "--board", "fast")
    result = run("--lang", "de", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Turnier: Malefiz, 4 Spiele auf dem Spielplan schnell, Plätze mittel, greedy, Startwert 2"
        " (die Reihenfolge der Plätze wechselt jedes Spiel)"
    )
    assert lines[1].split() == ["Platz", "Siege", "Siegquote", "95%-Intervall"]
    assert lines[2].startswith("1. mittel") and lines[3].startswith("2. greedy")
    assert re.search(r"\d+,\d%", lines[2]) and "." not in lines[2].split(maxsplit=2)[2]
    assert re.fullmatch(r"4 Spiele in \d+,\d s \(\d+,\d\d Spiele/s\)", lines[4]), lines[4]
    english = run(*args)
    assert [line.split()[2] for line in english.stdout.splitlines()[2:4]] == [line.split()[2] for line in lines[2:4]]


def test_the_highest_roll_starts_a_maedn_game_and_a_malefiz_game_with_roll_for_start() -> None:
    for args in (("--game", "maedn", "--board", "star", "--players", "3"), ("--options", "roll_for_start")):
        lines = run("play", "--seed", "11", *args).stdout.splitlines()
        assert lines[1].startswith("who starts: ")
        rounds = lines[1].removeprefix("who starts: ").rsplit(": ", 1)[0].split("; then ")
        last = dict(pair.split() for pair in rounds[-1].split(", "))
        starter = max(last, key=lambda c: int(last[c]))
        assert lines[1].endswith(f": {starter} starts")
        assert lines[2].split()[:2] == ["1", starter]
    assert "who starts" not in run("play", "--seed", "11").stdout  # Malefiz's setup order by default


# Hardened input (issue 16, point 7): every bad input is one line on stderr and exit status 2, run in-process.


def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: bytes = b""
) -> tuple[int, str, str]:
    """Run ``main`` as the console script would: (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    try:
        status = main(list(args))
    except SystemExit as exc:  # argparse's own usage errors
        status = exc.code if isinstance(exc.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_line_error(status: int, out: str, err: str, message: str) -> None:
    assert status == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert message in err, err
    assert len(err) < 400, err


START_JSON = json.dumps(to_json(new_game("classic", ["red", "yellow"])))


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        (b"\xff\xfe{", "not UTF-8"),
        (b"classic r:h,h,h,h,h y:h,h,h,h,h x:- r\xe9?", "not UTF-8"),
        (b"[" * 100_000, "nested too deeply"),
        (b'{"game": "malefiz", "roll": ' + b"9" * 5000 + b"}", "too many digits"),
        (b"classic r:" + b"9" * 5000 + b".1,h,h,h,h y:h,h,h,h,h x:- r?", "Cannot read location"),
        (b"maedn cross y:" + b"9" * 5000 + b",B,B,B r:B,B,B,B y?", "Cannot read"),
        (b"x" * 10_000_000, "too long"),
        (b"classic " + b"x" * 900_000, "Cannot read position"),
        (b'{"game": "' + b"x" * 900_000 + b'"}', "unknown game"),
    ],
)
def test_bad_position_text_is_a_short_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: bytes, message: str
) -> None:
    one_line_error(*cli(capsys, monkeypatch, "moves", "-", stdin=stdin), message)


def test_a_non_utf8_file_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b"\xff\xfe{")
    one_line_error(*cli(capsys, monkeypatch, "moves", str(path)), "not UTF-8")
    one_line_error(*cli(capsys, monkeypatch, "moves", str(tmp_path)), f"cannot read {tmp_path}")
    one_line_error(*cli(capsys, monkeypatch, "moves", "bad\0name"), "cannot read")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"roll": ' + "9" * 5000 + "}", "too many digits"),
        ('{"from": "house", "to": [' + "9" * 4000 + ", 1]}", "to: expected [x, y]"),
        ("h-" + "9" * 5000 + ".1", "Cannot read location"),
        ("h-\u0662.\u0661\u0663", "Cannot read location"),
        ("x" * 100_000, "Cannot read action"),
        (json.dumps({"place": ["x" * 100_000]}), "place"),
    ],
)
def test_bad_actions_are_short_one_line_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, action: str, message: str
) -> None:
    rolled = json.dumps(to_json(play(new_game("classic", ["red", "yellow"]), "d3"))).encode()
    one_line_error(*cli(capsys, monkeypatch, "apply", "-", action, stdin=rolled), message)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (":x,hard", "unknown bot ':x'"),
        (".x:y,hard", "unknown bot '.x:y'"),
        ("x.:y,hard", "unknown bot 'x.:y'"),
        ("os:path.join,hard", "unknown bot 'os:path.join'"),
        ("no_such_module_xyz:bot,hard", "cannot load bot 'no_such_module_xyz:bot'"),
        ("fuzz_bots_raising:bot,hard", "cannot load bot 'fuzz_bots_raising:bot': ZeroDivisionError"),
        ("fuzz_bots_broken:bot,hard", "cannot load bot 'fuzz_bots_broken:bot': SyntaxError"),
        ("fuzz_bots_ok:raises,hard", "bot 'fuzz_bots_ok:raises' failed: RuntimeError: my bot is broken"),
        ("fuzz_bots_ok:illegal,hard", "bot 'fuzz_bots_ok:illegal' chose 'nonsense', not a legal action"),
        ("hard", "--seats: Malefiz on the classic board is for 2 to 4 players, got 1"),
        ("hard,hard,hard,hard,hard", "got 5"),
        (",", "got 0"),
    ],
)
def test_bad_bots_and_seats_are_one_line_errors_before_the_header(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seats: str, message: str
) -> None:
    (tmp_path / "fuzz_bots_raising.py").write_text("1 / 0\n")
    (tmp_path / "fuzz_bots_broken.py").write_text("def bot(:\n")
    (tmp_path / "fuzz_bots_ok.py").write_text(
        "def raises(state, actions, rng):\n    raise RuntimeError('my bot is broken')\n\n"
        "def illegal(state, actions, rng):\n    return 'nonsense'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    status, out, err = cli(capsys, monkeypatch, "tournament", "--games", "2", "--seats", seats)
    if "failed" in message or "chose" in message:  # found while playing: the header is out already
        assert out.startswith("Tournament: ") and len(out.splitlines()) == 1
        out = ""
    one_line_error(status, out, err, message)
    bot = seats.split(",")[0]
    if bot and bot != "hard":
        status, out, err = cli(capsys, monkeypatch, "play", "--bot", bot)
        if "failed" in message or "chose" in message:
            assert out.startswith("Malefiz, classic board")
            out = ""
        one_line_error(status, out, err, message)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tournament", "--games", "-1"), "--games"),
        (("tournament", "--games", "0"), "--games"),
        (("tournament", "--games", "9" * 5000), "--games"),
        (("tournament", "--games", "\u0663"), "--games"),
        (("tournament", "--seed", "9" * 5000), "--seed"),
        (("play", "--players", "9" * 5000), "--players"),
        (("play", "--seed", "1_000"), "--seed"),
        (("play", "--players", "0"), "--players"),
    ],
)
def test_bad_numbers_are_refused_before_anything_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], message: str
) -> None:
    status, out, err = cli(capsys, monkeypatch, *args)
    assert status == 2 and out == "" and "Traceback" not in err
    assert message in err and len(err) < 600, err


def test_the_tournament_interval_stays_within_0_and_100_percent() -> None:
    for wins, games in [(0, 0), (0, 1), (1, 1), (3, 7)]:
        lo, hi = wilson(wins, games)
        assert 0.0 <= lo <= hi <= 1.0
    with pytest.raises(MalefizError, match="games"):
        tournament(get_game("malefiz"), ["hard", "medium"], -1)


def test_error_messages_are_one_line_and_short() -> None:
    line = error_line(MalefizError("first line\nsecond line " + "x" * 10_000))
    assert line.startswith("error: first line second line xxx")
    assert "\n" not in line and len(line) < 400 and line.endswith("…")


def test_a_pawn_key_and_a_target_key_read_off_the_board_are_a_move_the_cli_applies() -> None:
    """The page's keys are the notation: ``<pawn key>-<target key>`` from the drawn board is an action."""
    s = Session.from_address("?seats=human,human&seed=4", GAMES)
    s.state = pos(f"classic r:2.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    assert s.click("2.13")  # the pawn, as the page's click sends its data-key
    root = ET.fromstring(s.svg())
    pawn = next(e.get("data-key") for e in root.iter() if "selected" in (e.get("class") or "").split())
    targets = sorted({str(e.get("data-key")) for e in root.iter() if "target" in (e.get("class") or "").split()})
    assert pawn == "2.13" and targets
    document = json.dumps(to_json(s.state))
    for target in targets:
        result = run("apply", "-", f"{pawn}-{target}", stdin=document)
        assert result.returncode == 0, result.stderr
