"""The page as plain Python (malefiz.app): which opening an address leads to, addresses, keeping, keys, files."""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

import pytest

from malefiz.app import LANGUAGE_KEY, MOTION_KEY, VIEW_KEY, Address, App, MemoryStorage, game_address, key_command
from malefiz.core import savefile
from malefiz.core.session import Session
from malefiz.core.setup import Setup
from malefiz.games import GAMES

GAME = "?game=malefiz&board=classic&seats=human,human&seed=8&names=Ann,Bob"


def app(storage: MemoryStorage | None = None, language: str = "en") -> App:
    return App(storage or MemoryStorage(), [language], rng=random.Random(1))


def play_moves(a: App, moves: int) -> None:
    """A person rolls and plays the first choice, ``moves`` times."""
    s = a.session
    assert s is not None
    for _ in range(moves):
        assert a.roll() is not None or not s.state.is_chance
        if s.is_person_to_choose():
            choice = s.choices()[0]
            if choice.piece is not None and s.selected != choice.piece:
                a.click(choice.piece)
            assert a.click(choice.field) is not None


def test_an_address_without_seats_opens_the_setup_screen_on_the_game_and_board_it_names() -> None:
    screen = app().open("?game=maedn&board=star")
    assert (screen.view, screen.game, screen.board, screen.error) == ("setup", "maedn", "star", "")
    assert "<svg" in screen.board_svg and screen.title == "Mensch ärgere Dich nicht"
    assert app().open("").game == "malefiz"
    screen = app().open("?game=constructor&board=__proto__")
    assert (screen.view, screen.game) == ("setup", "malefiz") and "'constructor'" in screen.error


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("?game=chess", "Game: expected one of malefiz, maedn, got 'chess'"),
        ("?game=malefiz&board=hexagon", "Board: expected classic, fast, got 'hexagon'"),
        ("?game=maedn&board=classic", "Board: expected cross, star, got 'classic'"),
    ],
)
def test_an_address_naming_an_unknown_game_or_board_says_so_on_the_setup_screen(query: str, said: str) -> None:
    screen = app().open(query)
    assert screen.view == "setup" and screen.error == said
    assert screen.game == ("maedn" if "maedn" in query else "malefiz")


def test_a_bad_value_in_a_game_address_keeps_the_game_board_and_every_good_value_in_the_form() -> None:
    screen = app().open("?game=maedn&board=star&seats=human,bot,bot,bot,bot,bot,bot&names=Zoe")
    assert (screen.view, screen.game, screen.board) == ("setup", "maedn", "star")
    assert screen.error == "Seats: Mensch ärgere Dich nicht on the star board is for 2 to 6 players, got 7"
    screen = app().open("?game=malefiz&board=fast&seats=human,bot:hard&seed=abc&names=Zoe&options=protect_own_pawns")
    assert (screen.view, screen.game, screen.board) == ("setup", "malefiz", "fast")
    assert "seed" in screen.error.lower() and "'abc'" in screen.error
    assert ('[name="name-red"]', "value", "Zoe") in screen.form
    assert ('[name="kind-yellow"]', "value", "bot:hard") in screen.form
    assert ('input[name="option"][value="protect_own_pawns"]', "checked", "on") in screen.form
    german = app(language="de").open("?game=maedn&board=star&seats=human,alien&names=Zoe")
    assert (german.game, german.board) == ("maedn", "star") and "alien" in german.error


def test_a_board_named_in_a_german_error_is_said_in_german() -> None:
    screen = app(language="de").open("?game=maedn&board=star&seats=human,bot,bot,bot,bot,bot,bot")
    assert "Spielplan Stern" in screen.error and "star" not in screen.error


def test_a_bad_address_says_what_is_wrong_on_the_setup_screen_in_the_players_language() -> None:
    screen = app(language="de").open("?seats=human,human&board=huge")
    assert screen.view == "setup" and "huge" in screen.error and "Spielplan" in screen.error


