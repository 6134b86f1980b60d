"""The command line's hint, picture and review, and bot games saved for them (``hint``, ``draw``, ``review``,
``play --save``)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from malefiz import transcript
from malefiz.core.face import Marks
from malefiz.core.review import MISTAKE, Reviewer, rate
from malefiz.core.savefile import link, load, save
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES, get_game
from malefiz.games.malefiz.state import Phase, Place
from malefiz.i18n import Translator
from tests.malefiz.helpers import CLASSIC_START


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "malefiz", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


# -- hint ---------------------------------------------------------------------


def test_hint_values_every_action_best_first_as_json() -> None:
    text = "maedn cross y:12,1,B,B r:35,B,B,B y3"
    result = run("hint", "-", stdin=text)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    game = get_game("maedn")
    state = game.parse_position(text)
    rated = rate(game, game.face, state)
    assert doc["turn"] == "yellow"
    assert [a["action"] for a in doc["actions"]] == [str(r.action) for r in rated] == ["y:12-15", "y:1-4"]
    assert [a["chance"] for a in doc["actions"]] == [round(r.chance, 3) for r in rated]
    assert all(a["words"] and a["then"] == [] for a in doc["actions"])
    assert "captures" in doc["actions"][0]["words"] or "red" in doc["actions"][0]["words"]
    assert list(doc["chances"]) == ["yellow", "red"]
    assert sum(doc["chances"].values()) == pytest.approx(1.0, abs=0.002)
    for action in doc["actions"]:  # each one is an action `apply` takes as printed
        assert run("apply", "-", action["action"], stdin=text).returncode == 0


def test_hint_names_where_a_taken_barricade_goes_best() -> None:
    game = get_game("malefiz")
    state = game.new_game("fast", 2, {})
    rng = random.Random(3)
    while state.is_chance or not any(game.apply(state, a).phase is Phase.PLACE for a in game.legal_actions(state)):
        assert not state.is_over
        state = game.apply(state, rng.choice(game.legal_actions(state)))  # random rolls and moves
    text = str(state)
    rated = rate(game, game.face, state)
    taking = [r for r in rated if r.then]
    assert taking
    doc = json.loads(run("hint", "-", stdin=text).stdout)
    printed = {a["action"]: a["then"] for a in doc["actions"]}
    for r in taking:
        assert isinstance(r.then[0], Place)
        assert printed[str(r.action)] == [str(a) for a in r.then]
        after = run("apply", "-", str(r.action), stdin=text)
        assert run("apply", "-", str(r.then[0]), stdin=after.stdout).returncode == 0  # a field it may go to


def test_hint_top_keeps_the_best_and_a_roll_or_an_end_has_no_actions() -> None:
    text = "maedn cross y:12,1,B,B r:35,B,B,B y3"
    assert [a["action"] for a in json.loads(run("hint", "-", "--top", "1", stdin=text).stdout)["actions"]] == [
        "y:12-15"
    ]
    doc = json.loads(run("hint", "-", stdin="maedn cross y:12,1,B,B r:35,B,B,B y?").stdout)
    assert doc["actions"] == [] and doc["turn"] == "yellow" and len(doc["chances"]) == 2
    over = json.loads(run("hint", "-", stdin="maedn cross y:40,41,42,43 r:35,B,B,B finished:y y*").stdout)
    assert over["actions"] == [] and over["chances"] == {"yellow": 1.0, "red": 0.0}


def test_hint_speaks_german_when_asked() -> None:
    text = "maedn cross y:12,1,B,B r:35,B,B,B y3"
    game = get_game("maedn")
    state = game.parse_position(text)
    doc = json.loads(run("hint", "-", "--lang", "de", stdin=text).stdout)
    words = [game.face.hint_words(state, r.action, Translator("de")) for r in rate(game, game.face, state)]
    assert [a["words"] for a in doc["actions"]] == words and words[0].startswith("die Figur 12 Felder weit gelaufen")


# -- draw ---------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize(
    "text",
    [
        "maedn cross y:12,1,B,B r:35,B,B,B y3",
        "maedn star y:3,20,B,B k:47,B,B,B y4",
        f"classic r:4.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2",
        f"classic r:2.13,h,h,h,h g:6.13,h,h,h,h y:10.13,h,h,h,h b:h,h,h,h,h x:{CLASSIC_START} g?",
    ],
)
def test_draw_prints_the_pages_board_and_marks_the_hint(text: str) -> None:
    game = GAMES["maedn"] if text.startswith("maedn") else GAMES["malefiz"]
    state = game.parse_position(text)
    plain = run("draw", "-", stdin=text)
    assert plain.returncode == 0, plain.stderr
    assert plain.stdout == game.face.render(state, Marks(), {}, Translator("en")) + "\n"
    root = ET.fromstring(plain.stdout)  # one well-formed SVG file with its own style
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}style") is not None
    assert " hint" not in plain.stdout
    german = run("draw", "-", "--lang", "de", "--hint", stdin=text).stdout
    assert "Spielplan" in (ET.fromstring(german).findtext(f"{SVG}title") or "")
    best = [r.action for r in rate(game, game.face, state)[:3]]
    if state.is_chance:
        assert not best and " hint" not in german and 'class="rank"' not in german  # no hint while a roll is due
    else:
        ranked = tuple(game.face.choice(state, action)[1] for action in best)
        assert german == game.face.render(state, Marks(hint=best[0], ranked=ranked), {}, Translator("de")) + "\n"
        assert german.count(" hint") >= 2 and german.count('class="rank"') == len(set(ranked))  # marked, numbered


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("draw", "-"), "maedn cross y:12 y3", "error: "),
        (("draw", "-", "--lang", "fr"), "maedn cross y:12,1,B,B r:35,B,B,B y3", "--lang"),
        (("hint", "-", "--lang", "xx"), "maedn cross y:12,1,B,B r:35,B,B,B y3", "--lang"),
        (("hint", "-"), "maedn cross y:12 y3", "error: "),
        (("hint", "-", "--top", "0"), "maedn cross y:12,1,B,B r:35,B,B,B y3", "--top"),
        (("review", "-"), "{}", "error: "),
        (("review", "-"), "not json", "error: "),
        (("review", "-"), "https://example.org/malefiz/#play=eNpLKkosBgAHEgJt", "error: "),
        (("review", "https://example.org/#play=tampered"), "", "error: "),
    ],
)
def test_bad_input_to_hint_draw_and_review_is_a_one_line_error(args: tuple[str, ...], stdin: str, message: str) -> None:
    result = run(*args, stdin=stdin)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


# -- play --save and review ---------------------------------------------------


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("maedn", ("--game", "maedn", "--players", "2", "--bot", "hard", "--seed", "3")),
        ("malefiz", ("--board", "fast", "--players", "3", "--bot", "medium", "--seed", "5")),
        ("maedn", ("--game", "maedn", "--players", "2", "--options", "two_colours", "--seed", "2")),
    ],
)
def test_a_bot_game_saved_reads_back_as_the_game_played(game: str, args: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run("play", *args, "--save", str(path))
    assert played.returncode == 0, played.stderr
    session = load(path.read_text(encoding="utf-8"), GAMES)
    assert session.game.name == game and session.state.is_over
    moves = sum(1 for line in played.stdout.splitlines() if re.match(r"\s+\d+\s", line))
    rolls = sum(1 for e in session.record.entries if e.before.is_chance)
    assert rolls >= moves  # every turn of the transcript is in the file (a turn may hold several rolls)
    winner = "+".join(session.state.seats[session.state.ranking[0][0]])
    assert played.stdout.strip().splitlines()[-1].startswith(f"winner: {winner} ")


def test_a_game_of_an_own_bot_is_saved_with_the_bot_named_as_its_players(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bot = "malefiz.games.maedn.bots:greedy"
    played = run("play", "--game", "maedn", "--players", "2", "--bot", bot, "--seed", "1", "--save", str(path))
    assert played.returncode == 0, played.stderr
    session = load(path.read_text(encoding="utf-8"), GAMES)
    assert [s.kind for s in session.setup.seats] == ["human", "human"]
    assert [s.name for s in session.setup.seats] == ["greedy", "greedy"]


def test_play_save_to_a_place_it_cannot_write_is_a_one_line_error(tmp_path: Path) -> None:
    result = run("play", "--seed", "1", "--players", "2", "--save", str(tmp_path / "no" / "such" / "game.json"))
    assert result.returncode == 2 and "cannot write" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def _review_lines(stdout: str) -> dict[str, list[str]]:
    lines = stdout.strip().splitlines()
    return {
        "turns": [line for line in lines if re.match(r"\s+\d+\s", line)],
        "seats": [line for line in lines if "a decision over" in line or line.endswith(": never had a choice of move")],
        "end": lines[-1:],
    }


def test_review_prints_every_turn_with_the_chances_and_each_seats_figures(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved = run("play", "--game", "maedn", "--players", "2", "--bot", "medium", "--seed", "4", "--save", str(path))
    assert saved.returncode == 0, saved.stderr
    result = run("review", str(path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Mensch ärgere Dich nicht, cross board, seed 4: ")
    session = load(path.read_text(encoding="utf-8"), GAMES)
    review = Reviewer(session.game, session.face).review(session.record)
    parts = _review_lines(result.stdout)
    start = parts["turns"][0].split()
    assert start[:2] == ["0", "start"] and start[2:4] == [f"{c:.0%}" for c in review.points[0][1]]
    last = parts["turns"][-1].split()
    assert [w for w in last if w.endswith("%")][:2] == [f"{c:.0%}" for c in review.points[-1][1]]
    for seat, line in enumerate(parts["seats"]):  # a line a seat: its decisions, average loss and mistakes
        mine = review.of(seat)
        average = review.average_loss(seat)
        if average is None:
            assert line.endswith(": never had a choice of move") and not mine
            continue
        assert f"{average * 100:.1f} points a decision over {len(mine)} decisions" in line
        assert f"{sum(d.is_mistake for d in mine)} mistake" in line
    assert len(parts["seats"]) == 2 and sum(len(review.of(seat)) for seat in (0, 1)) > 20
    assert parts["end"][0].startswith("winner: ")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Mia (red): Computer (easy) plays from here"), ("de", "Mia (rot): Ab hier spielt Computer (leicht)")],
)
def test_review_says_where_who_plays_a_colour_changed_before_the_turn_it_holds_from(
    tmp_path: Path, lang: str, said: str
) -> None:
    s = Session.from_address("?game=malefiz&board=fast&seats=human,bot:medium&names=Mia,&seed=4", GAMES)
    while s.record.moves < 12:
        if s.is_bot_turn():
            s.bot_step()
        else:
            assert s.roll() if s.state.is_chance else s.play(s.rated()[0].action)
    assert s.hand_over(0, "easy")
    at = len(s.record)
    while not s.state.is_over:
        s.bot_step()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save(s)), encoding="utf-8")
    result = run("review", str(path), "--lang", lang)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines.count(f"{'':7}{said}") == 1
    turn = lines[lines.index(f"{'':7}{said}") + 1]  # the next turn's line: the turn of the entry it holds from
    number = int(turn.split()[0])
    turns = list(transcript.turns(s.record.entries))
    assert sum(map(len, turns[: number - 1])) <= at < sum(map(len, turns[:number]))


@pytest.mark.parametrize(
    ("lang", "never", "yet"),
    [
        ("en", "never had a choice of move", "no choice of move yet"),
        ("de", "hatte nie die Wahl zwischen Zügen", "noch keine Wahl zwischen Zügen"),
    ],
)
def test_review_says_of_a_seat_with_only_forced_moves_what_the_page_says(
    tmp_path: Path, lang: str, never: str, yet: str
) -> None:
    setup = Setup.from_query(
        "?game=maedn&seats=human,human&names=Ann,Bob&position=maedn+cross+y:40,41,42,38+r:30,B,B,B+y%3F&seed=5", GAMES
    )
    assert setup is not None
    s = Session(setup)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save(s)), encoding="utf-8")
    assert run("review", "--lang", lang, str(path)).stdout.count(f": {yet}\n") == 2  # nothing played yet
    while not s.state.is_over:
        assert s.roll() if s.state.is_chance else s.play(s.forced())
    path.write_text(json.dumps(save(s)), encoding="utf-8")
    result = run("review", "--lang", lang, str(path))
    assert result.returncode == 0 and result.stdout.count(f": {never}\n") == 2, result.stdout


def _notation(line: str) -> list[str]:
    """The language-free part of a transcript's line: its numbers, percentages and notation (``y:B-0``, ``3.13-5.13``,
    ``@2.9``)."""
    return [w.strip("(,;:).") for w in re.findall(r"\S*\d\S*", re.sub(r"(\d),(\d)", r"\1.\2", line))]


@pytest.mark.parametrize(
    "args",
    [
        ("--game", "maedn", "--players", "4", "--options", "forced_capture,three_rolls", "--seed", "2"),
        ("--players", "3", "--options", "roll_for_start", "--seed", "5", "--bot", "medium"),
    ],
)
def test_play_and_review_speak_german_with_the_same_notation_and_figures(args: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    english = run("play", *args, "--save", str(path))
    german = run("play", *args, "--lang", "de")
    assert english.returncode == german.returncode == 0, english.stderr + german.stderr
    en_lines, de_lines = english.stdout.splitlines(), german.stdout.splitlines()
    assert [_notation(line) for line in en_lines] == [_notation(line) for line in de_lines]  # the same game
    assert ", Spielplan " in de_lines[0] and ", Startwert " in de_lines[0] and "würfelt" in german.stdout
    assert de_lines[-1].startswith("Sieger: ")
    review = {"en": run("review", str(path)), "de": run("review", str(path), "--lang", "de")}  # English: the default
    if "maedn" in args:  # the same as asked for (a Malefiz review of three seats takes many seconds: once is enough)
        assert review["en"].stdout == run("review", str(path), "--lang", "en").stdout
    en_lines, de_lines = review["en"].stdout.splitlines(), review["de"].stdout.splitlines()
    assert len(en_lines) == len(de_lines) > 10
    for en, de in zip(en_lines, de_lines, strict=True):  # the same chances, costs and better actions
        assert _notation(de) == _notation(en), (en, de)
    assert de_lines[1].startswith("Gewinnchancen nach jedem Zug: ")
    seats = sum("a decision over" in line for line in en_lines)
    assert seats >= 3 and sum("Punkte je Entscheidung bei" in line for line in de_lines) == seats
    english_words = re.compile(r"\b(rolls|captures|takes|puts|passes|enters|goal|mistake|points|winner|start)\b")
    assert not english_words.search(review["de"].stdout), review["de"].stdout


def test_review_marks_a_mistake_with_the_better_action(tmp_path: Path) -> None:
    session = Session.from_address("?game=maedn&seats=human,human&names=Ann,Bob&first=yellow&seed=7", GAMES)
    while not session.review().mistakes():  # the worst action every time, until one costs 5 points or more
        if session.state.is_chance:
            assert session.roll()
        else:
            session.play(session.rated()[-1].action)
    index, mistake = next(iter(session.review().mistakes().items()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save(session)), encoding="utf-8")
    result = run("review", str(path))
    assert result.returncode == 0, result.stderr
    played = str(session.record.entries[index].action)
    marked = [line for line in result.stdout.splitlines() if "mistake:" in line]
    assert any(
        f"{played} (mistake: {mistake.loss * 100:.0f} points; best {mistake.best.action}" in line for line in marked
    ), result.stdout
    assert mistake.loss >= MISTAKE
    assert "Ann (yellow)" in result.stdout.splitlines()[0]
    assert result.stdout.strip().splitlines()[-1].startswith("to play: ")  # the game goes on


def test_play_seats_gives_each_seat_its_bot_and_the_save_file_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run("play", "--game", "maedn", "--seats", "hard,easy", "--seed", "6", "--save", str(path))
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines()[0] == "Mensch ärgere Dich nicht, cross board, seed 6: yellow, red (hard, easy)"
    session = load(path.read_text(encoding="utf-8"), GAMES)
    assert [(s.colour, s.kind, s.level) for s in session.setup.seats] == [
        ("yellow", "bot", "hard"),
        ("red", "bot", "easy"),
    ]
    review = run("review", str(path))
    assert review.stdout.splitlines()[0] == ("Mensch ärgere Dich nicht, cross board, seed 6: Yellow [hard], Red [easy]")
    figures = {line.split(":")[0]: line for line in review.stdout.splitlines() if "a decision over" in line}
    assert set(figures) == {"Yellow", "Red"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--seats", "hard,medium", "--players", "3"), "--players 3 and --seats with 2 bots"),
        (("--seats", "hard,nobody"), "nobody"),
        (("--seats", "hard"), "--seats: "),
        (("--seats", "hard,hard", "--bot", "easy"), "--bot 'easy' and --seats"),
        (("--seed", "-1", "--save", "x.json"), "--seed: expected a whole number from 0 to "),
    ],
)
def test_bad_seats_and_saves_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    result = run("play", *args)
    assert result.returncode == 2 and result.stdout == "" and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_review_reads_a_shared_link_as_the_address_or_in_a_file(tmp_path: Path) -> None:
    session = Session.from_address("?game=maedn&seats=human,human&names=Ann&seed=9", GAMES)
    while len(session.record) < 60:
        if session.state.is_chance:
            assert session.roll()
        else:
            session.play(session.rated()[-1].action)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(save(session)), encoding="utf-8")
    address = f"https://example.org/malefiz/#game={link(session)}"
    (tmp_path / "link.txt").write_text(address + "\n", encoding="utf-8")
    expected = run("review", str(saved))
    assert expected.returncode == 0 and "Ann (yellow)" in expected.stdout
    assert run("review", address).stdout == expected.stdout
    assert run("review", str(tmp_path / "link.txt")).stdout == expected.stdout
    assert run("review", "-", stdin=address).stdout == expected.stdout
    broken = run("review", address[:-12])
    assert broken.returncode == 2 and broken.stderr.startswith("error: ") and broken.stdout == ""


def test_a_game_that_fails_leaves_an_existing_file_as_it_was_and_a_folder_is_refused_at_once(tmp_path: Path) -> None:
    (tmp_path / "my_failing_bots.py").write_text("def raises(state, actions, rng):\n    raise RuntimeError('broken')\n")
    path = tmp_path / "game.json"
    path.write_text("my earlier game", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "malefiz", "play", "--bot", "my_failing_bots:raises", "--save", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 2 and "broken" in result.stderr
    assert path.read_text(encoding="utf-8") == "my earlier game"
    folder = run("play", "--save", str(tmp_path))
    assert folder.returncode == 2 and folder.stdout == "" and "it is a folder" in folder.stderr


def test_review_reads_a_play_link_of_a_game_between_devices_every_roll_checked(tmp_path: Path) -> None:
    from malefiz.core.remote import Table

    from .core.test_remote import play_out, tables

    devices = tables("game=malefiz&board=fast&seats=bot:medium,bot:medium&names=Anna,Ben", (0, 1))
    play_out(devices)
    address = "https://example.org/malefiz/#play=" + devices[0].link()
    path = tmp_path / "link.txt"
    path.write_text(address + "\n", encoding="utf-8")
    by_file, by_address = run("review", str(path)), run("review", address, "--lang", "de")
    assert by_file.returncode == by_address.returncode == 0, by_file.stderr + by_address.stderr
    session = Table.from_link(devices[0].link(), GAMES, None, None).session
    assert session is not None and session.state.is_over
    review = Reviewer(session.game, session.face).review(session.record)
    parts = _review_lines(by_file.stdout)
    assert by_file.stdout.startswith("Malefiz, fast board, seed ") and "Anna (red) [medium], Ben (" in by_file.stdout
    assert [w for w in parts["turns"][-1].split() if w.endswith("%")][:2] == [f"{c:.0%}" for c in review.points[-1][1]]
    assert parts["end"][0].startswith("winner: ") and "\nSieger: " in by_address.stdout
