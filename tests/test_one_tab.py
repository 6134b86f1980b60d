"""A game on this device in two tabs of one browser (malefiz.one_tab through malefiz.app). Every screen of a game
names the key it is kept under (:attr:`Screen.holds`); the page holds the browser's lock of that name and tells the
app what the browser says of it (:meth:`App.held`), as this test does. The newest tab takes the game; the tab that
had it follows it there, plays nothing, runs no computer turn and keeps nothing, until it has the game again."""

from __future__ import annotations

import random

from malefiz.app import App, MemoryStorage
from malefiz.bridge import Bridge
from malefiz.core.screen import Screen
from malefiz.shelf import GAME_PREFIX

from .test_shelf import Clock, actions, address, play

GAME = "?game=maedn&board=cross&seats=human,bot:easy,human&seed=8&names=Anna,,Cleo"


def must(screen: Screen | None) -> Screen:
    assert screen is not None
    return screen


def two_tabs(query: str = GAME) -> tuple[App, App, str]:
    """A game played a little in a first tab, then opened again in a second tab of the same browser (its address
    in a new tab, or the setup screen's *Back to the game*), which the browser's lock lets take it (the first tab
    is told so): both tabs and the lock's name."""
    storage, clock = MemoryStorage(), Clock()
    first = App(storage, ["en"], rng=random.Random(1), clock=clock)
    first.open(query)
    where = address(first)
    play_on(first, 3)
    second = App(storage, ["en"], rng=random.Random(2), clock=clock)
    opened = second.open(where)
    name = opened.holds
    assert name == first.screen().holds == f"{GAME_PREFIX}{first.game_id}"
    taken = must(second.held(name, "elsewhere"))  # nothing is lost in the first tab: the newest tab plays the game
    assert taken.net == ({"do": "steal", "key": name},) and not second.elsewhere and "another tab" not in taken.together
    return first, second, name


def play_on(tab: App, moves: int) -> None:
    """``moves`` of the people's moves in ``tab``, each computer's turn played between them."""
    s = tab.session
    assert s is not None
    for _ in range(moves):
        while tab.think() is not None or s.is_bot_turn():
            pass
        play(tab, 1)


def test_every_screen_of_a_game_on_this_device_names_the_key_it_is_kept_under_and_the_setup_screen_none() -> None:
    tab = App(MemoryStorage(), ["en"], rng=random.Random(1))
    screen = tab.open(GAME)
    assert screen.holds == f"{GAME_PREFIX}{tab.game_id}" and not screen.net and not screen.channels_open
    assert tab.to_setup("").holds == ""


def test_the_tab_that_had_the_game_follows_it_where_it_is_played_and_plays_nothing_there() -> None:
    first, second, name = two_tabs()
    assert first.session is not None and first.session.is_person_to_choose() is False
    told = must(first.click("y:B"))  # a piece before the roll: why it does not move, in the message line
    assert told.news == "Roll the die first"
    screen = must(first.held(name, "stolen"))
    assert screen.news != told.news  # said no more: this tab plays no turn of it
    assert screen.net == ({"do": "wait", "key": name},) and screen.holds == name and first.elsewhere
    assert "open in another tab of this browser: play it there" in screen.together and screen.announce
    assert "Play here instead" in screen.together and "other devices" not in screen.together
    assert screen.status == "Anna (yellow) to play, in the other tab of this browser"
    assert not (screen.can_roll or screen.can_undo or screen.undo_shown or screen.redo_shown or screen.rematch_shown)
    assert not screen.can_hint and screen.players == "" and screen.invite == "" and screen.sound is None
    assert first.held(name, "stolen") is None and first.held(name, "elsewhere") is None  # said once
    assert first.held(f"{GAME_PREFIX}another", "here") is None and first.held(name, "nonsense") is None

    # Nothing is played or kept in it: a click, the die, a hint, Undo, Who plays, the computer's turn.
    assert second.session is not None and second.roll() is not None  # (Anna rolled in the second tab)
    must(first.changed(name))
    kept = first.storage.get(name)
    choices = second.session.choices()
    assert choices and second.screen(keep=False).labels and not first.screen(keep=False).labels  # (nothing to choose)
    tapped = must(first.click(choices[0].piece or choices[0].field))  # a tap there says where it is played
    assert tapped.news.startswith("This tab only shows the game: it is played in the other tab of this browser")
    assert "Play here instead" in tapped.news and tapped.announce == tapped.news and tapped.status == screen.status
    for choice in choices:  # (said once)
        assert first.click(choice.piece or choice.field) is None and first.click(choice.field) is None
    assert first.roll() is None and first.hint() is None and first.undo() is None and first.redo() is None
    assert first.players_menu() is None and first.hand_over(1, "human") is None and first.rematch() is None
    assert first.think() is None and not first.thinking()
    assert first.invite(1).together == first.screen().together and first.together is None  # not between devices
    assert first.review() is not None and first.keep() and first.storage.get(name) == kept  # (a view: it may)
    assert actions(first) == actions(second)