def test_a_colour_the_board_does_not_have_is_refused_with_the_colours_it_has_in_the_players_language() -> None:
    screen = app(language="de").open("?game=maedn&board=cross&seats=human,human&first=lila")
    assert screen.view == "setup"
    assert (
        screen.error
        == "Wer beginnt: erwartet eine von yellow (gelb), green (grün), red (rot), black (schwarz), nicht 'lila'"
    )


def test_an_unknown_seat_is_refused_with_the_levels_in_the_players_language() -> None:
    screen = app(language="de").open("?seats=human,schwer")
    assert screen.view == "setup"
    assert screen.error == (
        "Spieler: erwartet human, remote, bot, bot:<Stufe> oder eine Stufe "
        "(easy (leicht), medium (mittel), hard (schwer), greedy, random), nicht 'schwer'"
    )
    assert app().open("?seats=human,hard").view == "play"


def test_a_game_address_without_a_seed_gets_one_in_the_address() -> None:
    a = app()
    screen = a.open("?seats=human,bot")
    assert screen.view == "play" and a.session is not None and a.session.setup.seed is not None
    assert a.game_id is not None
    assert a.address == Address("replace", game_address(a.session.setup, a.game_id))
    assert f"seed={a.session.setup.seed}" in a.address.query


def test_a_reload_resumes_the_kept_game_and_another_address_starts_a_new_one() -> None:
    storage = MemoryStorage()
    first = app(storage)
    first.open(GAME)
    assert first.address is not None
    address = first.address.query
    play_moves(first, 3)
    assert first.session is not None
    kept = first.session.record.actions()
    again = app(storage)
    again.open(address)
    assert again.session is not None and again.session.record.actions() == kept
    other = app(storage)
    other.open(GAME)  # the setup without the game's identity: a new game, the first stays kept
    assert other.session is not None and other.session.record.actions() == [] and other.game_id != first.game_id
    assert app(storage).open(address) and first.session.record.actions() == kept


def test_a_pace_change_is_kept_with_the_game_so_a_reload_resumes_it() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play_moves(a, 2)
    assert a.session is not None
    moves = a.session.record.actions()
    screen = a.set_pace("fast")
    assert screen is not None and screen.pace == "fast"
    assert a.address is not None and "pace=fast" in a.address.query
    again = app(storage)
    again.open(a.address.query)
    assert again.session is not None and again.session.record.actions() == moves
    assert a.set_pace("warp") is None


def test_an_open_review_stays_open_across_a_reload_of_its_tab_and_only_there() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a = App(storage, ["en"], rng=random.Random(1), tab=tab)
    a.open(GAME)
    play_moves(a, 3)
    assert a.address is not None and a.review() is not None
    reloaded = App(storage, ["en"], rng=random.Random(1), tab=tab)
    reloaded.open(a.address.query)
    assert reloaded.session is not None and reloaded.session.review_shown()
    assert reloaded.screen().review  # the chart and the lines are drawn at once
    other_tab = App(storage, ["en"], rng=random.Random(1), tab=MemoryStorage())
    other_tab.open(a.address.query)
    assert other_tab.session is not None and not other_tab.session.review_shown()
    other_game = App(storage, ["en"], rng=random.Random(1), tab=tab)
    other_game.open(GAME)  # the same setup without the identity: a new game, its review closed
    assert other_game.session is not None and not other_game.session.review_shown()
    assert reloaded.review() is not None  # closed again: the next reload keeps it closed
    closed = App(storage, ["en"], rng=random.Random(1), tab=tab)
    closed.open(a.address.query)
    assert closed.session is not None and not closed.session.review_shown()


def in_a_tab(storage: MemoryStorage, tab: MemoryStorage) -> App:
    """The page in a tab whose own storage is ``tab``."""
    return App(storage, ["en"], rng=random.Random(1), tab=tab)


def a_piece_chosen(storage: MemoryStorage, tab: MemoryStorage) -> tuple[App, Session, str]:
    """A game in a tab, a few moves in, rolled, a piece chosen (the page, its game and the piece)."""
    a = in_a_tab(storage, tab)
    a.open(GAME)
    play_moves(a, 2)
    s = a.session
    assert s is not None and a.address is not None
    a.roll()
    piece = next(str(c.piece) for c in s.choices() if c.piece is not None)
    if s.selected != piece:
        assert a.click(piece) is not None
    return a, s, piece


