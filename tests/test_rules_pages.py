"""The rules pages: both languages linked, every picture well-formed and titled, every option explained."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from malefiz.games import GAMES
from malefiz.help import CSS_FILE, PAGE_FILES, SCRIPT_FILE, option_label, rules_page, rules_pages, write_rules_pages
from malefiz.help.pictures import PICTURES, picture
from malefiz.help.texts import LANGUAGES, TEXTS
from malefiz.i18n import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
PAGES = sorted(PAGE_FILES)
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_FIGURE = re.compile(
    r'<figure class="picture" id="picture-([\w-]+)">(<svg\b.*?</svg>)<figcaption>(.*?)</figcaption>', re.DOTALL
)


class _Outline(HTMLParser):
    """What the tests read from a page: tags in order (to check nesting), ids, links, the html lang."""

    VOID = frozenset({"meta", "link", "br", "img", "input", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.errors: list[str] = []
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.lang: str | None = None
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.add(tag)
        if tag == "html":
            self.lang = values.get("lang")
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.open[-1] if self.open else None}>")
        else:
            self.open.pop()


def outline(text: str) -> _Outline:
    parser = _Outline()
    parser.feed(text)
    parser.close()
    return parser


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_page_is_well_nested_in_its_language_and_links_the_other_language_and_the_game(
    game: str, language: str
) -> None:
    text = rules_page(game, language)
    page = outline(text)
    assert page.errors == [] and page.open == []
    assert page.lang == language
    assert text.startswith("<!doctype html>\n")
    other = next(lang for lang in LANGUAGES if lang != language)
    assert f"./{PAGE_FILES[(game, other)]}" in page.links
    assert "./" in page.links
    for other_game in TEXTS:
        if other_game != game:
            assert f"./{PAGE_FILES[(other_game, language)]}" in page.links
    assert f'<link rel="stylesheet" href="./{CSS_FILE}">' in text
    assert f"<title>{TEXTS[game][language].title}: " in text
    assert {"h1", "h2", "figure", "figcaption", "svg", "nav", "main"} <= page.tags


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_pages_hold_no_script_but_the_sites_own_file_and_forbid_any_other(game: str, language: str) -> None:
    text = rules_page(game, language)
    assert re.findall(r"<script[^>]*>[^<]*</script>", text, re.IGNORECASE) == [
        f'<script src="./{SCRIPT_FILE}" defer></script>'  # (Back to the game in a tab of rules opened beside)
    ]
    assert text.lower().count("<script") == 1
    assert re.search(r"\son\w+=", text) is None  # no event handler attributes
    assert "script-src 'self';" in text and "unsafe-inline" not in text.split("script-src")[1].split(";")[0]
    assert (ROOT / "web" / SCRIPT_FILE).is_file()
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_link_inside_a_page_leads_somewhere(game: str, language: str) -> None:
    page = outline(rules_page(game, language))
    files = {f"./{name}" for name in PAGE_FILES.values()} | {"./"}
    for link in page.links:
        if link.startswith("#"):
            assert link[1:] in page.ids, link
        else:
            assert link in files, link


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_picture_parses_as_xml_with_a_title_a_label_and_a_caption(game: str, language: str) -> None:
    text = rules_page(game, language)
    figures = _FIGURE.findall(text)
    assert len(figures) >= 6
    assert len(_SVG.findall(text)) == len(figures)
    for name, svg, caption in figures:
        root = ET.fromstring(svg)
        title = root.find(f"{NS}title")
        assert title is not None and title.text
        assert root.get("aria-label") == title.text, name
        assert root.get("role") == "img"
        assert caption and caption == title.text.replace("&", "&amp;")
        assert not re.search(r"\b(?:data-key|data-field|data-on|tabindex)=", svg), name
        _, _, width, height = (float(v) for v in (root.get("viewBox") or "").split())
        assert float(root.get("width") or 0) == width and float(root.get("height") or 0) == height


def test_both_languages_show_the_same_pictures_and_sections() -> None:
    for game, pages in TEXTS.items():
        english, german = pages["en"], pages["de"]
        assert [s.id for s in english.sections] == [s.id for s in german.sections], game
        for a, b in zip(english.sections, german.sections, strict=True):
            assert [f.picture for f in a.figures] == [f.picture for f in b.figures], (game, a.id)
            assert a.heading != b.heading or a.heading == "Malefiz"
        for name in GAMES[game].option_names:
            assert [f.picture for f in english.options[name].figures] == [
                f.picture for f in german.options[name].figures
            ]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_of_the_game_is_explained_on_its_page(game: str, language: str) -> None:
    page = TEXTS[game][language]
    text = rules_page(game, language)
    assert set(page.options) == set(GAMES[game].option_names)
    for name in GAMES[game].option_names:
        option = page.options[name]
        assert option.label and len(re.sub(r"<[^>]+>", "", option.text)) > 40, name
        assert f'<dt id="option-{name}">' in text
        assert "<code title=" in text and f">{name}</code></dt>" in text
    other = "de" if language == "en" else "en"
    for name in GAMES[game].option_names:
        assert page.options[name].text != TEXTS[game][other].options[name].text  # really translated


def test_the_malefiz_pages_cover_both_boards_and_the_maedn_pages_both_boards_and_seat_forms() -> None:
    for language in LANGUAGES:
        malefiz = rules_page("malefiz", language)
        for picture_name in ("malefiz-take", "malefiz-put", "fast-rest", "fast-village", "fast-forest", "fast-board"):
            assert f'id="picture-{picture_name}"' in malefiz
        maedn = rules_page("maedn", language)
        for picture_name in ("maedn-board", "maedn-star", "maedn-enter", "maedn-barrier", "maedn-backward"):
            assert f'id="picture-{picture_name}"' in maedn
        assert 'id="option-neutral"' in maedn and 'id="option-two_colours"' in maedn
    assert "rest field" in rules_page("malefiz", "en") and "Ruhefeld" in rules_page("malefiz", "de")
    assert "forest" in rules_page("malefiz", "en") and "Wald" in rules_page("malefiz", "de")
    assert "village" in rules_page("malefiz", "en") and "Dorf" in rules_page("malefiz", "de")


def test_every_picture_is_used_and_shows_its_marks_inside_its_window() -> None:
    used = {f.picture for pages in TEXTS.values() for page in pages.values() for s in page.sections for f in s.figures}
    used |= {
        f.picture
        for pages in TEXTS.values()
        for page in pages.values()
        for o in page.options.values()
        for f in o.figures
    }
    assert used == set(PICTURES)
    for name in PICTURES:
        root = ET.fromstring(picture(name, name))
        x, y, width, height = (float(v) for v in (root.get("viewBox") or "").split())
        for element in root.iter():
            classes = set((element.get("class") or "").split())
            if not classes & {"target", "selected", "trail", "hint"} or "house" in classes:
                continue
            if element.tag == f"{NS}circle":
                cx, cy = float(element.get("cx") or 0), float(element.get("cy") or 0)
            elif element.get("transform"):
                cx, cy = (float(v) for v in (element.get("transform") or "").removeprefix("translate(")[:-1].split())
            else:
                rect = element.find(f"{NS}rect")
                assert rect is not None, name
                cx = float(rect.get("x") or 0) + float(rect.get("width") or 0) / 2
                cy = float(rect.get("y") or 0) + float(rect.get("height") or 0) / 2
            assert x <= cx <= x + width and y <= cy <= y + height, (name, classes, cx, cy)


def test_the_pictures_show_what_their_captions_say() -> None:
    take = ET.fromstring(picture("malefiz-take", "t"))
    assert any("barricade target" in (g.get("class") or "") for g in take.iter(f"{NS}g"))
    put = ET.fromstring(picture("malefiz-put", "t"))
    assert any("hint" in (c.get("class") or "") for c in put.iter(f"{NS}circle"))
    village = picture("fast-village", "t")
    assert re.search(r'class="forest"[^>]*>(?:<title>[^<]*</title>)?<g class="pawn pawn-red', village)
    backward = ET.fromstring(picture("maedn-backward", "t"))
    targets = [e for e in backward.iter() if "target" in (e.get("class") or "").split()]
    assert len(targets) == 3  # two fields, one of them holding red's piece
    barrier = ET.fromstring(picture("maedn-barrier", "t"))
    assert sum("barrier" in (g.get("class") or "").split() for g in barrier.iter(f"{NS}g")) == 2
    neutral = ET.fromstring(picture("maedn-neutral", "t"))
    assert any("neutral" in (g.get("class") or "").split() for g in neutral.iter(f"{NS}g"))
    enter = ET.fromstring(picture("maedn-enter", "t"))
    assert any({"a-field", "target"} <= set((c.get("class") or "").split()) for c in enter.iter(f"{NS}circle"))


def test_the_german_pages_draw_german_letters_and_the_german_key() -> None:
    """The pictures speak the page's language, as the game does (issue 25, points 20 and 21)."""
    german, english = rules_page("maedn", "de"), rules_page("maedn", "en")
    assert ">Ge</text>" in german and ">Y</text>" not in german
    assert ">Y</text>" in english and ">Ge</text>" not in english
    fast = picture("fast-board", "t", "de")
    assert ">Ruhefeld</text>" in fast and ">Dorf</text>" in fast and ">Wald</text>" in fast
    assert ">Rest field</text>" in picture("fast-board", "t")


