"""Errors a player can meet on the page (a broken link, file or address) are told in English and German."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from malefiz.core import savefile
from malefiz.core.errors import IllegalActionError, MalefizError
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES
from malefiz.i18n import CATALOGUE, Translator

PACKAGE = Path(__file__).resolve().parent.parent / "malefiz"
EN, DE = Translator("en"), Translator("de")


def test_every_key_an_error_is_made_with_is_in_both_catalogues() -> None:
    used = {
        key
        for path in PACKAGE.rglob("*.py")
        for key in re.findall(r'\.keyed\(\s*"([^"]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(used) > 25
    for language in ("en", "de"):
        assert used <= set(CATALOGUE[language]), (language, used - set(CATALOGUE[language]))


def error_of(make: object) -> MalefizError:
    with pytest.raises(MalefizError) as caught:
        make()  # type: ignore[operator]
    return caught.value


def a_save() -> dict[str, object]:
    setup = Setup.from_query("?game=malefiz&seats=human,human&seed=3", GAMES)
    assert setup is not None
    session = Session(setup)
    session.roll()
    return savefile.save(session)


BROKEN = {
    "unknown board": lambda: Setup.from_query("?seats=human,human&board=huge", GAMES),
    "bad seed": lambda: Setup.from_query("?seats=human,human&seed=12x", GAMES),
    "too many players": lambda: Setup.from_query("?seats=human,human,human,human,human", GAMES),
    "cut link": lambda: savefile.from_link("eNqFULtuwzAM", GAMES),
    "not JSON": lambda: savefile.load("{{", GAMES),
    "changed position": lambda: savefile.load(json.dumps({**a_save(), "position": {}}), GAMES),
    "illegal action": lambda: savefile.load(json.dumps({**a_save(), "actions": ["9"]}), GAMES),
}


@pytest.mark.parametrize("name", BROKEN)
def test_a_broken_address_link_or_file_is_told_in_german_too(name: str) -> None:
    error = error_of(BROKEN[name])
    english, german = EN.error(error), DE.error(error)
    assert english == str(error)  # the English text is the error's own message
    assert german != english and german
    assert not re.search(r"\{\w+\}", german)


def test_a_nested_error_is_told_in_the_same_language() -> None:
    error = error_of(BROKEN["illegal action"])
    assert error.key == "error.save_action"
    assert DE.error(error).startswith("Spielstand: Zug 1 ('9'): ")


def test_an_engine_error_without_a_key_gets_a_sentence_in_the_language() -> None:
    error = IllegalActionError("3.4-5.6: not a legal move here")
    assert EN.error(error) == "3.4-5.6: not a legal move here"
    assert DE.error(error) == "Dieser Zug ist nicht erlaubt (3.4-5.6: not a legal move here)"
    assert DE.error(ValueError("x")) == "Ungültige Angabe (x)"


def test_setup_errors_name_colours_in_the_players_language() -> None:
    from malefiz.app import App, MemoryStorage

    for language, words, codes in (("de", ("gelb", "rot", "grün"), ("yellow", "red")), ("en", ("yellow", "red"), ())):
        app = App(MemoryStorage(), [language])
        error = app.open("?game=maedn&seats=human,human&colours=yellow,red&options=two_colours").error
        absent = app.open("?game=maedn&seats=human,human&first=green").error
        assert all(w in error for w in words[:2]) and words[-1] in error + absent
        assert not any(f" {c} " in f" {error} " for c in codes)