def test_a_reload_keeps_the_turn_as_it_was_left_a_piece_chosen_and_the_hint_standing() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a, s, piece = a_piece_chosen(storage, tab)
    assert a.address is not None and a.hint() is not None and s.hinted is not None
    before = a.screen()
    reloaded = in_a_tab(storage, tab)
    again = reloaded.open(a.address.query)
    r = reloaded.session
    assert r is not None and (r.selected, r.hinted, r.hint_asked) == (piece, s.hinted, True)
    assert (again.board_svg, again.status, again.hint) == (before.board_svg, before.status, before.hint)
    other_tab = in_a_tab(storage, MemoryStorage())
    other_tab.open(a.address.query)
    assert other_tab.session is not None and (other_tab.session.hinted, other_tab.session.hint_asked) == (None, False)
    assert a.cancel() is not None  # let go: the next reload has no piece chosen, the hint still stands
    third = in_a_tab(storage, tab)
    third.open(a.address.query)
    assert third.session is not None and third.session.selected is None and third.session.hinted == s.hinted


def test_an_undo_can_be_redone_after_a_reload_of_its_tab() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a = in_a_tab(storage, tab)
    a.open("?seats=human,bot:easy&seed=8&pace=instant")
    s = a.session
    assert s is not None and a.address is not None
    for _ in range(3):
        play_moves(a, 1)
        while s.is_bot_turn():
            a.think()
    played = s.record.actions()
    assert a.undo() is not None and s.can_redo()
    reloaded = in_a_tab(storage, tab)
    assert reloaded.open(a.address.query).can_redo
    r = reloaded.session
    assert r is not None and r.redo_stack == s.redo_stack
    assert reloaded.redo() is not None
    while r.is_bot_turn():
        reloaded.think()
    assert r.record.actions() == played  # the same moves again, the computer's too (the same dice)
    other_tab = in_a_tab(storage, MemoryStorage())
    other_tab.open(a.address.query)
    assert other_tab.session is not None and not other_tab.session.can_redo()


def test_a_reload_takes_the_turn_only_from_the_same_position_and_never_from_a_broken_value() -> None:
    storage, tab = MemoryStorage(), MemoryStorage()
    a, s, _ = a_piece_chosen(storage, tab)
    assert a.address is not None
    fresh = in_a_tab(storage, MemoryStorage())
    kept = fresh.open(a.address.query)  # what a tab that keeps nothing shows
    view = json.loads(str(tab.get(VIEW_KEY)))
    broken = ["{", "[]", "null", "7"]
    changed = {
        "at": view["at"] - 1,
        "position": "x",
        "piece": 7,
        "game": "other",
        "hint": "yes",
        "reviewing": 1,
        "redo": [["Z9"]],
    }
    broken += [json.dumps({**view, "piece": "Z9", key: value}) for key, value in changed.items()]
    broken += [json.dumps({**view, "piece": "Z9"}), json.dumps({**view, "piece": "x" * 10_000})]
    elsewhere = [{"position": "x"}, {"at": view["at"] + 2}]  # the turn's part of another point of the game
    broken += [json.dumps({**view, "hint": True, "reviewing": False, **other}) for other in elsewhere]
    redos: list[object] = ["x", [[1]], [["x" * 10_000]], [[]], {"a": 1}, [[None]]]
    broken += [json.dumps({**view, "redo": redo}) for redo in redos]
    for value in broken:
        tab.set(VIEW_KEY, value)
        again = in_a_tab(storage, tab)
        screen = again.open(a.address.query)
        assert again.session is not None and again.session.record.actions() == s.record.actions(), value
        assert (screen.board_svg, screen.status, screen.hint, screen.review, screen.error) == (
            kept.board_svg,
            kept.status,
            kept.hint,
            kept.review,
            kept.error,
        ), value


