"""Mensch ärgere Dich nicht in words (:mod:`malefiz.games.maedn.words`), positions in one-line notation."""

from __future__ import annotations

import pytest

from malefiz.core.actions import PASS, ROLLS
from malefiz.games.maedn import rules, words
from malefiz.games.maedn.notation import parse_action
from malefiz.games.maedn.rules import apply, effects
from malefiz.games.maedn.words import event_words, hint_words, label_words, place_words, prompt_words
from malefiz.i18n import Translator
from tests.maedn.helpers import pos

GERMAN = Translator("de")


def name(colour: str) -> str:
    return {"yellow": "Anna", "red": "Ben", "green": "Cem"}.get(colour, colour)


def told(text: str, action: str) -> str:
    """The event words of ``action`` in the position ``text``."""
    before = pos(text)
    a = parse_action(action)
    return event_words(before, a, apply(before, a), effects(before, a), name)


def test_event_words_tell_what_the_move_did() -> None:
    assert told("maedn cross y:9,B,B,B r:B,B,B,B y6", "y:B-0") == (
        "Anna brings a piece onto the start field with the 6; rolls again"
    )
    assert told("maedn cross y:3,B,B,B r:27,B,B,B y4", "y:3-7") == (
        "Anna moves a piece 4 fields and captures a piece of Ben: it goes back to B"
    )
    assert told("maedn cross y:38,B,B,B r:0,B,B,B y3", "y:38-41") == "Anna moves a piece into the goal"
    assert told("maedn cross y:40,B,B,B r:0,B,B,B y2", "y:40-42") == "Anna moves a piece 2 fields up in the goal"
    assert told("maedn cross y:15,B,B,B r:32,B,B,B y3 +back", "y:15-12") == (
        "Anna moves a piece 3 fields back and captures a piece of Ben: it goes back to B"
    )


def test_event_words_tell_the_penalty_and_a_colour_coming_home() -> None:
    assert told("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced", "y:20-24") == (
        "Anna moves a piece 4 fields. Penalty: a capture was possible, so their own piece 3 fields past its start "
        "field goes back to B"
    )  # the mover's own piece (it read "so the piece of Anna 3 fields past ...")
    assert "1 field past its start field" in told("maedn cross y:1,20,B,B r:25,B,B,B y4 +forced", "y:20-24")
    assert told("maedn cross y:0,20,30,35 r:24,B,B,B y4 +forced", "y:20-24").endswith(
        "so their own piece on its start field goes back to B"
    )
    before = pos("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced")
    a = parse_action("y:20-24")
    assert event_words(before, a, apply(before, a), effects(before, a), name, GERMAN).endswith(
        "Schlagzwang verletzt: die eigene Figur 3 Felder nach ihrem Startfeld muss zurück auf B"
    )
    assert told("maedn cross y:38,41,42,43 g:0,B,B,B r:0,B,B,B y2", "y:38-40") == (
        "Anna moves a piece into the goal. All pieces of Anna are home"
    )
    assert told("maedn cross y:5,B,B,B g:B,B,B,B r:B,B,B,B k:37,41,42,43 neutral:k y3", "k:37-40") == (
        "Anna moves the neutral black piece into the goal. All pieces of the neutral colour are home"
    )


def test_the_neutral_colours_piece_captured_or_sent_back_is_told_by_its_colour_in_both_languages() -> None:
    # It read "captures a piece of black" and "so the piece of black on ... goes back": the neutral colour is nobody's.
    capture = ("maedn cross y:16,25,B,B g:32,B,B,B r:B,B,B,B k:10,B,B,B neutral:k y6 +back +forced", "y:B-0")
    penalty = ("maedn cross y:0,11,B,B g:10,B,B,B r:14,B,B,B k:9,B,B,B neutral:k y5 +back +forced", "y:0-5")
    assert told(*capture) == (
        "Anna brings a piece onto the start field with the 6 and captures a neutral black piece: it goes back to B; "
        "rolls again"
    )
    assert told(*penalty) == (
        "Anna moves a piece 5 fields. Penalty: a capture was possible, so the neutral black piece 9 fields past its "
        "start field goes back to B"
    )
    before = pos(capture[0])
    a = parse_action(capture[1])
    german = event_words(before, a, apply(before, a), effects(before, a), name, GERMAN)
    assert "und schlägt eine neutrale Figur (Schwarz): sie geht zurück auf B" in german
    before = pos(penalty[0])
    a = parse_action(penalty[1])
    german = event_words(before, a, apply(before, a), effects(before, a), name, GERMAN)
    assert german.endswith(
        "Schlagzwang verletzt: die neutrale Figur (Schwarz) 9 Felder nach ihrem Startfeld muss zurück auf B"
    )


