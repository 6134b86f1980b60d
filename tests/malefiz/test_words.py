"""Malefiz moves in words a person can follow on the board."""

from __future__ import annotations

from malefiz.core.effects import NONE
from malefiz.games.malefiz.board import HOUSE, board, field
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.notation import parse_action, parse_position
from malefiz.games.malefiz.rules import apply, effects
from malefiz.games.malefiz.state import PASS, Move, Place
from malefiz.games.malefiz.words import (
    blocking,
    event_words,
    field_words,
    hint_words,
    label_words,
    move_words,
    pawn_words,
    place_words,
    prompt_words,
)
from malefiz.i18n import Translator
from tests.malefiz.helpers import CLASSIC_START


def name(colour: str) -> str:
    return {"red": "Anna (red)", "yellow": "Ben (yellow)"}.get(colour, colour)


def test_every_field_has_words_and_no_grid_coordinates() -> None:
    for board_name in ("classic", "fast"):
        b = board(board_name)
        for f in b.fields:
            words = field_words(b, f)
            assert words and "." not in words, (board_name, f, words)


def test_no_two_fields_share_their_words() -> None:
    # A hint or a log line names the field a pawn goes to; two fields in the same words (two moves "to a field
    # on row 1, on the left" in one hint) leave the player guessing.
    for board_name in ("classic", "fast"):
        b = board(board_name)
        for language in ("en", "de"):
            t = Translator(language)
            words = [field_words(b, f, t) for f in b.fields]
            assert len(set(words)) == len(words), (board_name, language)


def test_landmarks_are_named() -> None:
    b = board("classic")
    assert field_words(b, b.goal) == "the goal"
    assert field_words(b, field(8, 1)) == "the field below the goal"
    assert field_words(b, field(8, 3)) == "the field in the middle of row 6"
    assert field_words(b, field(14, 13)) == "the field above blue's house"
    assert field_words(b, field(4, 13)) == "the 5th field from the left on row 1"
    assert field_words(b, field(12, 11)) == "the 5th field from the right on row 2"
    assert field_words(b, field(8, 11)) == "the field in the middle of row 2"
    fast = board("fast")
    rest = min(fast.rest_fields)
    assert field_words(fast, rest).endswith(", a rest field")
    village = min(fast.village)
    assert field_words(fast, village).endswith(", a village field")


def test_a_barricade_is_told_by_the_pawn_it_stops() -> None:
    state = parse_position(f"classic r:h,h,h,h,h y:10.9,h,h,h,h x:{CLASSIC_START} r2")
    b = state.board
    ahead = next(n for n in b.neighbours[field(10, 9)] if b.distance[n] == b.distance[field(10, 9)] - 1)
    assert blocking(state, ahead, "red") == ("yellow", 1)  # one step toward the goal from yellow's pawn
    assert blocking(state, field(0, 1), "red") is None  # far from everyone
    before = state._replace(phase=state.phase.__class__("place"), roll=None)
    assert place_words(before, Place(ahead), name) == (
        "Anna (red) puts the barricade right in front of the pawn of Ben (yellow)"
    )
    assert (
        place_words(before, Place(field(0, 1)), name)
        == "Anna (red) puts the barricade on the 1st field from the left on row 7"
    )