def test_a_shared_link_opens_its_game_and_a_broken_one_says_so() -> None:
    a = app()
    a.open(GAME)
    play_moves(a, 2)
    link = a.link("http://127.0.0.1:8000/")
    assert link is not None
    fragment = link[link.index("#") :]
    b = app()
    screen = b.open("", fragment)
    assert screen.view == "play" and b.session is not None and a.session is not None
    assert b.session.record.actions() == a.session.record.actions()
    assert b.game_id is not None and b.game_id != a.game_id
    assert b.address == Address("replace", game_address(a.session.setup, b.game_id))
    broken = app().open("", fragment[:40])
    assert broken.view == "setup" and broken.error


def test_a_shared_link_goes_with_a_sentence_for_the_friend_who_gets_it() -> None:
    """A phone's share sheet sends *Share link* with words: the game as far as it went, or at the end who won and the
    places, in the sender's language."""
    a = app()
    assert a.link_said() == ""  # the setup screen: nothing to share
    a.open(GAME)
    play_moves(a, 2)
    assert a.link_said() == "Our game of Malefiz, as far as it went: open the link to play on or to look at it."
    a.set_language("de")
    assert a.link_said().startswith("Unsere Partie Malefiz, so weit sie gekommen ist")
    over = app(language="de")
    position = "maedn cross y:B,B,B,B g:40,41,42,43 r:40,41,42,43 finished:g,r r*"
    over.open(
        "?" + urlencode({"game": "maedn", "seats": "human,human,human", "names": "Anna,Ben,Cem", "position": position})
    )
    said = over.link_said()
    assert said.startswith("Ben (grün) gewinnt! 1. Ben (grün), 2. Cem (rot), 3. Anna (gelb)") and "Malefiz" not in said
    assert "Mensch ärgere Dich nicht" in said


def test_a_broken_link_with_a_game_address_plays_that_game_and_tells_the_link_was_broken() -> None:
    screen = app().open(GAME, "#game=eNqFULtuwzAM")
    assert screen.view == "play" and screen.notice


def test_a_file_that_is_no_game_leaves_the_game_as_it_was() -> None:
    a = app()
    a.open(GAME)
    play_moves(a, 2)
    assert a.session is not None
    before = a.session.record.actions()
    screen = a.load_file("{", 1)
    assert screen.view == "play" and screen.notice.startswith("That file cannot be opened as a game: Saved game:")
    assert a.session.record.actions() == before
    assert "too large" in a.load_file(None, 10**9).notice
    closed = a.close_notice()  # its close button: gone at once, the game as it was
    assert closed.notice == "" and closed.view == "play" and a.session.record.actions() == before
    assert a.screen().notice == ""
    assert a.load_file("{", 1).notice
    play_moves(a, 1)
    assert a.screen().notice == ""  # said until the game goes on, not for the rest of the game


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_tap_on_the_fast_boards_key_says_what_it_means_until_the_game_goes_on(language: str) -> None:
    """The key's ``<title>`` shows on a mouse's hover only: a finger's tap (``data-about``) puts it in words above
    the game, in the player's language; the game stays as it was."""
    a = app(language=language)
    a.open("?game=malefiz&board=fast&seats=human,human&seed=8")
    play_moves(a, 1)
    assert a.session is not None
    before = a.session.record.actions()
    for name in ("village", "forest", "rest"):
        screen = a.about(name)
        assert screen is not None and screen.notice == a.t(f"key.{name}_about") and screen.notice_tone == "info"
    assert a.t("key.village_about").startswith("Das Dorf" if language == "de" else "The village")
    assert a.session.record.actions() == before
    assert a.about("goal") is None and a.about("village_about") is None  # only what the key shows
    assert a.screen().notice == a.t("key.rest_about")
    play_moves(a, 1)
    assert a.screen().notice == ""  # said until the game goes on
    a.about("village")
    refused = a.load_file("{", 1)  # a warning after it is told as one
    assert refused.notice != a.t("key.village_about") and refused.notice_tone == "alert"
    b = app()
    b.open("")
    assert b.about("village") is None  # the setup screen: no game to say it over


