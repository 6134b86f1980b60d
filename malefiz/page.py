"""The page's setup screen as plain Python: the form's HTML, and the game address its fields give.

The form has a game chooser, then one block of fields per game (and, where
the seats differ by board, per board). Blocks carry ``data-game`` (and
``data-board``); the page disables every block but the chosen game's and
board's, so the browser's ``FormData`` holds only the fields that count, and
:func:`query_from_form` turns them into the page address (``?game=maedn&board=star&seats=...``)
that :meth:`malefiz.core.setup.Setup.from_query` reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any, Final
from urllib.parse import parse_qs, urlencode

from .core.errors import MalefizError
from .core.game import Game
from .core.setup import LEVELS, MAX_NAME, Setup
from .games import GAMES
from .i18n import CATALOGUE, ENGLISH, Translator

Step = tuple[str, str, str]
"""A change of the setup form the page makes: a CSS selector (within the chosen game's and board's fields), a
property, its value (``checked``: on for any value but ``""``)."""

__all__ = [
    "GAME_TITLES",
    "OPTION_TEXTS",
    "chosen_steps",
    "form_fields",
    "form_steps",
    "players_range",
    "query_from_form",
    "seat_notes",
    "setup_form",
]

"""The texts written into the page (the page tells them again in the player's language)."""

GAME_TITLES: Final = {"malefiz": "Malefiz", "maedn": "Mensch ärgere Dich nicht"}

OPTION_TEXTS: Final[Mapping[str, tuple[str, str]]] = {
    key.removeprefix("option."): (text, ENGLISH(f"{key}.about"))
    for key, text in CATALOGUE["en"].items()
    if key.startswith("option.") and not key.endswith(".about")
}
"""Each rule option's label and one-line explanation (from RULES.md)."""

FORMS: Final = ("", "two_colours", "neutral")
"""Mensch ärgere Dich nicht's seat forms, as ``form`` in the setup form ("": one colour each)."""

DEFAULT_KINDS: Final[Mapping[str, Mapping[str, str]]] = {
    "malefiz": {"red": "human", "yellow": "bot:medium"},
    "maedn": {"yellow": "human", "red": "bot:medium"},
}
"""Who plays which colour when the setup screen opens."""


def _flag(on: bool, name: str) -> str:
    """A boolean attribute written so that HTML and XML parsers both read it: `` checked=""``."""
    return f' {name}=""' if on else ""


def _say(key: str, tag: str = "span", cls: str = "", **values: object) -> str:
    """``<span data-i18n="key">English text</span>``: the page tells it again in the chosen language.

    ``values`` fill the text's placeholders and go along as ``data-i18n-<name>`` for the retelling.
    """
    attrs = f' class="{cls}"' if cls else ""
    attrs += "".join(f' data-i18n-{k}="{escape(str(v))}"' for k, v in values.items())
    return f'<{tag}{attrs} data-i18n="{key}">{escape(ENGLISH(key, **values))}</{tag}>'


def _options(values: Iterable[tuple[str, str]], selected: str) -> str:
    """``<option>`` elements; each label is a catalogue key (or ``=text`` for a text that stays as it is)."""
    out = []
    for v, key in values:
        text = escape(key[1:]) if key.startswith("=") else escape(ENGLISH(key))
        say = "" if key.startswith("=") else f' data-i18n="{key}"'
        out.append(f'<option value="{escape(v)}"{say}{_flag(v == selected, "selected")}>{text}</option>')
    return "".join(out)


def _colour_options(colours: Iterable[str]) -> list[tuple[str, str]]:
    return [(c, f"Colour.{c}") for c in colours]


def _seat_rows(game: str, colours: Iterable[str]) -> list[str]:
    kinds = [("", "kind.none"), ("human", "kind.human"), ("remote", "kind.remote")]
    kinds += [(f"bot:{lv}", f"kind.{lv}") for lv in LEVELS]
    rows = []
    for colour in colours:
        chosen = DEFAULT_KINDS[game].get(colour, "")
        name_of = ENGLISH("form.name_of", colour=ENGLISH.colour(colour))
        who_plays = ENGLISH("form.who_plays", colour=ENGLISH.colour(colour))
        rows.append(
            f'<div class="seat seat-{colour}" data-seat="{colour}">'
            f'<span class="swatch" aria-hidden="true"></span>'
            f'<input type="text" name="name-{colour}" maxlength="{MAX_NAME}"'
            f' placeholder="{ENGLISH.colour(colour, True)}"'
            f' data-i18n-placeholder="Colour.{colour}" aria-label="{name_of}" data-i18n-aria-label="form.name_of"'
            f' data-i18n-colour="{colour}"/>'
            f'<select name="kind-{colour}" aria-label="{who_plays}" data-i18n-aria-label="form.who_plays"'
            f' data-i18n-colour="{colour}">{_options(kinds, chosen)}</select>'
            f'<span class="seat-note" data-note="{colour}"></span></div>'
        )
    return rows


def _block(game: str, inner: str, board: str | None = None, active: bool = False) -> str:
    where = f' data-board="{board}"' if board else ""
    state = "" if active else _flag(True, "disabled") + _flag(True, "hidden")
    return f'<fieldset class="block" data-game="{game}"{where}{state}>{inner}</fieldset>'


def _game_fields(name: str, game: Game[Any, Any], active: bool) -> list[str]:
    e = escape
    boards = "".join(
        f'<label><input type="radio" name="board" value="{e(b)}"{_flag(active and i == 0, "checked")}/>'
        f" {_say(f'board.{b}')}</label>"
        for i, b in enumerate(game.boards)
    )
    legend = _say("form.board", "legend")
    parts = [_block(name, f'<fieldset class="boards">{legend}{boards}</fieldset>', active=active)]
    counts = {b: game.player_counts(b) for b in game.boards}
    by_colours: dict[tuple[str, ...], list[str]] = {}
    for b in game.boards:
        by_colours.setdefault(game.colours(b), []).append(b)
    for colours, boards_with in by_colours.items():
        low, high = counts[boards_with[0]][0], counts[boards_with[0]][-1]
        rows = "".join(_seat_rows(name, colours))
        players = f"<legend>{_say('form.players')} {_say('form.players_range', 'small', low=low, high=high)}</legend>"
        inner = f'<fieldset class="seats">{players}{rows}</fieldset>'
        if len(by_colours) == 1:
            parts.append(_block(name, inner, active=active))
        else:
            for b in boards_with:
                parts.append(_block(name, inner, board=b, active=active and b == game.boards[0]))
    extra = ""
    if "two_colours" in game.option_names:
        forms = [(value, f"form.{value or 'one_colour'}") for value in FORMS]
        extra = (
            f'<fieldset class="form">{_say("form.seats", "legend")}'
            f'<select name="form" aria-label="{ENGLISH("form.seats")}" data-i18n-aria-label="form.seats">'
            f"{_options(forms, '')}</select></fieldset>"
        )
    if extra:
        parts.append(_block(name, extra, active=active))
    if "roll_for_start" in game.option_names:
        starts = [("", "first.seat"), ("roll", "first.roll")]
    else:
        starts = [("", "first.rules")]
    for colours, boards_with in by_colours.items():  # who starts: a colour of the board chosen
        first = (
            f'<fieldset class="first">{_say("form.first", "legend")}'
            f'<select name="first" aria-label="{ENGLISH("form.first")}" data-i18n-aria-label="form.first">'
            f"{_options(starts + _colour_options(colours), '')}</select></fieldset>"
        )
        if len(by_colours) == 1:
            parts.append(_block(name, first, active=active))
        else:
            for b in boards_with:
                parts.append(_block(name, first, board=b, active=active and b == game.boards[0]))
    rules = [f'<fieldset class="rules">{_say("form.rules", "legend")}']
    for option in game.option_names:
        if option in ("roll_for_start", "two_colours", "neutral"):
            continue
        label = _say(f"option.{option}", cls="rule-name")
        about = _say(f"option.{option}.about", "small")
        rules.append(
            f'<label class="rule"><input type="checkbox" name="option" value="{e(option)}"/>'
            f"<span>{label} {about}</span></label>"
        )
    for setting, on in (("forced", game.face.plays_forced), ("chances", False)):
        label, about = _say(f"form.{setting}", cls="rule-name"), _say(f"form.{setting}.about", "small")
        rules.append(
            f'<label class="rule"><input type="hidden" name="{setting}" value="off"/>'
            f'<input type="checkbox" name="{setting}" value="on"{_flag(on, "checked")}/>'
            f"<span>{label} {about}</span></label>"
        )
    rules.append("</fieldset>")
    parts.append(_block(name, "".join(rules), active=active))
    return parts


def setup_form(games: Mapping[str, Game[Any, Any]] = GAMES, thumbnails: Mapping[str, str] | None = None) -> str:
    """The setup form's fields: the game chooser, then each game's blocks (the first game's enabled).

    ``thumbnails``: a picture's address by game name, shown beside the game's name.
    """
    parts = [f'<fieldset class="games">{_say("form.game", "legend")}']
    for i, name in enumerate(games):
        picture = ""
        if thumbnails and name in thumbnails:
            picture = f'<img class="thumb" src="{escape(thumbnails[name])}" alt="" width="72" height="72"/>'
        parts.append(
            f'<label class="game-choice"><input type="radio" name="game" value="{name}"{_flag(i == 0, "checked")}/>'
            f"{picture}<span>{escape(GAME_TITLES.get(name, games[name].title))}</span></label>"
        )
    parts.append("</fieldset>")
    for i, (name, game) in enumerate(games.items()):
        parts.extend(_game_fields(name, game, active=i == 0))
    return "".join(parts)


def query_from_form(fields: Iterable[tuple[str, str]], pace: str = "normal") -> str:
    """The page address query from the setup form's (enabled) fields, as ``FormData`` lists them.

    Seats come in the order of the colour rows; a name's commas become spaces.
    The result may still be refused by :meth:`~malefiz.core.setup.Setup.from_query`
    (too few players, a seat form that does not fit): the page shows its message.
    """
    values: dict[str, list[str]] = {}
    for key, value in fields:
        values.setdefault(key, []).append(value)

    def one(key: str, default: str = "") -> str:
        return values.get(key, [default])[0]

    seats: list[str] = []
    names: list[str] = []
    colours: list[str] = []
    for key, kinds in values.items():
        if key.startswith("kind-") and kinds[0]:
            colour = key.removeprefix("kind-")
            seats.append(kinds[0])
            colours.append(colour)
            names.append(one(f"name-{colour}").strip().replace(",", " "))
    params: dict[str, str] = {"game": one("game", "malefiz"), "board": one("board")}
    params["seats"] = ",".join(seats)
    params["colours"] = ",".join(colours)
    if any(names):
        params["names"] = ",".join(names)
    options = list(values.get("option", []))
    if one("form"):
        options.append(one("form"))
    first = one("first")
    if first == "roll":
        options.append("roll_for_start")
    elif first:
        params["first"] = first
    if options:
        params["options"] = ",".join(options)
    if "on" in values.get("chances", []):
        params["chances"] = "on"
    chosen = GAMES.get(params["game"])
    if "forced" in values and chosen is not None and ("on" in values["forced"]) != chosen.face.plays_forced:
        params["forced"] = "on" if "on" in values["forced"] else "off"
    params["pace"] = pace
    return "?" + urlencode({k: v for k, v in params.items() if v or k == "seats"}, safe=",:")


def players_range(query: str, games: Mapping[str, Game[Any, Any]] = GAMES) -> tuple[int, int] | None:
    """The player counts the chosen game and board take, when the address's seats are not among them.

    The page says it in the player's language (the engine's own message is for developers).

    >>> players_range("?game=maedn&board=star&seats=human"), players_range("?game=malefiz&seats=human,human")
    ((2, 6), None)
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    game = games.get(params.get("game", ""), next(iter(games.values())))
    board = params.get("board") or game.boards[0]
    if board not in game.boards:
        return None
    counts = game.player_counts(board)
    seats = [s for s in params.get("seats", "").split(",") if s]
    return None if len(seats) in counts else (counts[0], counts[-1])


SETTINGS: Final = ("forced", "chances")
"""The form's switches that are no rule options (each a hidden ``off`` and a checkbox ``on``)."""


def form_fields(setup: Setup) -> tuple[tuple[str, str], ...]:
    """The setup form's fields that give ``setup`` back (:func:`query_from_form` reads them), to fill the form in:
    every seat row of the game's boards (a row nobody plays: ``""``; a name that is the colour's: ``""``, so the
    row shows its colour in the page's language), the seat form, who starts, and the rule options and switches
    (a checkbox group as its checked values, comma-separated).

    >>> from malefiz.games import GAMES
    >>> setup = Setup.from_query("?game=malefiz&board=fast&seats=human,bot:hard&names=Anna,Yellow", GAMES)
    >>> dict(form_fields(setup))["kind-yellow"], dict(form_fields(setup))["name-red"], dict(form_fields(setup))["board"]
    ('bot:hard', 'Anna', 'fast')
    """
    game = setup.game
    seats = {seat.colour: seat for seat in setup.seats}
    fields = [("game", game.name), ("board", setup.board)]
    others = sorted({c for b in game.boards for c in game.colours(b)} - set(game.colours(setup.board)))
    for colour in (*game.colours(setup.board), *others):  # the chosen board's rows in their order, as the page has them
        seat = seats.get(colour)
        level = "" if seat is None else seat.level if seat.level in LEVELS else game.face.default_level
        kind = "" if seat is None else f"bot:{level}" if seat.kind == "bot" else seat.kind
        name = "" if seat is None or seat.name == colour.capitalize() else seat.name
        fields += [(f"kind-{colour}", kind), (f"name-{colour}", name)]
    form = next((f for f in FORMS if f and f in setup.options), "")
    first = "roll" if "roll_for_start" in setup.options else setup.first or ""
    options = [o for o in game.option_names if o in setup.options and o not in ("roll_for_start", *FORMS)]
    forced = game.face.plays_forced if setup.forced is None else setup.forced
    switches = [("forced", "on" if forced else ""), ("chances", "on" if setup.chances else "")]
    return (*fields, ("form", form), ("first", first), ("option", ",".join(options)), *switches)


def chosen_steps(game: str, board: str) -> tuple[Step, ...]:
    """The changes that choose ``game`` and ``board`` in the setup form."""
    return tuple((f'input[name="{n}"][value="{v}"]', "checked", "on") for n, v in (("game", game), ("board", board)))


def form_steps(setup: Setup) -> tuple[Step, ...]:
    """The changes that fill the setup form in with ``setup`` (:func:`form_fields`; the game and board are the
    screen's).

    >>> from malefiz.games import GAMES
    >>> steps = form_steps(Setup.from_query("?seats=human,bot:hard&options=extra_roll_on_six", GAMES))
    >>> steps[0], ('input[name="option"][value="extra_roll_on_six"]', "checked", "on") in steps
    (('[name="kind-red"]', 'value', 'human'), True)
    """
    steps: list[Step] = []
    for name, value in form_fields(setup)[2:]:
        if name == "option":
            on = value.split(",")
            steps += [(f'input[name="option"][value="{o}"]', "checked", "on" if o in on else "") for o in OPTION_TEXTS]
        elif name in SETTINGS:
            steps.append((f'input[type="checkbox"][name="{name}"]', "checked", value))
        else:
            steps.append((f'[name="{name}"]', "value", value))
    return tuple(steps)


def seat_notes(
    fields: Iterable[tuple[str, str]], t: Translator, games: Mapping[str, Game[Any, Any]] = GAMES
) -> tuple[Step, ...]:
    """What each seat row of the chosen board says about its colour when no seat of its own plays it: played by
    the partner (two colours each: ``Played by Anna with Yellow``) or neutral; ``""`` for every other row. Only
    for a setup that fits (otherwise *Start game* says what does not)."""
    query = query_from_form(fields)
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    game = games.get(params.get("game", ""))
    if game is None or params.get("board") not in game.boards:
        return ()
    notes = dict.fromkeys(game.colours(params["board"]), "")
    try:
        setup = Setup.from_query(query, games)
        state = None if setup is None else game.new_game(setup.board, setup.colours, setup.options)
    except (MalefizError, ValueError):
        return _notes(notes)
    if setup is None or state is None:
        return _notes(notes)
    for seat, colours in zip(setup.seats, state.seats, strict=False):
        for colour in colours[1:]:
            own = t.colour(colours[0], capital=True)
            unnamed = not seat.named
            notes[colour] = (
                t("form.partner_unnamed", colour=own) if unnamed else t("form.partner", who=seat.name, colour=own)
            )
    neutral = getattr(state, "neutral", None)
    if neutral in notes:
        notes[neutral] = t("form.neutral_colour")
    return _notes(notes)


def _notes(notes: dict[str, str]) -> tuple[Step, ...]:
    return tuple((f'[data-note="{colour}"]', "textContent", note) for colour, note in notes.items())
