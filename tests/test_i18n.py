"""German and English: every key in both, the same placeholders, whole games told in both."""

from __future__ import annotations

import random
import string
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from malefiz.core.screen import labels, result, status
from malefiz.core.session import Session
from malefiz.core.stats import report_html
from malefiz.games import GAMES
from malefiz.i18n import CATALOGUE, LANGUAGES, Translator, language_of

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB))
from build import TEXT_TARGETS  # noqa: E402


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_key_is_in_every_language_with_the_same_placeholders() -> None:
    english = CATALOGUE["en"]
    for language in LANGUAGES:
        texts = CATALOGUE[language]
        assert set(texts) == set(english), language
        for key, template in texts.items():
            left_out = placeholders(english[key]) - placeholders(template)  # a path into the input: English only
            assert placeholders(template) <= placeholders(english[key]), (language, key)
            assert left_out <= {"path", "other_path"} and (not left_out or key.startswith("error.")), (language, key)
            assert template.strip() == template or template.startswith((" ", ".", ";")), (language, key)


def test_the_browser_language_picks_the_first_supported() -> None:
    assert language_of("de-AT,de;q=0.9,en;q=0.8") == "de"
    assert language_of("fr-FR,en-GB;q=0.5") == "en"
    assert language_of("") == "en"


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&board=fast&seats=human,bot:medium,bot:easy&seed=3",
        "?game=maedn&board=cross&seats=human,bot:medium,bot:easy&options=neutral,forced_capture,backward_capture,three_rolls&seed=4",
        "?game=maedn&board=cross&seats=bot:hard,human&options=two_colours&seed=5",
    ],
)
def test_a_whole_game_is_told_in_german_and_switches_back_and_forth(address: str) -> None:
    s = Session.from_address(address, GAMES, language="de")
    rng = random.Random(1)
    for _ in range(3000):
        if s.state.is_over:
            break
        if s.is_bot_turn():
            s.bot_step()
        elif s.state.is_chance:
            s.roll()
        else:
            assert status(s) and labels(s)
            choice = rng.choice(sorted(labels(s)))
            s.click(choice)
        if rng.random() < 0.01:
            s.hint()
    assert s.state.is_over
    german = [line.words for line in s.record.lines()]
    assert all(e and "{" not in e for e in german)
    report = report_html(s)
    assert "Würfe" in report and "Abstand zum Ziel" in report and "Rolls" not in report
    assert "gewinnt" in result(s)
    s.set_language("en")
    english = [line.words for line in s.record.lines()]
    assert len(english) == len(german) and english != german
    assert "wins" in result(s)
    s.set_language("de")
    assert [line.words for line in s.record.lines()] == german  # told again, the same words
    t = Translator("de")
    assert t.colour("yellow") == "gelb" and t.count("fields", 2) == "2 Felder"


def test_german_wording_is_one_word_for_each_thing() -> None:
    """Issue 25, point 20: "Ruhefeld" as the printed rules say, "Rückgängig" for Undo, seat kinds capitalised
    alike in each language, a colour that stands for a player written as a noun in German."""
    de = CATALOGUE["de"]
    german = " ".join(de.values())
    assert "Ruhefeld" in de["mf.kind.rest"] and "Rastfeld" not in german
    assert de["page.undo"] == "Rückgängig" and de["page.redo"] == "Wiederholen"
    for language in LANGUAGES:
        kinds = [v for k, v in CATALOGUE[language].items() if k.startswith("kind.")]
        assert len(kinds) == 6 and all(kind[:1].isupper() for kind in kinds), (language, kinds)
    t = Translator("de")
    assert t.colour_noun("red") == "Rot" and Translator("en").colour_noun("red") == "red"
    assert t("mf.start_field", colour=t.colour_noun("red")) == "das Feld über dem Haus von Rot"
    assert t.attribute_values([("data-i18n-colour", "black")]) == {"colour": "Schwarz"}


def test_a_rest_field_and_a_colour_are_told_in_german_words() -> None:
    from malefiz.games.malefiz.board import board, field
    from malefiz.games.malefiz.notation import parse_position
    from malefiz.games.malefiz.state import Place
    from malefiz.games.malefiz.words import field_words, hint_words

    fast = board("fast")
    assert field_words(fast, sorted(fast.rest_fields)[0], Translator("de")).endswith(", ein Ruhefeld")
    s = parse_position("classic r:2.9,h,h,h,h y:10.9,h,h,h,h x:8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r!")
    assert (
        hint_words(s, Place(field(10, 7)), Translator("de")) == "den Sperrstein 6 Felder vor die Figur von Gelb setzen"
    )
    assert hint_words(s, Place(field(10, 7))) == "put the barricade 6 steps ahead of the yellow pawn"


class _Words(HTMLParser):
    """Each element's spoken attribute (aria-label, title, placeholder) that names no catalogue key for it and is
    not marked as written in one language (``lang``)."""

    def __init__(self) -> None:
        super().__init__()
        self.english_only: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        for attribute in TEXT_TARGETS:
            if names.get(attribute) and f"data-i18n-{attribute}" not in names and "lang" not in names:
                self.english_only.append(f"<{tag} {attribute}={names[attribute]!r}>")


def test_every_label_and_tooltip_of_the_page_is_spoken_in_each_language() -> None:
    """The die's label stayed "Roll the die" on a German page until a game began (it named no key)."""
    words = _Words()
    words.feed((WEB / "index.html").read_text(encoding="utf-8"))
    assert words.english_only == ["<select aria-label='Language / Sprache'>"]  # the choice of language: both
