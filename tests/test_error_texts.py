"""Errors a player can meet on the page (a broken link, file or address) are told in English and German."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from urllib.parse import quote

import pytest

from malefiz.core import savefile
from malefiz.core.errors import IllegalActionError, MalefizError, NotationError
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES
from malefiz.games.maedn.state import Phase as MaednPhase
from malefiz.games.malefiz.state import Phase as MalefizPhase
from malefiz.i18n import CATALOGUE, Translator

PACKAGE = Path(__file__).resolve().parent.parent / "malefiz"
EN, DE = Translator("en"), Translator("de")


def keys_in_package(pattern: str) -> set[str]:
    """Every catalogue key the package's modules name where ``pattern`` (one group: the key) finds one."""
    return {key for path in PACKAGE.rglob("*.py") for key in re.findall(pattern, path.read_text(encoding="utf-8"))}


def test_every_key_an_error_is_made_with_is_in_both_catalogues() -> None:
    used = keys_in_package(r'\.keyed\(\s*"([^"]+)"')
    assert len(used) > 25
    for language in ("en", "de"):
        assert used <= set(CATALOGUE[language]), (language, used - set(CATALOGUE[language]))


def error_of(make: object) -> MalefizError:
    with pytest.raises(MalefizError) as caught:
        make()  # type: ignore[operator]
    return caught.value


def a_save() -> dict[str, object]:
    session = Session.from_address("?game=malefiz&seats=human,human&seed=3", GAMES)
    session.roll()
    return savefile.save(session)