def test_event_words_read_the_effects_and_ask_the_rules_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    before = pos("maedn cross y:3,20,B,B r:27,B,B,B y4 +forced")
    m = parse_action("y:20-24")
    after, found = apply(before, m), effects(before, m)

    def asked(*args: object) -> None:
        raise AssertionError("the rules were asked")

    monkeypatch.setattr(rules, "penalty", asked)
    monkeypatch.setattr(rules, "captures", asked)
    monkeypatch.setattr(words, "captures", asked)
    assert "Penalty" in event_words(before, m, after, found, name)


def test_event_words_of_a_pass() -> None:
    before = pos("maedn cross y:B,B,B,B r:B,B,B,B y3")
    assert event_words(before, PASS, apply(before, PASS), effects(before, PASS), name) == (
        "Anna rolled a 3 and cannot move"
    )
    three = pos("maedn cross y:B,B,B,B r:B,B,B,B y3 +three")
    assert event_words(three, PASS, apply(three, PASS), effects(three, PASS), name) == (
        "Anna rolled a 3 and cannot move: roll 2 of 3 next"
    )


def test_prompt_words() -> None:
    rolling = pos("maedn cross y:3,B,B,B r:0,B,B,B y?")
    assert prompt_words(rolling, False, False) == "roll the die"
    assert prompt_words(rolling, False, True) == "you rolled a 6: roll again"
    assert prompt_words(pos("maedn cross y:B,B,B,B r:0,B,B,B y? +three"), False, False) == (
        "roll the die (up to three tries for a 6)"
    )
    assert prompt_words(pos("maedn cross y:B,B,B,B r:0,B,B,B y?/2 +three"), False, False) == (
        "no 6 yet: roll again (try 2 of 3)"
    )
    moving = apply(rolling, ROLLS[3])
    assert prompt_words(moving, False, False) == "you rolled a 4, choose a piece"
    assert prompt_words(moving, True, False) == "you rolled a 4, choose where the piece goes"
    assert prompt_words(moving, True, False, GERMAN) == "du hast eine 4 gewürfelt, wähle, wohin die Figur zieht"


def test_hint_and_label_words() -> None:
    s = pos("maedn cross y:3,38,B,B r:27,B,B,B y4")
    assert hint_words(s, parse_action("y:3-7")) == "the piece 3 fields along: 4 fields ahead, capturing the red piece"
    assert hint_words(s, parse_action("y:38-42")) == "the piece 38 fields along: goal field c"
    assert (
        hint_words(s, parse_action("y:3-7"), GERMAN)
        == "die Figur 3 Felder weit gelaufen: 4 Felder vorwärts, schlägt Rot"
    )
    entering = pos("maedn cross y:3,B,B,B r:0,B,B,B y6")
    assert hint_words(entering, parse_action("y:B-0")) == "bring a piece in"
    assert hint_words(entering, parse_action("y:3-9")) == "the piece 3 fields along: 6 fields ahead"
    assert hint_words(pos("maedn cross y:3,B,B,B r:20,B,B,B y6"), parse_action("y:B-0")) == (
        "bring a piece in, capturing the red piece"
    )
    assert hint_words(pos("maedn cross y:3,B,B,B r:20,B,B,B y6"), parse_action("y:B-0"), GERMAN) == (
        "eine Figur herausbringen, schlägt Rot"
    )
    assert hint_words(pos("maedn cross y:0,B,B,B r:9,B,B,B y1"), parse_action("y:0-1")) == (
        "the piece on its start field: 1 field ahead"
    )
    assert label_words(s, "y:3", None) == "Yellow piece 3 fields along"
    assert label_words(s, "y:B", None) == "Yellow piece waiting on B"
    assert label_words(s, "t9", None) == "t9"  # no piece: the key itself
    assert label_words(s, "t7", parse_action("y:3-7")) == "move here and capture the red piece: 4 fields ahead"
    assert label_words(s, "y:b", parse_action("y:38-42")) == "move here: goal field c"
    assert place_words(s, "red", 0) == "Red piece on its start field"
    assert place_words(s, "yellow", 41, GERMAN) == "Figur von Gelb im Zielfeld b"
