"""The illustrated rules pages: one static HTML page per game and language, made at build time.

:func:`rules_page` is a pure function of a game and a language returning the whole
page; :func:`write_rules_pages` writes every page (and their style sheet) into the
site. The pages are plain HTML, one style sheet (``rules.css``), the pictures drawn
inline as SVG by the games' own views (:mod:`.pictures`), and one small script of
the site's own (``rules.js``: *Back to the game* closes a tab of rules opened beside
a game between devices); no other script runs on them.
The words are in :mod:`.texts`.

>>> sorted(PAGE_FILES.values())
['regeln-maedn.html', 'regeln-malefiz.html', 'rules-maedn.html', 'rules-malefiz.html']
>>> '<html lang="de">' in rules_page("maedn", "de")
True
"""

from __future__ import annotations

import shutil
from html import escape
from pathlib import Path
from typing import Final

from ..games import GAMES
from ..i18n import CATALOGUE
from .pictures import picture
from .texts import LANGUAGES, TEXTS, WORDS, Figure, Page, Section

__all__ = ["CSS_FILE", "PAGE_FILES", "SCRIPT_FILE", "option_label", "rules_page", "rules_pages", "write_rules_pages"]

PAGE_FILES: Final = {
    (game, language): f"{'rules' if language == 'en' else 'regeln'}-{game}.html"
    for game in TEXTS
    for language in LANGUAGES
}
"""Every page's file name in the site, by game and language."""

CSS_FILE: Final = "rules.css"
"""The pages' style sheet, next to them in the site."""
SCRIPT_FILE: Final = "rules.js"
"""The pages' one script, next to them in the site (the build minifies it with the game page's)."""

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:;"
    " object-src 'none'; base-uri 'self'; form-action 'none'"
)
"""No script but the site's own files (:data:`SCRIPT_FILE`; nothing inline); inline styles for the pictures' own
``<style>`` (as on the game page)."""


_LABEL_KEYS: Final = {"roll_for_start": "first.roll", "two_colours": "form.two_colours", "neutral": "form.neutral"}
"""The catalogue key of the setup screen's label of an option, where it is not ``option.<name>``."""


def _ui(language: str, key: str, fallback: str) -> str:
    """The game page's own word for ``key`` in ``language`` (:mod:`malefiz.i18n`), else ``fallback``."""
    return CATALOGUE.get(language, {}).get(key, fallback)


def option_label(game: str, name: str, language: str) -> str:
    """An option's name as the setup screen shows it in ``language`` (so both pages say the same)."""
    label = TEXTS[game][language].options[name].label
    return _ui(language, _LABEL_KEYS.get(name, f"option.{name}"), label)


def _figure(figure: Figure, language: str) -> str:
    caption = escape(figure.caption, quote=False)
    return (
        f'<figure class="picture" id="picture-{figure.picture}">{picture(figure.picture, figure.caption, language)}'
        f"<figcaption>{caption}</figcaption></figure>"
    )


def _figures(figures: tuple[Figure, ...], language: str) -> str:
    if not figures:
        return ""
    return '<div class="pictures">' + "".join(_figure(f, language) for f in figures) + "</div>"


def _section(section: Section, language: str) -> str:
    return (
        f'<section id="{section.id}"><h2>{escape(section.heading)}</h2>{section.body}'
        f"{_figures(section.figures, language)}</section>"
    )


def _options(game: str, language: str, page: Page) -> str:
    words = WORDS[language]
    items = []
    for name in GAMES[game].option_names:
        option = page.options[name]
        items.append(
            f'<dt id="option-{name}">{escape(option_label(game, name, language))}'
            f' <code title="{escape(words.option_name)}">{name}</code></dt>'
            f"<dd>{option.text}{_figures(option.figures, language)}</dd>"
        )
    return (
        f'<section id="options"><h2>{escape(page.options_heading)}</h2>{page.options_intro}'
        f'<dl class="options">{"".join(items)}</dl></section>'
    )