BROKEN = {
    "unknown board": lambda: Setup.from_query("?seats=human,human&board=huge", GAMES),
    "bad seed": lambda: Setup.from_query("?seats=human,human&seed=12x", GAMES),
    "too many players": lambda: Setup.from_query("?seats=human,human,human,human,human", GAMES),
    "too long an address": lambda: Setup.from_query("?seats=human,human&position=" + "%5B" * 40_000, GAMES),
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


def test_an_address_too_long_is_refused_before_it_is_read() -> None:
    """Unquoting megabytes of an address takes seconds in a browser: it is refused by its length at once."""
    error = error_of(BROKEN["too long an address"])
    assert error.key == "error.address_long"
    assert EN.error(error) == "Address: too long (120,028 characters; at most 100,000)"
    assert DE.error(error) == "Adresse: zu lang (120.028 Zeichen; höchstens 100.000)"  # German digit groups
    assert Setup.from_query("?seats=human,human&names=" + "A" * 90_000, GAMES) is not None  # long, but not too long


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

    for language, words, codes in (("de", ("Gelb", "Rot", "Grün"), ("yellow", "red")), ("en", ("yellow", "red"), ())):
        app = App(MemoryStorage(), [language])
        error = app.open("?game=maedn&seats=human,human&colours=yellow,red&options=two_colours").error
        absent = app.open("?game=maedn&seats=human,human&first=green").error
        assert all(w in error for w in words[:2]) and words[-1] in error + absent
        assert not any(f" {c} " in f" {error} " for c in codes)


# Issue 25, point 20: every error starts with a capital; point 11: position and notation errors in German too.

FRAGMENTS = {"error.json_at", "error.json_deep", "error.json_number", "error.save_die"}
"""Error keys that are only ever part of another message (a value of it), never a message alone."""


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def error_keys() -> list[str]:
    return [k for k in CATALOGUE["en"] if k.startswith("error.") and not k.startswith("error.part.")]


def test_every_error_key_the_code_names_is_in_both_catalogues() -> None:
    named = keys_in_package(r'"(error\.[a-z_.]+)"')
    assert len(named) > 100
    phases = {f"error.part.phase_{phase.value}" for enum in (MalefizPhase, MaednPhase) for phase in enum}
    for language in ("en", "de"):
        assert named | phases <= set(CATALOGUE[language]), (language, (named | phases) - set(CATALOGUE[language]))


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_error_message_starts_with_a_capital(language: str) -> None:
    t = Translator(language)
    for key in error_keys():
        if key in FRAGMENTS or CATALOGUE["en"][key] == "{detail}":  # the detail alone: told by t.error, below
            continue
        text = t(key, **dict.fromkeys(placeholders(CATALOGUE["en"][key]), "x"))
        assert text[:1].isupper(), (language, key, text)
    for error in (NotationError("cannot read"), IllegalActionError("illegal"), MalefizError("bad")):
        assert t.error(error)[:1].isupper(), (language, t.error(error))


@pytest.mark.parametrize("language", ["en", "de"])
def test_errors_made_of_nested_errors_start_with_a_capital(language: str) -> None:
    t = Translator(language)
    for name in BROKEN:
        assert t.error(error_of(BROKEN[name]))[:1].isupper(), name


def test_a_translation_leaves_out_only_the_paths_into_the_input() -> None:
    """German tells where by the field and the colour; the English adds the path into the input document
    (``pawns.red[2]``), which only the English (and the command line) needs."""
    for key in error_keys():
        english, german = placeholders(CATALOGUE["en"][key]), placeholders(CATALOGUE["de"][key])
        assert german <= english and english - german <= {"path", "other_path"}, key


X = "x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"
POSITIONS = {
    "off every board": (
        f"classic r:99.9,h,h,h,h y:h,h,h,h,h {X} r?",
        "Ein Feld '99.9' gibt es auf keinem Spielplan",
        "no board has a field there",
    ),
    "unknown field": (
        f"classic r:0.0,h,h,h,h y:h,h,h,h,h {X} r?",
        "Eine Figur von Rot steht auf 0.0, einem Feld, das es auf diesem Spielplan (klassisch) nicht gibt",
        "A red pawn stands on 0.0, which is not a field of the classic board (pawns.red[0])",
    ),
    "too few pawns": (
        f"classic r:h,h,h,h y:h,h,h,h,h {X} r?",
        "Auf diesem Spielplan (klassisch) hat jeder Spieler 5 Figuren, Rot hat 4",
        "Every player has 5 pawns on the classic board, red has 4",
    ),
    "two pawns on a field": (
        f"classic r:2.9,h,h,h,h y:2.9,h,h,h,h {X} r?",
        "Auf Feld 2.9 stehen zwei Figuren, eine von Rot und eine von Gelb",
        "Field 2.9 holds two pawns, a red one and a yellow one",
    ),
    "pawn on a barricade": (
        f"classic r:8.11,h,h,h,h y:h,h,h,h,h {X} r?",
        "Eine Figur von Rot steht auf Feld 8.11, auf dem ein Sperrstein steht",
        "A red pawn stands on field 8.11, which holds a barricade",
    ),
    "barricade on the bottom row": (
        f"classic r:h,h,h,h,h y:h,h,h,h,h {X.replace('16.11', '2.13')} r?",
        "Auf Feld 2.13 darf kein Sperrstein stehen",
        "No barricade may stand on field 2.13",
    ),
    "a colour not playing": (
        f"classic r:h,h,h,h,h y:h,h,h,h,h {X} b?",
        "Am Zug ist Blau, spielt aber nicht mit (Rot, Gelb)",
        "Turn: blue is not one of the players red, yellow",
    ),
    "cut short": ("classic", "Die Stellung 'classic' ist nicht lesbar", "Cannot read position 'classic'"),
    "unreadable field": (
        f"classic r:zz,h,h,h,h y:h,h,h,h,h {X} r?",
        "Der Ort 'zz' ist nicht lesbar: erwartet wird ein Feld x.y (etwa 2.13), h (Haus) oder f (Wald)",
        "Cannot read location 'zz'",
    ),
    "unreadable turn": (
        f"classic r:h,h,h,h,h y:h,h,h,h,h {X} r5x",
        "Nicht lesbar, wer am Zug ist: 'r5x'",
        "turn 'r5x'",
    ),
    "unknown option": (
        f"classic r:h,h,h,h,h y:h,h,h,h,h {X} r? +fly",
        "Die Option '+fly' ist nicht lesbar",
        "Cannot read option '+fly'",
    ),
    "md too few pieces": ("maedn cross y:0,B,B r:0,B,B,B y?", "Jede Farbe hat 4 Figuren, Gelb hat 3", "yellow has 3"),
    "md two colours on a field": (
        "maedn cross y:25,B,B,B r:5,B,B,B y?",
        "Eine Figur von Rot auf Platz 5 steht auf demselben Feld wie eine Figur von Gelb auf Platz 25",
        "A red piece on place 5 stands on the field of a yellow piece on place 25",
    ),
    "md off the board": (
        "maedn cross y:99,B,B,B r:0,B,B,B y?",
        "Eine Figur von Gelb steht auf Platz 99, den es auf diesem Spielplan (Kreuz) nicht gibt",
        "which is off the cross board",
    ),
    "md no such letter": ("maedn cross q:0,B,B,B r:0,B,B,B y?", "'q' ist kein Farbbuchstabe", "is no colour letter"),
    "md colour not on the board": (
        "maedn cross y:0,B,B,B b:0,B,B,B y?",
        "Dieser Spielplan (Kreuz) hat kein Blau",
        "The cross board has no blue",
    ),
    "md a colour not playing": (
        "maedn cross y:0,B,B,B r:0,B,B,B k?",
        "Am Zug ist Schwarz, spielt aber nicht mit (Gelb, Rot)",
        "Turn: black is not one of the players yellow, red",
    ),
    "md a barrier without the option": (
        "maedn cross y:5,5,B,B r:0,B,B,B y?",
        "Zwei Figuren von Gelb auf Platz 5: das geht nur mit der Option „Barrieren“",
        "the barriers option is off",
    ),
    "md a try without the option": (
        "maedn cross y:0,B,B,B r:0,B,B,B y?/2",
        "nur mit der Option „Dreimal würfeln“",
        "three_rolls option",
    ),
}
ENGLISH_WORDS = re.compile(r"\b(the|expected|cannot|read|pawns?|pieces?|field|board|got|is|not|of)\b")


@pytest.mark.parametrize("name", POSITIONS)
def test_a_position_in_the_address_is_refused_in_the_players_language(name: str) -> None:
    from malefiz.app import App, MemoryStorage

    position, german, english = POSITIONS[name]
    game = "maedn" if position.startswith("maedn") else "malefiz"
    address = f"?game={game}&seats=human,human&position={quote(position)}"
    told = {language: App(MemoryStorage(), [language]).open(address).error for language in ("de", "en")}
    assert german in told["de"] and english in told["en"], told
    assert not ENGLISH_WORDS.search(told["de"].replace(position, "")), told["de"]
    assert all(text[:1].isupper() for text in told.values())


def test_an_unreadable_or_illegal_action_in_a_file_is_told_in_german() -> None:
    unreadable = error_of(lambda: savefile.load(json.dumps({**a_save(), "actions": ["zz"]}), GAMES))
    assert DE.error(unreadable) == (
        "Spielstand: Zug 1 ('zz'): Der Zug 'zz' ist nicht lesbar: erwartet wird d1 bis d6, ein Zug wie h-2.13"
        " oder 2.13-2.9, @x.y oder pass"
    )
    illegal = error_of(lambda: savefile.load(json.dumps({**a_save(), "actions": ["h-2.13"]}), GAMES))
    german = DE.error(illegal)
    assert german.startswith("Spielstand: Zug 1 ('h-2.13'): Der Zug h-2.13 ist nicht erlaubt: Rot muss würfeln")
    assert "(Stellung: classic r:h,h,h,h,h y:h,h,h,h,h" in german
    assert str(illegal).startswith("Saved game: action 1 'h-2.13': Illegal action h-2.13: red must roll the die")


@pytest.mark.parametrize(
    ("query", "english", "german"),
    [
        (
            "?game=malefiz&seats=human,bot&pace=zoom",
            "expected one of slow, normal, fast, instant, got 'zoom'",
            "fast (schnell)",
        ),
        (
            "?game=maedn&seats=human,bot&board=hex",
            "Board: expected cross, star, got 'hex'",
            "erwartet cross (Kreuz), star (Stern)",
        ),
        ("?game=maedn&seats=human,bot:zz", "known: easy, medium, hard, greedy", "easy (leicht), medium (mittel)"),
    ],
)
def test_an_address_word_that_is_not_known_is_listed_with_what_each_known_word_means(
    query: str, english: str, german: str
) -> None:
    """The words an address takes stay as they are (they are what to type), each with its meaning where the
    player's language says it otherwise; English needs none."""
    with pytest.raises(MalefizError) as caught:
        Setup.from_query(query, GAMES)
    assert english in EN.error(caught.value) and "(" not in EN.error(caught.value).split(": ", 1)[1]
    assert german in DE.error(caught.value)
