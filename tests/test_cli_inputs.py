"""The command line as a newcomer meets it: errors in the command's language, one reading of ``--seats``, seeds
a save file keeps, help texts that say what an option does, Ctrl-C and a full disk without a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from malefiz.cli import error_line
from malefiz.core.errors import MalefizError
from malefiz.core.savefile import load
from malefiz.core.setup import MAX_SEED
from malefiz.games import GAMES
from malefiz.i18n import CATALOGUE, Translator
from tests.malefiz.helpers import CLASSIC_START
from tests.test_cli import cli, one_line_error, run

MAEDN = "maedn cross y:12,1,B,B r:35,B,B,B y3"


def german_error(status: int, out: str, err: str, *words: str) -> None:
    """One line on stderr, exit status 2, in German: ``Fehler: `` and ``words``, none of the English ones."""
    assert status == 2 and out == "" and "Traceback" not in err, (out, err)
    assert len(err.splitlines()) == 1 and err.startswith("Fehler: "), err
    assert all(w in err for w in words), err
    assert not any(w in err for w in ("error", "cannot", "expected", "Saved game", "unknown")), err


# -- point 1: errors in the command's language ---------------------------------------------------------------


def test_a_tampered_save_file_is_told_in_german_under_lang_de(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    assert cli(capsys, monkeypatch, "play", "--seed", "3", "--players", "2", "--save", str(path))[0] == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["actions"][5] = "d9"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = cli(capsys, monkeypatch, "review", str(path), "--lang", "de")
    german_error(status, out, err, "Spielstand: Zug 6")
    one_line_error(*cli(capsys, monkeypatch, "review", str(path)), "error: Saved game: action 6 'd9'")


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (("review", "/no/such/game.json"), b"", ("/no/such/game.json ist nicht lesbar: diese Datei gibt es nicht",)),
        (("review", "-"), b"", ("Standardeingabe ist leer", "gespeichertes Spiel")),
        (("hint", "-", "--top", "0"), MAEDN.encode(), ("--top", "mindestens 1")),
        (("hint", "-", "--game", "malefiz"), MAEDN.encode(), ("--game malefiz", "Mensch ärgere Dich nicht")),
        (("draw", "-"), b" \n", ("Standardeingabe ist leer", "Stellung")),
        (("play", "--board", "huge"), b"", ("--board", "Spielpläne classic, fast", "'huge'")),
        (("play", "--players", "5"), b"", ("--players", "Spielplan klassisch", "2 bis 4 Spieler")),
        (("play", "--seats", "hard,genius"), b"", ("Computer 'genius'",)),
        (("play", "--seats", "hard,medium", "--players", "3"), b"", ("--players 3 und --seats",)),
        (("play", "--bot", "x:1"), b"", ("Computer 'x:1'",)),
        (("play", "--save", "bad\0name"), b"", ("--save", "NUL")),
        (("play", "--save", "/no/such/folder/game.json"), b"", ("--save", "Ordner")),
        (("play", "--options", "fly"), b"", ("'fly'",)),
    ],
)
def test_errors_speak_the_language_of_the_command(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    stdin: bytes,
    words: tuple[str, ...],
) -> None:
    german_error(*cli(capsys, monkeypatch, *args, "--lang", "de", stdin=stdin), *words)
    status, out, err = cli(capsys, monkeypatch, *args, stdin=stdin)  # English without --lang
    assert status == 2 and out == "" and err.startswith("error: ") and len(err.splitlines()) == 1, err


def test_a_bot_that_fails_is_told_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "inputs_bots.py").write_text(
        "def raises(state, actions, rng):\n    raise RuntimeError('kaputt')\n\n"
        "def illegal(state, actions, rng):\n    return 'nonsense'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for bot, words in (("raises", "gescheitert: RuntimeError: kaputt"), ("illegal", "'nonsense', keinen erlaubten")):
        status, out, err = cli(capsys, monkeypatch, "play", "--bot", f"inputs_bots:{bot}", "--lang", "de")
        assert out.startswith("Malefiz, Spielplan klassisch")
        german_error(status, "", err, f"Computer 'inputs_bots:{bot}'", words)


def test_commands_without_lang_and_every_cli_message_are_english_and_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    one_line_error(*cli(capsys, monkeypatch, "moves", "/no/such/file"), "error: cannot read /no/such/file")
    one_line_error(*cli(capsys, monkeypatch, "tournament", "--seats", "hard,genius"), "error: unknown bot 'genius'")
    one_line_error(*cli(capsys, monkeypatch, "tournament", "--games", "0"), "error: --games: expected a number")
    families = ("cli.error", "cli.why.", "cli.what.", "cli.level.", "cli.usage.")
    cli_keys = [key for key in CATALOGUE["en"] if key.startswith(families)]
    assert len(cli_keys) > 20
    for key in cli_keys:
        assert CATALOGUE["de"][key] != CATALOGUE["en"][key], key


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (("play", "--players", "x"), "argument --players: expected a whole number", "--players: erwartet wird eine"),
        (("play", "--seed", "-1"), "argument --seed: expected a whole number from 0", "--seed: erwartet wird"),
        (("plya",), "invalid choice: 'plya'", "'plya' gibt es nicht; möglich sind 'moves'"),
        (("play", "--game", "chess"), "argument --game: invalid choice", "--game: 'chess' gibt es nicht"),
        (("play", "--bogus", "3"), "unrecognized arguments: --bogus 3", "unbekannte Angaben: --bogus 3"),
        (("hint",), "the following arguments are required: FILE", "es fehlt: FILE"),
        (("play", "--players"), "argument --players: expected one argument", "--players: hier fehlt ein Wert"),
        (("play", "--games", "2"), "unrecognized arguments: --games 2", "unbekannte Angaben"),
    ],
)
def test_usage_errors_speak_the_language_of_the_command_too(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    english: str,
    german: str,
) -> None:
    """argparse's own errors (they come before the command reads its --lang): one line, status 2, in German
    under ``--lang de`` and ``--lang=de``, as argparse says them without."""
    status, out, err = cli(capsys, monkeypatch, *args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and english in err, err
    assert err.rstrip().endswith("--help)") and "(see " in err, err
    for lang in (("--lang", "de"), ("--lang=de",)):
        status, out, err = cli(capsys, monkeypatch, *args, *lang)
        assert status == 2 and out == "" and len(err.splitlines()) == 1 and german in err, err
        assert "(siehe " in err and not any(w in err for w in ("argument", "expected", "invalid", "see ")), err
    status, _, err = cli(capsys, monkeypatch, *args, "--lang", "fr")  # no such language: argparse says so
    assert status == 2 and ("invalid choice: 'fr'" in err or english in err), err


def test_error_line_is_english_by_default_and_in_a_language_when_given() -> None:
    error = MalefizError.keyed("cli.error.top", top=0)
    assert error_line(error) == "error: --top: at least 1 action, not 0"
    assert error_line(error, Translator("de")) == "Fehler: --top: mindestens 1 Zug, nicht 0"
    assert error_line(MalefizError("position: missing key 'game'")) == "error: position: missing key 'game'"
    assert error_line(MalefizError("bad"), Translator("de")) == "Fehler: Ungültige Angabe (bad)"


# -- point 2: one reading of --seats ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "tournament"])
def test_play_and_tournament_read_seats_alike(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    games = ("--games", "2") if command == "tournament" else ()
    one_line_error(
        *cli(capsys, monkeypatch, command, *games, "--seats", "hard"),
        "error: --seats: Malefiz on the classic board is for 2 to 4 players, got 1",
    )
    one_line_error(*cli(capsys, monkeypatch, command, *games, "--seats", "hard,genius"), "unknown bot 'genius'")
    status, out, err = cli(capsys, monkeypatch, command, *games, "--seats", "greedy,greedy,")  # a trailing comma
    assert status == 0 and err == "", err
    assert "greedy, greedy" in out.splitlines()[0]
    status, out, err = cli(capsys, monkeypatch, command, *games, "--seats", "bot:greedy,bot")  # as an address has them
    assert status == 0 and err == "", err
    assert "greedy, medium" in out.splitlines()[0]


def test_play_refuses_bot_and_seats_together(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    one_line_error(
        *cli(capsys, monkeypatch, "play", "--bot", "hrad", "--seats", "greedy,greedy"), "--bot 'hrad' and --seats"
    )
    one_line_error(*cli(capsys, monkeypatch, "play", "--bot", "hrad"), "unknown bot 'hrad'")


# -- point 3 and 6: help texts -----------------------------------------------------------------------------


def help_of(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *command: str) -> str:
    status, out, _ = cli(capsys, monkeypatch, *command, "--help")
    assert status == 0
    return " ".join(out.split())


def test_help_texts_say_what_the_options_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = help_of(capsys, monkeypatch, "tournament")
    assert "95% confidence" in tournament and "%%" not in tournament
    play = help_of(capsys, monkeypatch, "play")
    assert "Play one game between bots" in play and "the board (default" in play and "board side" not in play
    hint = help_of(capsys, monkeypatch, "hint")
    assert "(default all)" in hint
    apply = help_of(capsys, monkeypatch, "apply")
    assert "as JSON or in notation" in apply
    for command in ("moves", "apply", "hint", "draw"):
        text = help_of(capsys, monkeypatch, command)
        assert "names none" not in text and "refuse a position of another game" in text, command


def test_hint_top_defaults_to_every_action(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = cli(capsys, monkeypatch, "hint", "-", stdin=MAEDN.encode())
    assert status == 0 and len(json.loads(out)["actions"]) == 2


def test_game_checks_the_positions_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    malefiz = f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?".encode()
    one_line_error(
        *cli(capsys, monkeypatch, "moves", "-", "--game", "maedn", stdin=malefiz),
        "error: --game maedn: this is a Malefiz position",
    )
    assert cli(capsys, monkeypatch, "moves", "-", "--game", "malefiz", stdin=malefiz)[0] == 0
    assert cli(capsys, monkeypatch, "moves", "-", "--game", "maedn", stdin=MAEDN.encode())[0] == 0


def test_the_tournament_header_names_the_game_always(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = cli(capsys, monkeypatch, "tournament", "--games", "1", "--seats", "greedy,random")
    assert status == 0 and out.startswith("Tournament: Malefiz, 1 game on the classic board, seats greedy, random")


def test_max_line_is_documented_under_its_own_name() -> None:
    source = (Path(__file__).resolve().parent.parent / "malefiz" / "cli.py").read_text(encoding="utf-8")
    assert 'MAX_LINE = 300\n"""The longest error line' in source
    assert 'LINK = "#game="\n"""What a shared link' in source


