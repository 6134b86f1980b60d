"""A person at the terminal (``play --seats human,hard``): the board in letters, the numbered moves, what a line
read does (a number, the notation, a hint, leaving, anything else), for both games."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from malefiz.core.actions import PASS
from malefiz.core.errors import MalefizError
from malefiz.core.savefile import load
from malefiz.games import GAMES
from malefiz.i18n import Translator
from malefiz.terminal import Left, Person, seat_bots, seat_names
from tests.test_cli import cli

MALEFIZ, MAEDN = GAMES["malefiz"], GAMES["maedn"]
EN, DE = Translator("en"), Translator("de")
BARRICADES = "x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"


def lines(*texts: str) -> Any:
    """A ``read`` giving ``texts`` one by one, then the end of the input."""
    it: Iterator[str] = iter(texts)

    def read() -> str:
        try:
            return next(it) + "\n"
        except StopIteration:
            raise EOFError from None

    return read


def moving(game: Any, board: str, seed: int = 1) -> Any:
    """A position of ``game`` on ``board`` (two players) where the player to act chooses among several moves."""
    state, rng = game.new_game(board, 2, {}), random.Random(seed)
    while True:
        if state.is_chance:
            state = game.apply(state, game.roll(rng.randint(1, 6)))
        elif len(game.legal_actions(state)) > 1:
            return state
        else:
            state = game.apply(state, game.legal_actions(state)[0])


# -- the board in letters -------------------------------------------------------------------------------------------


def test_malefiz_boards_in_letters_have_every_field_barricade_and_pawn() -> None:
    for board in ("classic", "fast"):
        state = MALEFIZ.new_game(board, 4, {})
        text = MALEFIZ.face.text(state, EN)
        b = state.board
        grid = "\n".join(line[: 3 + 3 * b.width] for line in text.splitlines()[1 : b.bottom_row + 2])
        marks = sum(grid.count(c) for c in "o#*@~")
        assert marks == len(b.fields) and (board == "fast" or marks == 112)
        assert grid.count("#") == b.barricade_count and grid.count("*") == 1
        assert "In the houses: R " in text and "row 7" in text.splitlines()[2]
    fast = MALEFIZ.face.text(MALEFIZ.new_game("fast", 2, {}), DE)
    assert "% Wald" in fast and "Reihe 1" in fast and "Ge gelb" in fast


def test_malefiz_letters_show_where_pawns_stand_in_the_players_language() -> None:
    state = MALEFIZ.parse_position(f"classic r:2.13,h,h,h,h y:8.9,h,h,h,h {BARRICADES} r6")
    rows = MALEFIZ.face.text(state, DE).splitlines()
    assert rows[1 + 13].split()[1:4] == ["o", "o", "R"]  # x 2 on the bottom row
    assert rows[1 + 9].split()[1 + 6] == "Ge"  # x 8 of row 9 (its first field is x 2)
    assert "In den Häusern: R 4, Ge 4" in rows


@pytest.mark.parametrize(("board", "players"), [("cross", 4), ("star", 6)])
def test_maedn_boards_in_letters_have_every_field_and_piece(board: str, players: int) -> None:
    state = MAEDN.new_game(board, players, {})
    text = MAEDN.face.text(state, EN)
    grid = "\n".join(text.splitlines()[:-2])
    b = state.board
    letters = sum(grid.split().count(EN(f"letter.{c}")) for c in b.colours)
    assert letters == 4 * players
    assert grid.count("o") + grid.count("-") + letters == len(b.track) + 8 * len(b.colours)


def test_a_barrier_is_a_letter_and_a_two_and_an_empty_start_field_a_small_letter() -> None:
    state = MAEDN.parse_position("maedn cross y:5,5,B,B r:B,B,B,B y3 +barriers")
    words = " ".join(MAEDN.face.text(state, EN).splitlines()[:-2]).split()  # the grid, not the key
    assert "Y2" in words and words.count("y") == words.count("r") == 1
    assert " ".join(MAEDN.face.text(state, DE).splitlines()[:-2]).split().count("ge") == 1


# -- a person's choices ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "board"), [(MALEFIZ, "classic"), (MALEFIZ, "fast"), (MAEDN, "cross"), (MAEDN, "star")]
)
def test_a_number_or_the_notation_chooses_and_anything_else_asks_again(game: Any, board: str) -> None:
    state = moving(game, board)
    actions = game.legal_actions(state)
    out = io.StringIO()
    person = Person(game, EN, lines("0", "x-y", "2"), out)
    assert person(state, actions, random.Random(0)) == actions[1]
    said = out.getvalue()
    assert f"  1  {actions[0]}" in said and game.face.text(state, EN) in said
    assert said.count("is not one of the moves") == 2 and said.count("Your move (1 to") == 3
    last = str(actions[-1])
    assert Person(game, EN, lines(last), io.StringIO())(state, actions, random.Random(0)) == actions[-1]


def test_enter_alone_lists_the_moves_again_and_asks_again() -> None:
    state = moving(MAEDN, "cross")
    actions = MAEDN.legal_actions(state)
    out = io.StringIO()
    assert Person(MAEDN, EN, lines("", "  ", "1"), out)(state, actions, random.Random(0)) == actions[0]
    said = out.getvalue()
    assert "is not one of the moves" not in said and said.count("Your move (1 to") == 3
    assert said.count(f"  1  {actions[0]}") == 3  # listed at first and after each empty line


def test_a_hint_lists_the_best_three_with_their_chances_and_asks_again() -> None:
    state = moving(MALEFIZ, "classic", seed=4)
    actions = MALEFIZ.legal_actions(state)
    out = io.StringIO()
    assert Person(MALEFIZ, DE, lines("?", "1"), out, echo=True)(state, actions, random.Random(0)) == actions[0]
    said = out.getvalue().splitlines()
    at = said.index("Die besten Züge, mit deiner Gewinnchance nach jedem:")
    assert said[at - 1].endswith(" ?") and all("%" in line for line in said[at + 1 : at + 1 + min(3, len(actions))])


def test_many_choices_are_listed_by_notation_in_columns() -> None:
    state = MALEFIZ.parse_position(f"classic r:8.9,h,h,h,h y:h,h,h,h,h {BARRICADES} r6")
    state = MALEFIZ.apply(state, MALEFIZ.parse_action("8.9-8.11"))  # on a barricade: where it goes
    actions = MALEFIZ.legal_actions(state)
    out = io.StringIO()
    assert Person(MALEFIZ, EN, lines(str(actions[5])), out)(state, actions, random.Random(0)) == actions[5]
    listed = [line for line in out.getvalue().splitlines() if line.startswith("   1 ")]
    assert len(actions) > 20 and listed and listed[0].split()[:4] == ["1", str(actions[0]), "2", str(actions[1])]


@pytest.mark.parametrize("typed", [("q",), ("quit",), ()])
def test_leaving_or_the_end_of_the_input_leaves_the_game(typed: tuple[str, ...]) -> None:
    state = moving(MAEDN, "cross")
    with pytest.raises(Left):
        Person(MAEDN, EN, lines(*typed), io.StringIO())(state, MAEDN.legal_actions(state), random.Random(0))


def test_ctrl_c_at_the_question_leaves_the_game_too() -> None:
    def interrupted() -> str:
        raise KeyboardInterrupt

    state = moving(MALEFIZ, "classic")
    with pytest.raises(Left):
        Person(MALEFIZ, EN, interrupted, io.StringIO())(state, MALEFIZ.legal_actions(state), random.Random(0))


def test_the_only_move_of_mensch_aergere_dich_nicht_is_said_not_asked() -> None:
    state = MAEDN.apply(MAEDN.new_game("cross", 2, {}), MAEDN.roll(5))
    actions = MAEDN.legal_actions(state)
    out = io.StringIO()
    assert len(actions) == 1 and Person(MAEDN, EN, lines(), out)(state, actions, random.Random(0)) == actions[0]
    assert out.getvalue() == "Yellow: the piece on its start field: 5 fields ahead (the only move)\n"
    stuck = MAEDN.apply(MAEDN.parse_position("maedn cross y:B,B,B,B r:B,B,B,B y?"), MAEDN.roll(3))
    out = io.StringIO()
    assert Person(MAEDN, EN, lines(), out)(stuck, MAEDN.legal_actions(stuck), random.Random(0)) == PASS
    assert out.getvalue() == ""  # the transcript says the pass


def test_seats_read_as_the_address_writes_them_and_a_person_is_human() -> None:
    assert seat_names("human, bot:hard,bot,greedy,", MALEFIZ) == ["human", "hard", "medium", "greedy"]
    bots = seat_bots(MALEFIZ, ["human", "hard"], "classic", EN, io.StringIO(), lines())
    assert isinstance(bots[0], Person) and bots[1] is MALEFIZ.bots["hard"]
    with pytest.raises(MalefizError, match="2 to 4 players"):
        seat_bots(MALEFIZ, ["human"], "classic", EN, io.StringIO(), lines())


# -- the command line ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_person_plays_a_whole_game_at_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str
) -> None:
    save = tmp_path / "game.json"
    status, out, err = cli(
        capsys, monkeypatch, "play", "--game", game, "--seats", "human,random", "--seed", "5", "--save", str(save),
        stdin=b"1\n" * 3000,
    )  # fmt: skip
    assert status == 0 and err == "", err
    assert out.splitlines()[0].endswith("(person, random)") and out.splitlines()[-1].startswith("winner: ")
    assert "Your move (1 to" in out
    session = load(save.read_text(encoding="utf-8"), GAMES)
    assert session.state.is_over and session.setup.seats[0].kind == "human"


def test_leaving_at_the_command_line_says_so_and_saves_the_game_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    status, out, err = cli(
        capsys, monkeypatch, "--lang", "de", "play", "--seats", "human,hard", "--seed", "3", "--save", str(save),
        stdin=b"1\n2\nq\n",
    )  # fmt: skip
    assert status == 0 and err == "", err
    assert "(Mensch, schwer)" in out.splitlines()[0]
    # Red rolled, took a barricade and left before putting it: that half turn is said and kept
    assert out.splitlines()[-3:] == [
        "    3  Rot      würfelt 5  h-4.11 nimmt den Sperrstein",
        "Du hast das Spiel verlassen.",
        "am Zug: Rot nach 3 Zügen",
    ]
    doc = json.loads(save.read_text(encoding="utf-8"))
    session = load(save.read_text(encoding="utf-8"), GAMES)
    assert doc["actions"][-2:] == ["d5", "h-4.11"] and not session.state.is_over
    status, out, err = cli(capsys, monkeypatch, "review", str(save))  # one decision is one, not "1 decisions"
    assert status == 0 and "Yellow: 0.0 points a decision over 1 decision, 0 mistakes (5 points or more)" in out


@pytest.mark.parametrize(
    "args", [("tournament", "--games", "2", "--seats", "human,hard"), ("play", "--bot", "human", "--players", "2")]
)
def test_a_person_is_refused_where_only_bots_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    status, out, err = cli(capsys, monkeypatch, *args)
    assert status == 2 and out == ""
    assert err == (
        "error: a person plays only in play's --seats (human,hard); here a bot is asked: easy, medium, hard, greedy,"
        " random or package.module:name\n"
    )