def test_a_saved_file_loads_back_with_its_address() -> None:
    a = app()
    a.open(GAME)
    play_moves(a, 2)
    found = a.save_file()
    assert found is not None
    name, text = found
    assert name.startswith("malefiz-Ann-Bob-") and name.endswith(".json")
    b = app()
    b.open("")
    screen = b.load_file(text, len(text))
    assert screen.view == "play" and b.session is not None and a.session is not None
    assert b.session.record.actions() == a.session.record.actions()
    assert b.address is not None and b.address.how == "push"


def test_leaving_a_game_in_progress_asks_and_the_setup_screen_keeps_game_and_board() -> None:
    a = app()
    a.open("?game=maedn&board=star&seats=human,human&seed=3")
    assert a.question("rematch") is None  # nothing played yet
    play_moves(a, 1)
    assert a.question("rematch") and a.question("setup")
    game_id = a.game_id
    assert game_id is not None
    screen = a.to_setup(f"?game=maedn&board=star&seats=human,human&seed=3&id={game_id}")
    assert (screen.view, screen.game, screen.board) == ("setup", "maedn", "star")
    assert f'data-action="continue" data-id="{game_id}"' in screen.latest
    assert a.address == Address("push", "?game=maedn&board=star&seed=3")
    resumed = a.continue_game(game_id)
    assert resumed is not None and resumed.view == "play"


def test_storage_off_says_saving_is_off_and_closing_asks() -> None:
    a = app(MemoryStorage(off=True))
    a.open(GAME)
    play_moves(a, 1)
    assert a.screen().save_note and a.leaving_asks()
    b = app()
    b.open(GAME)
    play_moves(b, 1)
    assert not b.screen().save_note and not b.leaving_asks()


def test_the_kept_game_is_stored_after_every_action() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play_moves(a, 1)
    assert a.session is not None
    kept = json.loads(storage.kept[f"malefiz.game.{a.game_id}"])
    assert kept["save"]["actions"] == [str(x) for x in a.session.record.actions()]


def test_the_form_starts_a_game_or_says_what_does_not_fit() -> None:
    a = app()
    a.open("")
    screen = a.start_from_form([("game", "maedn"), ("board", "star"), ("kind-yellow", "human")])
    assert screen is not None and screen.view == "setup" and "2 to 6" in screen.form_error and screen.game == "maedn"
    assert screen.error == ""  # beside Start game, not at the top
    screen = a.start_from_form(
        [("game", "malefiz"), ("board", "fast"), ("kind-red", "human"), ("kind-blue", "bot:easy")]
    )
    assert screen is not None and screen.view == "play" and screen.board == "fast"
    assert a.address is not None and a.address.how == "push"


def test_a_computer_thinks_in_slices_and_then_acts() -> None:
    a = app()
    a.open("?seats=bot:hard,bot:hard&seed=4&pace=instant")
    assert a.session is not None
    for _ in range(200):
        if a.session.state.is_over:
            break
        screen = a.think()
        while screen is None and a.thinking():
            screen = a.think()
        assert screen is not None
    assert len(a.session.record) >= 100


def test_a_hint_is_shown_and_said_once_to_a_screen_reader() -> None:
    a = app()
    a.open(GAME)
    assert a.hint() is None  # nothing to hint before the roll
    assert a.roll() is not None
    screen = a.hint()
    assert screen is not None and a.session is not None and screen.hint.startswith('<p class="hint-head">')
    assert screen.announce == a.session.hint_text() and screen.announce.startswith("Best moves: ")
    assert a.screen().hint == screen.hint and a.screen().announce == ""  # said once, shown until the move


def test_language_and_motion_are_remembered() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    screen = a.set_language("de")
    assert screen.language == "de" and storage.kept[LANGUAGE_KEY] == "de"
    assert app(storage, "en").t.language == "de"
    assert a.motion_setting(reduced=True) is False
    a.set_motion(True)
    assert storage.kept[MOTION_KEY] == "on" and app(storage).motion_setting(reduced=True) is True