def test_a_tap_anywhere_on_a_following_tabs_board_even_between_its_fields_says_where_the_game_is_played() -> None:
    first, second, name = two_tabs()
    must(first.held(name, "stolen"))
    s = first.session
    assert s is not None and s.state.is_chance and second.why_not("y:B") == "Roll the die first"  # Anna's roll there
    where = "This tab only shows the game: it is played in the other tab of this browser"
    assert first.why_not("y:B").startswith(where) and first.why_not("t3", empty=False).startswith(where)
    bridge = Bridge({})
    bridge.app = first
    assert bridge.tap({}, 5, 5, True) == ""  # the board's ground, between its fields: clicked, to be told too
    assert bridge.tap({}, 5, 5, True, "y:B", [5, 5]) == "y:B"
    tapped = must(first.click(""))
    assert tapped.news.startswith(where) and tapped.announce == tapped.news
    assert first.click("y:B") is None and first.click("") is None  # (said once)
    assert actions(first) == actions(second) and s.state.is_chance

    # Where this tab plays the game, a tap between the fields means nothing, and a click there does nothing.
    assert second.session is not None
    bridge.app = second
    assert bridge.tap({}, 5, 5, True) is None and second.click("") is None
    assert second.click("y:B") is not None and second.session.message == "Roll the die first"

    # Anna rolled there: a piece the rules stop is told so there, and here where the game is played.
    assert second.roll() is not None
    must(first.changed(name))
    rule = second.why_not("y:B")
    assert rule and not rule.startswith(where) and first.why_not("y:B").startswith(where)


def test_a_following_tab_shows_each_move_as_the_playing_tab_keeps_it_walked_and_untold() -> None:
    first, second, name = two_tabs()
    must(first.held(name, "stolen"))
    before = len(actions(first))
    play_on(second, 2)
    screen = must(first.changed(name))
    assert actions(first) == actions(second) and len(actions(first)) > before
    assert screen.frames and screen.notice == "" and screen.sound is None and first.elsewhere
    assert "in the other tab of this browser" in screen.status and "another tab" in screen.together
    assert first.changed(name) is None  # nothing new since
    s = second.session
    assert s is not None
    while not s.is_bot_turn():  # until the computer is to play, in the second tab
        play(second, 1)
    must(first.changed(name))
    assert first.screen(keep=False).status == "The computer plays for Green, in the other tab of this browser"
    assert first.think() is None and actions(first) == actions(second)  # the second tab plays it


def test_play_here_takes_the_game_back_and_the_other_tab_follows_it_then() -> None:
    first, second, name = two_tabs()
    must(first.held(name, "stolen"))
    play_on(second, 1)  # (not heard yet by the first tab: it takes the game as the second kept it)
    screen = must(first.play_here())
    assert screen.net == ({"do": "steal", "key": name},) and screen.notice == "The game goes on in this tab now."
    assert not first.elsewhere and "another tab" not in screen.together and actions(first) == actions(second)
    assert first.play_here() is None  # a tab that follows no game
    assert "another tab" in must(second.held(name, "stolen")).together and second.elsewhere
    play_on(first, 2)  # played here, kept here
    must(second.changed(name))
    assert actions(second) == actions(first)


def test_the_following_tab_has_the_game_once_the_other_tab_closes_or_leaves_it() -> None:
    first, second, name = two_tabs()
    must(first.held(name, "stolen"))
    play_on(second, 2)
    screen = must(first.held(name, "here"))  # the browser gave it the lock: the game as the other tab kept it
    assert screen.notice == "The game goes on in this tab now." and not first.elsewhere and not screen.net
    assert actions(first) == actions(second) and first.held(name, "here") is None
    play_on(first, 1)
    assert first.storage.get(name) is not None and first.session is not None and first.session.mine is None


def test_a_following_tab_lets_go_of_the_game_on_the_setup_screen_and_takes_it_when_it_opens_it_again() -> None:
    first, _, name = two_tabs()
    must(first.held(name, "stolen"))
    screen = first.to_setup("")
    assert screen.holds == "" and not first.elsewhere and first.following_game == ""
    assert first.held(name, "here") is None
    assert f'data-id="{name.removeprefix(GAME_PREFIX)}"' in screen.latest  # the latest game, to continue
    opened = first.open(f"{GAME}&id={name.removeprefix(GAME_PREFIX)}")  # the newest tab takes the game again
    assert opened.holds == name and not first.elsewhere and "another tab" not in opened.together