# -- point 4: Ctrl-C and a full disk ---------------------------------------------------------------------------


def test_ctrl_c_ends_a_command_with_status_130_and_no_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "malefiz", "tournament", "--games", "100000"],  # -u: the header at once
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as a terminal gives it: a test runner's worker may ignore SIGINT, and its children with it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().startswith("Tournament: ")  # running, not importing any more
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130 and "Traceback" not in err and len(err.splitlines()) <= 1, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [("play", "--seed", "7"), ("moves", "-")])
def test_a_full_disk_is_a_one_line_error(args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "malefiz", *args],
            input=MAEDN,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr == "error: cannot write the output: the disk is full\n"


# -- point 5: seeds --------------------------------------------------------------------------------------------


LARGEST = 10**18 - 1
"""The largest seed a save file keeps (below MAX_SEED: at most 18 digits, as its setup address carries them)."""


@pytest.mark.parametrize("command", ["play", "tournament"])
@pytest.mark.parametrize("seed", ["-1", str(LARGEST + 1), str(MAX_SEED), "9" * 30, "x"])
def test_a_seed_is_0_up_to_the_save_files_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str, seed: str
) -> None:
    status, out, err = cli(capsys, monkeypatch, command, "--seed", seed)
    assert status == 2 and out == "" and "Traceback" not in err and len(err.splitlines()) == 1
    assert f"--seed: expected a whole number from 0 to {LARGEST}, got" in err, err