def test_a_line_of_the_move_list_shows_its_position_without_changing_the_game() -> None:
    a = app()
    a.open(GAME)
    play_moves(a, 2)
    assert a.session is not None
    before = a.session.record
    shown = a.line(1)
    words = a.session.record.lines()[1].words
    assert shown is not None and "<svg" in shown[0] and shown[1] == f"The board after line 2: {words}"
    assert a.session.record is before and a.line(10_000) is None


@pytest.mark.parametrize(
    ("key", "command"),
    [
        ("r", "roll"),
        ("W", "roll"),
        ("h", "hint"),
        ("T", "hint"),
        ("Enter", "act"),
        (" ", "act"),
        ("Escape", "cancel"),
        ("ArrowDown", "down"),
        ("ArrowLeft", "left"),
        ("a", None),
    ],
)
def test_the_key_map(key: str, command: str | None) -> None:
    assert key_command(key) == command
    if command in ("roll", "hint"):  # Ctrl+R reloads, Ctrl+H shows the history, Ctrl+T opens a tab: the browser's
        assert key_command(key, ctrl=True) is None and key_command(key, meta=True) is None


@pytest.mark.parametrize(
    ("key", "ctrl", "meta", "alt", "command"),
    [
        ("z", True, False, False, "undo"),
        ("z", False, True, False, "undo"),  # Cmd+Z on a Mac
        ("Z", True, False, False, "redo"),  # Ctrl+Shift+Z
        ("y", True, False, False, "redo"),
        ("Y", False, True, False, "redo"),
        ("z", False, False, False, None),  # a plain z does nothing
        ("z", False, False, True, None),  # nor Alt+Z
    ],
)
def test_ctrl_z_undoes_and_ctrl_y_redoes_as_everywhere_else(
    key: str, ctrl: bool, meta: bool, alt: bool, command: str | None
) -> None:
    assert key_command(key, ctrl=ctrl, meta=meta, alt=alt) == command


def test_every_setup_a_screen_starts_is_one_the_address_gives_back() -> None:
    a = app()
    a.open("?game=maedn&board=cross&seats=human,bot:hard&options=two_colours&seed=2")
    assert a.session is not None
    setup = a.session.setup
    assert Setup.from_query(setup.to_query(), GAMES) == setup
    assert savefile.load(json.dumps(savefile.save(a.session)), GAMES).setup == setup


def test_an_address_leaves_a_seat_without_a_name_empty_not_an_english_colour() -> None:
    """A German family's address said names=Oma,Lena,Tim,Blue: the computer's seat took its colour's English name."""
    setup = Setup.from_query("?game=malefiz&seats=human,human,human,bot&names=Oma,Lena,Tim", GAMES)
    assert setup is not None
    assert "names=Oma,Lena,Tim,&" in setup.to_query() and Setup.from_query(setup.to_query(), GAMES) == setup
    nobody = Setup.from_query("?game=malefiz&seats=human,bot", GAMES)
    assert nobody is not None and "names" not in nobody.to_query()
    assert Setup.from_query(nobody.to_query(), GAMES) == nobody


def test_any_seed_a_setup_is_given_is_one_its_address_gives_back() -> None:
    setup = Setup.from_query("?seats=human,bot", GAMES)
    assert setup is not None
    for seed in (0, 2**31, 2**63 - 1, 10**30 + 7):
        seeded = setup.seeded(seed)
        assert Setup.from_query(seeded.to_query(), GAMES) == seeded