def test_pages_are_pure_and_written_with_their_style_sheet(tmp_path: Path) -> None:
    assert rules_pages() == rules_pages()
    names = write_rules_pages(tmp_path, ROOT / "web" / "rules.css")
    assert sorted(names) == sorted([*PAGE_FILES.values(), CSS_FILE])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert (tmp_path / "rules-maedn.html").read_text(encoding="utf-8") == rules_page("maedn", "en")


def test_the_game_page_links_each_game_s_rules_in_both_languages() -> None:
    template = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    header = template[template.index('<header class="bar">') : template.index("</header>")]
    setup = template[template.index("New game</h2>") :]
    for game in TEXTS:
        assert f'href="./{PAGE_FILES[(game, "en")]}"' in header
        assert f'href="./{PAGE_FILES[(game, "de")]}"' in header
        assert f'href="./{PAGE_FILES[(game, "en")]}"' in setup
        assert f'href="./{PAGE_FILES[(game, "de")]}"' in setup


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_options_and_buttons_are_named_as_the_game_page_names_them(game: str, language: str) -> None:
    text = rules_page(game, language)
    words = CATALOGUE[language]
    for name in GAMES[game].option_names:
        label = option_label(game, name, language)
        assert f'<dt id="option-{name}">{escape(label)} <code' in text
        key = f"option.{name}"
        if key in words:
            assert label == words[key]
    for key in ("page.hint", "page.undo", "page.review", "players.title"):
        assert f"<i>{escape(words[key])}</i>" in text
    assert "{" not in re.sub(r"<style>.*?</style>", "", text, flags=re.DOTALL)


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_page_tells_the_games_keys(game: str, language: str) -> None:
    # The keys were only in tooltips and aria-keyshortcuts: nobody could find them.
    from malefiz.app import KEYS, WITH_CTRL

    page = rules_page(game, language)
    section = page[page.index('<section id="' + ("keyboard" if language == "en" else "tastatur")) :]
    section = section[: section.index("</section>")]
    told = set(re.findall(r"<kbd>(.*?)</kbd>", section))
    letters = {key.upper() for key in KEYS if len(key) == 1 and key.isalpha()}
    assert letters == {"R", "W", "H", "T"} and letters <= told
    assert {"Enter", "Esc", "Tab"} <= told if language == "en" else {"Eingabe", "Esc", "Tab"} <= told
    assert set(KEYS.values()) == {"roll", "hint", "act", "cancel", "up", "down", "left", "right"}  # all told above
    # With Ctrl (Strg on a German keyboard, Cmd on a Mac): undo and redo, as everywhere else.
    assert set(WITH_CTRL) == {"z", "Z", "y", "Y"} and set(WITH_CTRL.values()) == {"undo", "redo"}
    ctrl = "Ctrl" if language == "en" else "Strg"
    assert {ctrl, "Cmd", "Z", "Y"} <= told and ("Shift" if language == "en" else "Umschalt") in told
    assert 'href="#keyboard"' in page if language == "en" else 'href="#tastatur"' in page  # in the contents


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_page_tells_how_a_phone_or_tablet_plays_in_the_pages_own_words(game: str, language: str) -> None:
    # Shake to roll, Full screen and Install were in the menu only: a family that never opened it never knew.
    keys = ("page.shake", "page.full_screen", "page.install", "page.whole_board", "page.menu")
    says_in_its_words(game, language, "touch" if language == "en" else "handy", keys)


@pytest.mark.parametrize(("game", "language"), PAGES)
def test_every_page_tells_how_friends_play_from_their_own_devices_in_the_pages_own_words(
    game: str, language: str
) -> None:
    # Playing from afar was told in docs/together.md only: a family reading the rules never learnt of it.
    keys: tuple[str, ...] = ("kind.remote", "page.start", "together.join", "together.connect")
    keys += ("together.invite_menu", "together.invite_watcher", "together.across", "page.undo")
    says_in_its_words(game, language, "devices" if language == "en" else "geraete", keys)


def says_in_its_words(game: str, language: str, anchor: str, keys: tuple[str, ...]) -> None:
    """The page's section ``anchor`` is in its contents and names each of ``keys`` in the game page's own words
    (:mod:`malefiz.i18n`), every placeholder filled."""
    from malefiz.i18n import CATALOGUE

    page = rules_page(game, language)
    assert f'href="#{anchor}"' in page
    section = page[page.index(f'<section id="{anchor}"') :]
    section = section[: section.index("</section>")]
    for key in keys:
        assert f"<i>{escape(CATALOGUE[language][key])}</i>" in section, key
    assert "{" not in section