def test_the_largest_seed_plays_and_saves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, _, err = cli(capsys, monkeypatch, "play", "--seed", str(LARGEST), "--save", str(path))
    assert status == 0, err
    assert load(path.read_text(encoding="utf-8"), GAMES).seed == LARGEST == MAX_SEED - 1
    assert cli(capsys, monkeypatch, "tournament", "--games", "2", "--seats", "greedy,random", "--seed", "+0")[0] == 0


# -- point 7: German transcripts name the levels in German -----------------------------------------------------


def test_german_transcripts_name_the_levels_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    args = ("play", "--game", "maedn", "--seats", "hard,easy", "--seed", "6")
    status, out, _ = cli(capsys, monkeypatch, *args, "--lang", "de", "--save", str(path))
    assert status == 0 and out.splitlines()[0].endswith(": Gelb, Rot (schwer, leicht)")
    status, out, _ = cli(capsys, monkeypatch, "review", str(path), "--lang", "de")
    assert status == 0 and out.splitlines()[0].endswith(": Gelb [schwer], Rot [leicht]")
    assert (
        cli(capsys, monkeypatch, "play", "--bot", "medium", "--players", "2", "--lang", "de")[1]
        .splitlines()[0]
        .endswith("(Computer mittel)")
    )
    assert cli(capsys, monkeypatch, "play", "--lang", "de")[1].splitlines()[0].endswith("(Computer greedy)")
    seats = cli(capsys, monkeypatch, "play", "--seats", "hard,random", "--lang", "de")[1]
    assert seats.splitlines()[0].endswith("(schwer, random)")
    t = Translator("de")
    for level in ("easy", "medium", "hard"):  # the page's words for its levels
        assert t(f"cli.level.{level}") in t(f"kind.{level}")
    assert run("play", *args[1:]).stdout.splitlines()[0].endswith("(hard, easy)")  # English as it was