def test_the_setup_form_in_progress_is_kept_across_a_reload_of_its_tab() -> None:
    from malefiz.page import form_fields, form_steps

    storage, tab = MemoryStorage(), MemoryStorage()
    a = App(storage, ["en"], rng=random.Random(1), tab=tab)
    a.open("")
    a.preview("maedn", "", game_changed=True)
    a.preview("maedn", "star")
    assert a.address == Address("replace", "?game=maedn&board=star")  # the address follows the choice
    wanted = Setup.from_query("?game=maedn&board=star&seats=human,bot:hard,human&names=Zoe,,Kai", GAMES)
    assert wanted is not None
    a.seat_notes(form_fields(wanted))  # the page asks for the seats' notes after every change of the form
    again = App(storage, ["en"], rng=random.Random(1), tab=tab).arrive(a.address.query)
    assert (again.view, again.game, again.board) == ("setup", "maedn", "star")
    assert set(form_steps(wanted)) <= set(again.form) and ('[name="name-yellow"]', "value", "Zoe") in again.form
    bare = App(storage, ["en"], rng=random.Random(1), tab=tab).arrive("")  # the bare address too
    assert (bare.game, bare.board) == ("maedn", "star") and ('[name="name-yellow"]', "value", "Zoe") in bare.form
    other_tab = App(storage, ["en"], rng=random.Random(1), tab=MemoryStorage()).arrive("")
    assert ('[name="name-yellow"]', "value", "Zoe") not in other_tab.form  # another tab has its own form
    malefiz = App(storage, ["en"], rng=random.Random(1), tab=tab).arrive("?game=malefiz")
    assert malefiz.game == "malefiz"  # an address naming another game wins


@pytest.mark.parametrize(("language", "said"), [("en", "Ann (yellow): move taken back"), ("de", "Ann (gelb): Zug")])
def test_undo_is_said_to_a_screen_reader_as_it_is_shown(language: str, said: str) -> None:
    a = app(language=language)
    a.open("?game=maedn&seats=human,human&names=Ann,Bob&first=yellow&seed=5")
    while a.session is not None and not a.session.can_undo():
        screen = a.roll() or a.screen()
        if screen.labels:
            a.click(screen.labels[0][0])
    undone = a.undo()
    assert undone is not None and undone.news.startswith(said) and undone.announce == undone.news
    assert a.screen().announce == ""  # said once


def test_undo_at_one_device_for_several_people_says_whose_move_it_takes_back() -> None:
    """Mia taps Undo on her turn to roll: it takes back Papa's move (the last person's), and says so, before and
    after (not "Mia took back a move")."""
    a = app(language="de")
    a.open("?game=malefiz&seats=human,human,bot:easy&names=Mia,Papa&first=red&seed=5")
    session = a.session
    assert session is not None
    while session.state.current_seat != 2:  # Mia, then Papa, move; the computer plays on
        screen = a.roll() or a.screen()
        if screen.labels:
            a.click(screen.labels[0][0])
    while session.is_bot_turn():
        a.think()
    screen = a.screen()
    assert session.state.current_seat == 0 and screen.can_undo  # Mia to roll
    assert screen.undo_title == "Den letzten Zug von Papa (grün) zurücknehmen, nicht den Wurf"
    undone = a.undo()
    assert undone is not None and undone.news.startswith("Papa (grün): Zug zurückgenommen")
    assert session.state.current_seat == 1 and session.state.roll is not None  # Papa chooses again, same roll
    alone = app()
    alone.open("?game=malefiz&seats=human,bot:easy&names=Mia&first=red&seed=5")
    assert alone.screen().undo_title == "Take back your last move (not the roll)"  # one person: their own


def test_who_starts_by_the_highest_roll_is_said_to_a_screen_reader() -> None:
    a = app()
    screen = a.open("?game=maedn&seats=human,bot:easy&names=Anna&seed=3")
    assert screen.news.endswith("rolled highest and starts") and screen.announce == screen.news
    assert a.screen().announce == ""  # said once


def test_the_screen_is_kept_on_while_a_game_goes_on_or_waits_for_its_devices_and_sleeps_otherwise() -> None:
    # A family's tablet went dark while the computers played or a child thought (Screen.awake: the page holds the
    # platform's Screen Wake Lock while it says so).
    a = app()
    assert not a.open("").awake  # the setup screen
    playing = a.open(GAME)
    assert playing.view == "play" and playing.awake
    waiting = app().open("?game=maedn&seats=human,remote&names=Ann")
    assert waiting.view == "play" and waiting.together and waiting.awake  # the friends scan the invitation
    computers = app()
    screen = computers.open("?game=malefiz&board=fast&seats=bot:easy,bot:easy&seed=2&pace=instant")
    while screen.bot_delay is not None:
        assert screen.awake
        screen = computers.think() or screen
    assert screen.winner and not screen.awake  # the end: the screen sleeps as usual
