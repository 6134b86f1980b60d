"""The setup screen without a browser: the form's HTML and the address its fields give."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from malefiz.core.setup import Setup
from malefiz.games import GAMES
from malefiz.page import OPTION_TEXTS, query_from_form, setup_form


def form() -> ET.Element:
    return ET.fromstring(f"<form>{setup_form(GAMES, {'malefiz': 'a.svg', 'maedn': 'b.svg'})}</form>")


def enabled_fields(root: ET.Element, game: str, board: str) -> list[ET.Element]:
    """The fields the browser would send with ``game`` and ``board`` chosen (the page's rule: other blocks disabled)."""
    found = []

    def walk(element: ET.Element, on: bool) -> None:
        if element.tag == "fieldset" and element.get("data-game"):
            on = element.get("data-game") == game and element.get("data-board", board) == board
        if element.tag in ("input", "select") and on:
            found.append(element)
        for child in element:
            walk(child, on)

    walk(root, True)
    return found


def test_the_chooser_offers_both_games_with_pictures() -> None:
    root = form()
    games = [(i.get("value"), i.get("checked")) for i in root.iter("input") if i.get("name") == "game"]
    assert games == [("malefiz", ""), ("maedn", None)]
    assert [img.get("src") for img in root.iter("img")] == ["a.svg", "b.svg"]
    labels = "".join(root.itertext())
    assert "Malefiz" in labels and "Mensch ärgere Dich nicht" in labels


def test_every_option_of_every_game_is_offered_with_an_explanation() -> None:
    root = form()
    for name, game in GAMES.items():
        fields = enabled_fields(root, name, game.boards[0])
        offered = {f.get("value") or "" for f in fields if f.get("name") == "option"}
        forms = {o.get("value") for f in fields if f.get("name") == "form" for o in f.iter("option")}
        starts = {o.get("value") for f in fields if f.get("name") == "first" for o in f.iter("option")}
        covered = offered | forms | ({"roll_for_start"} if "roll" in starts else set())
        assert set(game.option_names) <= covered, name
        assert all(OPTION_TEXTS[o][1] for o in offered)


def test_the_seat_rows_follow_the_board() -> None:
    root = form()
    for board, colours in (("cross", 4), ("star", 6)):
        kinds = [
            f.get("name") for f in enabled_fields(root, "maedn", board) if (f.get("name") or "").startswith("kind-")
        ]
        assert len(kinds) == colours == len(set(kinds))


def test_who_starts_offers_the_colours_of_the_board_chosen() -> None:
    root = form()
    for game, board in (("malefiz", "classic"), ("malefiz", "fast"), ("maedn", "cross"), ("maedn", "star")):
        firsts = [f for f in enabled_fields(root, game, board) if f.get("name") == "first"]
        assert len(firsts) == 1
        colours = [o.get("value") for o in firsts[0].iter("option") if o.get("value") not in ("", "roll")]
        assert colours == list(GAMES[game].colours(board))  # on the cross no blue or purple (a start refused them)


def test_the_fields_give_an_address_the_session_reads() -> None:
    fields = [
        ("game", "maedn"),
        ("board", "cross"),
        ("name-yellow", "Ann, the first"),
        ("kind-yellow", "human"),
        ("name-green", ""),
        ("kind-green", "bot:hard"),
        ("kind-red", ""),
        ("kind-black", ""),
        ("form", "two_colours"),
        ("first", ""),
        ("option", "barriers"),
    ]
    query = query_from_form(fields, "fast")
    setup = Setup.from_query(query, GAMES)
    assert setup is not None and setup.game.name == "maedn" and setup.pace == "fast"
    assert [(s.colour, s.name, s.kind, s.level) for s in setup.seats] == [
        ("yellow", "Ann  the first", "human", "medium"),
        ("green", "Green", "bot", "hard"),
    ]
    assert setup.options == frozenset({"two_colours", "barriers"}) and setup.first is None


def test_malefiz_fields_keep_their_meaning() -> None:
    fields = [
        ("game", "malefiz"),
        ("board", "fast"),
        ("kind-red", "human"),
        ("kind-green", ""),
        ("kind-yellow", "bot:easy"),
        ("kind-blue", ""),
        ("first", "roll"),
        ("option", "extra_roll_on_six"),
    ]
    setup = Setup.from_query(query_from_form(fields), GAMES)
    assert setup is not None and setup.board == "fast"
    assert [s.colour for s in setup.seats] == ["red", "yellow"]
    assert setup.options == frozenset({"extra_roll_on_six", "roll_for_start"})


def test_no_players_gives_no_game() -> None:
    assert Setup.from_query(query_from_form([("game", "maedn"), ("board", "cross")]), GAMES) is None
