"""The shared palette and pieces: every piece's letter readable on it, in the player's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from malefiz.core.svg import COLOUR_FILL, TEXT_ON, piece, piece_letter, text_width
from malefiz.i18n import Translator

SVG = "http://www.w3.org/2000/svg"


def luminance(colour: str) -> float:
    """Relative luminance (WCAG 2) of ``#rrggbb`` or ``#rgb``."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_letter_on_its_piece_has_a_contrast_of_at_least_4_5() -> None:
    for colour, fill in COLOUR_FILL.items():
        light, dark = sorted((luminance(fill), luminance(TEXT_ON[colour])), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, colour


def test_each_language_gives_every_colour_its_own_letter() -> None:
    """The second cue names the colour in the player's language, and no two colours share it (issue 25, point 20)."""
    for language, expected in (("en", "Y G R K B P"), ("de", "Ge Gr R S B L")):
        t = Translator(language)
        letters = [piece_letter(c, t) for c in ("yellow", "green", "red", "black", "blue", "purple")]
        assert letters == expected.split()
    assert set(COLOUR_FILL) == {"yellow", "green", "red", "black", "blue", "purple"}


def test_a_piece_stands_up_from_the_board_and_two_letters_are_set_smaller() -> None:
    one = ET.fromstring(f'<g xmlns="{SVG}">{piece("red", 11, "R")}</g>')
    two = ET.fromstring(f'<g xmlns="{SVG}">{piece("green", 11, "Gr")}</g>')
    parts = [el.get("class") for el in one]
    assert parts == ["shadow", "body", "glint", "letter"]  # shadow under the disc, the letter on top
    body = one[1]
    assert body.get("fill") == COLOUR_FILL["red"] and body.get("stroke") == "#111"

    def size(g: ET.Element) -> float:
        return float((g[3].get("style") or "").split("bold ")[1].split("px")[0])

    assert size(two) < size(one)


def test_a_text_is_estimated_wider_the_wider_its_letters_and_its_font() -> None:
    assert text_width("", 13) == 0
    assert text_width("iiii", 13) < text_width("aaaa", 13) < text_width("WWWW", 13)
    assert text_width("Anna", 26) == 2 * text_width("Anna", 13)
    assert text_width("Jürgen", 13) == text_width("Jurgen", 13)  # a letter with marks is as wide as without
    assert text_width("漢字", 13) >= 2 * 13 * 0.95  # a wide letter of East Asian scripts, an emoji: about 1 em
    # Over rather than under: at least the widths of DejaVu Sans, the widest of the fonts a page meets for
    # sans-serif (the letters' advance widths in em, from the font's own table).
    dejavu = {"a": 0.613, "e": 0.615, "i": 0.278, "m": 0.974, "r": 0.411, "W": 0.989, "M": 0.863, " ": 0.318}
    for letter, em in dejavu.items():
        assert text_width(letter, 100) >= em * 100