def rules_page(game: str, language: str) -> str:
    """The whole rules page of ``game`` (``malefiz``, ``maedn``) in ``language`` (``en``, ``de``).

    Raises:
        KeyError: for a game or language without a page, or an option of the game the page does not explain.
    """
    page = TEXTS[game][language]
    words = WORDS[language]
    other_language = next(lang for lang in LANGUAGES if lang != language)
    other_file = PAGE_FILES[(game, other_language)]
    title = f"{page.title}: {words.rules}"
    sections = (
        *page.sections,
        Section("options", page.options_heading, ""),
        page.site,
        words.keyboard,
        words.touch,
        words.together,
    )
    contents = "".join(f'<li><a href="#{s.id}">{escape(s.heading)}</a></li>' for s in sections)
    other_games = " · ".join(
        f'<a href="./{PAGE_FILES[(g, language)]}">{escape(words.other_game.format(game=TEXTS[g][language].title))}</a>'
        for g in TEXTS
        if g != game
    )
    language_link = (
        f'<a class="language" href="./{other_file}" hreflang="{other_language}" lang="{other_language}">'
        f"{escape(words.other_language)}</a>"
    )
    body = "".join(
        [
            *(_section(s, language) for s in page.sections),
            _options(game, language, page),
            _section(
                page.site._replace(
                    body=page.site.body.format(
                        hint=escape(_ui(language, "page.hint", "Hint")),
                        undo=escape(_ui(language, "page.undo", "Undo")),
                        review=escape(_ui(language, "page.review", "Review")),
                        players=escape(_ui(language, "players.title", "Who plays")),
                    )
                ),
                language,
            ),
            _section(words.keyboard, language),
            _section(
                words.touch._replace(
                    body=words.touch.body.format(
                        **{
                            name: escape(_ui(language, f"page.{key}", key))
                            for name, key in (
                                ("menu", "menu"),
                                ("shake", "shake"),
                                ("full", "full_screen"),
                                ("install", "install"),
                                ("whole", "whole_board"),
                            )
                        }
                    )
                ),
                language,
            ),
            _section(
                words.together._replace(
                    body=words.together.body.format(
                        **{
                            name: escape(_ui(language, key, key))
                            for name, key in (
                                ("remote", "kind.remote"),
                                ("start", "page.start"),
                                ("join", "together.join"),
                                ("connect", "together.connect"),
                                ("invite_menu", "together.invite_menu"),
                                ("watch", "together.invite_watcher"),
                                ("across", "together.across"),
                                ("undo", "page.undo"),
                            )
                        }
                    )
                ),
                language,
            ),
        ]
    )
    return (
        "<!doctype html>\n"
        f'<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escape(title)}</title>\n"
        '<link rel="icon" href="./icon.svg" type="image/svg+xml">\n'
        f'<link rel="alternate" hreflang="{other_language}" href="./{other_file}">\n'
        f'<link rel="stylesheet" href="./{CSS_FILE}">\n'
        f'<script src="./{SCRIPT_FILE}" defer></script>\n'
        "</head>\n<body>\n"
        '<header class="bar">'
        f'<a class="back" href="./">{escape(words.back)}</a>{language_link}</header>\n'
        f'<main class="rules" data-game="{game}">\n<h1>{escape(title)}</h1>\n{page.intro}\n'
        f'<nav class="contents" aria-label="{escape(words.contents)}"><h2>{escape(words.contents)}</h2>'
        f"<ol>{contents}</ol></nav>\n{body}\n</main>\n"
        f'<footer class="foot"><a href="./">{escape(words.back)}</a> · {other_games} · {language_link}</footer>\n'
        "</body>\n</html>\n"
    )


def rules_pages() -> dict[str, str]:
    """Every rules page by its file name."""
    return {name: rules_page(game, language) for (game, language), name in PAGE_FILES.items()}


def write_rules_pages(out: Path, css: Path) -> list[str]:
    """Write every rules page into the site folder ``out``, and ``css`` as their style sheet; return the file names."""
    names = []
    for name, text in rules_pages().items():
        (out / name).write_text(text, encoding="utf-8")
        names.append(name)
    shutil.copyfile(css, out / CSS_FILE)
    return [*names, CSS_FILE]
