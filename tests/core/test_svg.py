"""The shared palette: every piece's letter readable on it."""

from __future__ import annotations

from malefiz.core.svg import COLOUR_FILL, TEXT_ON


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