def test_a_game_deleted_while_its_tab_followed_it_is_said_so_when_the_tab_would_take_it() -> None:
    first, second, name = two_tabs()
    must(first.held(name, "stolen"))
    second.to_setup("")
    second.storage.remove(name)  # deleted from the shelf in the second tab
    screen = must(first.held(name, "here"))
    assert screen.view == "setup" and "deleted in another tab" in screen.error


def test_a_game_not_kept_yet_is_taken_back_as_it_starts_by_play_here_or_once_the_other_tab_closes() -> None:
    # A new game is kept with its first action (its address starts it again until then): opened in a second tab
    # before anything was played, it was not on the shelf when the first tab would take it back, and that tab went
    # to the setup screen saying the game had been deleted (and the second tab never heard it was taken).
    storage = MemoryStorage()
    first = App(storage, ["en"], rng=random.Random(1))
    first.open(GAME)
    where = address(first)
    second = App(storage, ["en"], rng=random.Random(2))
    name = second.open(where).holds
    assert name == first.screen().holds and storage.get(name) is None  # nothing kept yet
    must(second.held(name, "elsewhere"))
    must(first.held(name, "stolen"))
    screen = must(first.play_here())
    assert screen.view == "play" and screen.notice == "The game goes on in this tab now." and not first.elsewhere
    assert screen.net == ({"do": "steal", "key": name},) and screen.holds == name
    assert "another tab" in must(second.held(name, "stolen")).together and second.elsewhere
    assert actions(first) == actions(second) == []
    play_on(first, 1)  # played here, and kept now
    assert storage.get(name) is not None and must(second.changed(name)).holds == name  # the other tab follows it
    assert actions(second) == actions(first) != []

    third = App(storage, ["en"], rng=random.Random(3))  # the same once the other tab closes: a game not kept yet
    third.open(GAME.replace("seed=8", "seed=9"))
    fourth = App(storage, ["en"], rng=random.Random(4))
    other = fourth.open(address(third)).holds
    must(fourth.held(other, "elsewhere"))
    must(third.held(other, "stolen"))
    taken = must(third.held(other, "here"))
    assert taken.view == "play" and taken.notice == "The game goes on in this tab now." and not third.elsewhere


def test_the_panel_of_a_following_tab_is_told_in_german_too() -> None:
    first, _, name = two_tabs()
    first.set_language("de")
    screen = must(first.held(name, "stolen"))
    assert "Lieber hier spielen" in screen.together and "Der andere Tab zeigt dann" in screen.together
    assert "im anderen Tab dieses Browsers" in screen.status
    first.set_shake(True)  # (a shake there rolls nothing and says nothing)
    assert first.shake(40.0) is None and first.shake(40.0) is None
    told = must(first.roll())  # the die's key (R, W in German): the die is not offered there
    assert told.news.startswith("Dieser Tab zeigt das Spiel nur: Gespielt wird im anderen Tab") and not told.sound
    assert first.click("y:B") is None and first.roll() is None  # (said once)


def test_the_screen_the_review_waited_for_names_the_lock_too_and_a_following_tab_still_follows() -> None:
    """The review's screen once its values are worked out (:meth:`App.worked`) is a screen of the game like any
    other: without the lock's name the page would let go of the game (the tab that follows would take it)."""
    first, second, name = two_tabs("?game=malefiz&board=fast&seats=human,human&seed=5")
    play_on(second, 16)  # more of the people's decisions than the review values at once
    must(first.changed(name))
    for tab in (second, first):
        waiting = must(tab.review())
        assert waiting.holds == name and not waiting.reviewed
        while tab.work():
            pass
        worked = must(tab.worked())
        assert worked.reviewed and worked.holds == name
    must(first.held(name, "stolen"))
    first.review(), first.review()  # (shown anew: it waits for the values again)
    while first.work():
        pass
    screen = first.worked()
    assert screen is None or (screen.holds == name and "another tab" in screen.together and screen.sound is None)


def test_a_warning_standing_in_a_following_tab_stays_when_it_has_the_game_again() -> None:
    """A file refused in the tab while it followed the game (a broken link opened in a new tab takes the game for
    as long as that tab is open): the tab has the game again, the warning stays until it is read and closed."""
    first, _, name = two_tabs()
    must(first.held(name, "stolen"))
    refused = first.load_file("{", 1)
    assert "file" in refused.notice and refused.notice_tone == "alert" and first.elsewhere
    back = must(first.held(name, "here"))
    assert back.notice == refused.notice and not first.elsewhere