# -- point 8: an empty file ------------------------------------------------------------------------------------


def test_an_empty_file_is_said_to_be_empty(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("")
    one_line_error(*cli(capsys, monkeypatch, "moves", str(path)), f"error: {path} is empty: expected a position")
    one_line_error(*cli(capsys, monkeypatch, "review", str(path)), f"error: {path} is empty: expected a saved game")
    one_line_error(*cli(capsys, monkeypatch, "hint", "-", stdin=b"\n"), "error: standard input is empty")


def test_lang_goes_before_the_command_as_well_as_after_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``malefiz --lang de play`` is read as ``malefiz play --lang de`` (it said ``'de' gibt es nicht``); every
    command takes ``--lang`` for its errors, also those whose output has no words (moves, apply, tournament)."""
    args = ("play", "--game", "maedn", "--seats", "hard,easy", "--seed", "6")
    before = cli(capsys, monkeypatch, "--lang", "de", *args)
    after = cli(capsys, monkeypatch, *args, "--lang", "de")
    assert before == after and before[0] == 0 and before[1].splitlines()[0].endswith(": Gelb, Rot (schwer, leicht)")
    assert cli(capsys, monkeypatch, "--lang=en", *args, "--lang", "de") == after  # the command's own one wins
    assert cli(capsys, monkeypatch, "--lang", "de", *args, "--lang", "en")[1] == run(*args).stdout
    wrong = b"kein Zug"
    cases = ((("moves", "-"), wrong), (("apply", "-", "d4"), wrong), (("tournament", "--seats", "x,y"), b""))
    for command, stdin in cases:
        for words in (("--lang", "de", *command), (*command, "--lang", "de")):
            german_error(*cli(capsys, monkeypatch, *words, stdin=stdin))