def test_a_move_with_a_capture_and_a_barricade_in_words() -> None:
    state = parse_position(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    move = Move(field(3, 13), field(5, 13))
    text = move_words(state, move, effects(state, move), name)
    assert text == (
        "Anna (red) moves a pawn 2 steps to the 6th field from the left on row 1"
        " and sends a pawn of Ben (yellow) back to its house"
    )
    state = parse_position(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    move = Move(field(0, 13), field(0, 11))
    assert move_words(state, move, effects(state, move), name).endswith("and takes the barricade there")
    state = parse_position(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r1")
    move = Move(HOUSE, field(2, 13))
    assert move_words(state, move, effects(state, move), name) == (
        "Anna (red) moves a pawn out of the house onto the field above it"
    )


def test_a_note_on_a_fields_kind_is_closed_with_a_comma_where_the_sentence_goes_on() -> None:
    # "..., a village field and takes the barricade there": the note's comma was left open, in both languages.
    german = Translator("de")
    state = parse_position("fast r:4.5,h,h,h y:2.3,h,h,h x:5.1,5.2,4.3,6.3,7.4,4.7 y2")
    move = parse_action("2.3-4.3")
    assert isinstance(move, Move)
    fx = effects(state, move)
    assert move_words(state, move, fx, name) == (
        "Ben (yellow) moves a pawn 2 steps to the 3rd field from the left on row 5, a village field, and takes the "
        "barricade there"
    )
    assert move_words(state, move, fx, name, german).endswith(", ein Dorffeld, und nimmt dort den Sperrstein")
    state = parse_position("fast r:2.7,h,h,h y:7.8,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r5")
    move = parse_action("2.7-5.4")
    assert hint_words(state, move) == (
        "move the pawn on the 3rd field from the left on row 2, a rest field, to the field in the middle of row 4"
    )
    assert hint_words(state, move, german).startswith("die Figur (das 3. Feld von links in Reihe 2, ein Ruhefeld) auf")
    ended = parse_action("2.7-5.7")  # a note at the end of the sentence stays as it was
    assert isinstance(ended, Move)
    assert move_words(state, ended, effects(state, ended), name).endswith("in the middle of row 2, a rest field")


def test_what_the_page_says_is_made_by_the_words_module() -> None:
    state = parse_position(f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2")
    move = parse_action("3.13-5.13")
    assert event_words(state, move, apply(state, move), effects(state, move), name) == (
        "Anna (red) moves a pawn 2 steps to the 6th field from the left on row 1"
        " and sends a pawn of Ben (yellow) back to its house"
    )
    assert event_words(state, PASS, state, NONE, name) == "Anna (red) rolled a 2 and cannot move: the turn passes"
    assert prompt_words(state, selected=False, again=False) == "you rolled a 2, choose a pawn"
    assert prompt_words(state, selected=True, again=False) == "you rolled a 2, choose where your pawn goes"
    assert prompt_words(parse_position(str(state).replace(" r2", " r?")), selected=False, again=True) == "roll again"
    assert (
        label_words(state, "5.13", move)
        == "move here and send the yellow pawn back: the 6th field from the left on row 1"
    )
    assert label_words(state, "3.13", None) == "Red pawn on the 4th field from the left on row 1"
    assert label_words(state, "h", None) == pawn_words(state.board, "red", HOUSE) == "Red pawn in the house"
    taking = parse_position(f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2")
    take = parse_action("0.13-0.11")
    assert label_words(taking, "0.11", take) == "move here and take the barricade: the 1st field from the left on row 2"
    holding = apply(taking, take)
    place = parse_action("@7.7")
    assert prompt_words(holding, selected=False, again=False) == "put the barricade on a free field"
    assert label_words(holding, "7.7", place) == "put the barricade here: the 4th field from the left on row 4"
    assert hint_words(holding, place) == "put the barricade on the 4th field from the left on row 4"
    assert event_words(holding, place, apply(holding, place), effects(holding, place), name) == (
        "Anna (red) puts the barricade on the 4th field from the left on row 4"
    )


def test_the_transcript_speaks_english_and_german_around_the_same_notation() -> None:
    # The command line's transcript (play, review): the notation is the same in every language, its words are not.
    de = Translator("de")

    def told(position: str, action: str) -> tuple[str, str]:
        state = parse_position(position)
        a = MALEFIZ.parse_action(action) if action != "d4" else MALEFIZ.roll(4)
        after = MALEFIZ.apply(state, a)
        return MALEFIZ.describe(state, a, after), MALEFIZ.describe(state, a, after, de)

    start = f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START}"
    assert told(f"{start} r?", "d4") == ("rolls 4", "würfelt 4")
    capture = f"classic r:3.13,h,h,h,h y:5.13,h,h,h,h x:{CLASSIC_START} r2"
    assert told(capture, "3.13-5.13") == ("3.13-5.13 captures yellow", "3.13-5.13 schlägt Gelb")
    taken = f"classic r:0.13,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r2"
    assert told(taken, "0.13-0.11") == ("0.13-0.11 takes the barricade", "0.13-0.11 nimmt den Sperrstein")
    state = MALEFIZ.apply(parse_position(taken), MALEFIZ.parse_action("0.13-0.11"))
    place = next(a for a in MALEFIZ.legal_actions(state) if isinstance(a, Place))
    after = MALEFIZ.apply(state, place)
    where = str(place).removeprefix("@")
    assert MALEFIZ.describe(state, place, after) == f"puts it on {where}"
    assert MALEFIZ.describe(state, place, after, de) == f"setzt ihn auf {where}"


def test_a_field_above_a_house_is_named_by_the_house_a_player_sees() -> None:
    # A red-yellow game: green's house stands empty and greyed, but its outline is green, so the field above it
    # is "the field above green's house" (it was "Feld 1 von Grün", a field no one could find).
    state = parse_position(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r5")
    b = state.board
    green = b.exits["green"]
    de = Translator("de")
    assert field_words(b, green, de) == "das Feld über dem Haus von Grün"
    to_green = next(m for m in MALEFIZ.legal_actions(state) if isinstance(m, Move) and m.end == green)
    assert hint_words(state, to_green, de) == "eine Figur aus dem Haus auf das Feld über dem Haus von Grün ziehen"
    # Out of one's own house onto the field just above it: said without naming the house twice.
    one = parse_position(f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r1")
    own = Move(HOUSE, b.exits["red"])
    assert hint_words(one, own) == "move a pawn out of the house onto the field above it"
    assert hint_words(one, own, de) == "eine Figur aus dem Haus auf das Feld darüber ziehen"
    assert (
        move_words(one, own, effects(one, own), name, de)
        == "Anna (red) zieht eine Figur aus dem Haus auf das Feld darüber"
    )
