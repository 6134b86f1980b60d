"""The shelf (malefiz.shelf through malefiz.app): every game kept under its own identity, two tabs, records that
cannot be read, the slot of earlier versions."""

from __future__ import annotations

import json
import random
import re

import pytest

from malefiz import shelf
from malefiz.app import KEEP_KEY, App, MemoryStorage, id_in
from malefiz.core import savefile
from malefiz.core.setup import Games
from malefiz.games import GAMES
from malefiz.i18n import Translator
from malefiz.shelf import GAME_PREFIX, MAX_FINISHED, Shelf, Shelved, when_words

GAME = "?game=malefiz&board=classic&seats=human,human&seed=8&names=Ann,Bob"
OTHER = "?game=maedn&board=cross&seats=human,human&seed=5&names=Cleo,Dan"


class Clock:
    """A clock the test moves on."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        self.now += 1
        return self.now


def app(storage: MemoryStorage, language: str = "en", clock: Clock | None = None) -> App:
    return App(storage, [language], rng=random.Random(1), clock=clock or Clock())


def play(a: App, moves: int) -> None:
    """A person rolls and plays the first choice, ``moves`` times (whoever's turn it is)."""
    s = a.session
    assert s is not None
    for _ in range(moves):
        if s.state.is_chance:
            assert a.roll() is not None
        if s.is_person_to_choose():
            choice = s.choices()[0]
            if choice.piece is not None and s.selected != choice.piece:
                a.click(choice.piece)
            assert a.click(choice.field) is not None


def address(a: App) -> str:
    assert a.address is not None
    found = a.address.query
    a.address = None
    return found


def actions(a: App) -> list[str]:
    assert a.session is not None
    return [str(x) for x in a.session.record.actions()]


def test_each_game_is_kept_under_its_own_identity_and_back_returns_to_each_as_it_was() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    first = address(a)
    play(a, 3)
    one = actions(a)
    a.open(OTHER)  # another address in the same tab
    second = address(a)
    play(a, 2)
    two = actions(a)
    assert id_in(first) != id_in(second)
    a.open(first)  # Back
    assert actions(a) == one and a.game_id == id_in(first)
    a.open(second)  # Forward
    assert actions(a) == two
    assert {s.id for s in a.shelf.listing()} == {id_in(first), id_in(second)}


def test_the_setup_screen_lists_games_in_progress_latest_first_with_continue_and_delete() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    one = a.game_id
    play(a, 1)
    a.open(OTHER)
    two = a.game_id
    play(a, 1)
    screen = a.to_setup(OTHER)
    assert screen.view == "setup" and one and two
    # The latest is the card at the top, with Continue and Delete; the list below holds the others (not it again).
    assert f'data-id="{two}"' in screen.latest and f'data-id="{two}"' not in screen.shelf
    assert 'data-action="continue"' in screen.latest and 'data-action="delete"' in screen.latest
    assert f'data-id="{one}"' in screen.shelf and "More games in progress" in screen.shelf
    assert "Cleo (yellow), Dan (red)" in screen.latest and "Ann (red), Bob (yellow)" in screen.shelf
    assert "1 move" in screen.shelf and "1 move" in screen.latest
    assert "data:image/svg+xml;base64," in screen.shelf + screen.latest  # a small picture of each board
    for html, prefix in ((screen.shelf, "shelf"), (screen.latest, "latest")):  # each button says which game it is for
        for button in re.findall(r"<button[^>]*>", html):
            described = re.search(r'aria-describedby="([^"]+)"', button)
            key = re.search(r'data-id="([^"]+)"', button)
            assert described and key and described.group(1) == f"{prefix}-{key.group(1)}"
            assert f'id="{described.group(1)}"' in html
    assert "just now" in screen.shelf
    assert a.question("delete") == {  # its buttons say what they do (not "Leave the game" / "Stay")
        "text": "Delete this game? It cannot be brought back.",
        "yes": "Delete",
        "no": "Keep",
    }
    after = a.delete(one)
    assert f'data-id="{one}"' not in after.shelf + after.latest and f'data-id="{two}"' in after.latest
    assert after.shelf == ""  # the only game left is the card: no list under it
    continued = a.continue_game(two)
    assert continued is not None and continued.view == "play" and a.game_id == two
    assert app(MemoryStorage()).open("").shelf == ""  # nothing kept: no list


def test_pace_language_motion_and_sound_are_no_part_of_a_games_identity() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 2)
    kept = actions(a)
    a.set_pace("fast")
    a.set_language("de")
    a.set_motion(False)
    a.set_sound(True)
    again = app(storage)
    again.open(address(a))
    assert actions(again) == kept and again.game_id == a.game_id
    changed = app(storage)
    assert a.address is None
    changed.open(f"{GAME.replace('pace=fast', '')}&pace=slow&id={a.game_id}")
    assert actions(changed) == kept


def test_a_link_or_a_file_adds_a_game_and_never_overwrites_one() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 2)
    mine = actions(a)
    link = a.link("http://x/")
    found = a.save_file()
    assert link is not None and found is not None
    b = app(storage)
    b.open("", link[link.index("#") :])
    assert b.game_id != a.game_id and actions(b) == mine
    play(b, 1)
    b.load_file(found[1], len(found[1]))
    assert b.game_id not in (a.game_id, None) and actions(b) == mine
    assert len(b.shelf.ids()) == 3
    c = app(storage)
    c.open(f"{GAME}&id={a.game_id}")
    assert actions(c) == mine  # the first game is exactly as it was


def test_a_rematch_gets_a_new_identity_and_the_last_one_stays_kept() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 2)
    first, kept = a.game_id, actions(a)
    a.rematch()
    assert a.game_id != first and a.address is not None and f"id={a.game_id}" in a.address.query
    b = app(storage)
    b.open(f"{GAME}&id={first}")
    assert actions(b) == kept


def test_the_tab_that_is_behind_catches_up_and_never_overwrites_newer_moves() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    where = address(a)
    play(a, 1)
    b = app(storage)  # the same game in a second tab
    b.open(where)
    play(a, 2)
    newer = actions(a)
    # b hears of it (the storage event) and catches up
    screen = b.changed(f"{GAME_PREFIX}{a.game_id}")
    assert screen is not None and actions(b) == newer and "another tab" in screen.notice
    assert b.changed("malefiz.language") is None
    # a acts on a stale copy before hearing of b's move: nothing of b's is overwritten
    play(b, 1)
    newest = actions(b)
    assert a.session is not None and a.session.state.is_chance
    screen = a.roll()  # a's roll is not kept over b's move: a catches up instead, and says so
    assert screen is not None and "another tab" in screen.notice and actions(a) == newest
    assert json.loads(storage.kept[f"{GAME_PREFIX}{a.game_id}"])["save"]["actions"] == newest


def test_a_tab_reads_its_game_back_only_when_another_tab_wrote_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before each write a tab checks the kept revision; the text it wrote itself is not read again (a long game's
    text is long, and a page keeps its game after every action)."""
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 1)
    read: list[str] = []
    real = shelf.read

    def counted(game_id: str, text: str, games: Games) -> Shelved:
        read.append(game_id)
        return real(game_id, text, games)

    monkeypatch.setattr(shelf, "read", counted)
    play(a, 20)
    assert read == [] and len(actions(a)) > 20
    other = Shelf(storage, GAMES)
    assert a.game_id is not None and not other.newer(a.game_id, 10**6) and other.newer(a.game_id, 1)
    assert read == [a.game_id] * 2  # another tab's shelf reads it, each time


def test_the_setup_screen_lists_anew_when_another_tab_keeps_a_game() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open("")
    b = app(storage)
    b.open(GAME)
    play(b, 1)
    screen = a.changed(f"{GAME_PREFIX}{b.game_id}")
    assert screen is not None and f'data-id="{b.game_id}"' in screen.latest


UNREADABLE = {
    "empty": "",
    "null": "null",
    "reversed braces": "}{",
    "cut short": "TRUNCATE",
    "deep": "[" * 20_000 + "]" * 20_000,
    "changed position": "POSITION",
    "removed action": "REMOVE",
    "another setup": "SETUP",
}


def spoil(text: str, how: str) -> str:
    doc = json.loads(text)
    if how == "TRUNCATE":
        return text[: len(text) // 2]
    if how == "POSITION":
        doc["save"]["position"]["turn"] = "blue" if doc["save"]["position"].get("turn") != "blue" else "red"
    elif how == "REMOVE":
        doc["save"]["actions"].pop(1)
    elif how == "SETUP":
        doc["save"]["setup"] = doc["save"]["setup"].replace("game=malefiz", "game=maedn")
    else:
        return how
    return json.dumps(doc)


@pytest.mark.parametrize("name", UNREADABLE)
def test_a_kept_game_that_cannot_be_read_stays_marked_to_download_or_delete(name: str) -> None:
    storage = MemoryStorage()
    a = app(storage, "de")
    a.open(GAME)
    where = address(a)
    play(a, 4)
    key = f"{GAME_PREFIX}{a.game_id}"
    storage.kept[key] = spoil(storage.kept[key], UNREADABLE[name])
    spoilt = storage.kept[key]
    b = app(storage, "de")
    screen = b.open(where)
    assert screen.view == "setup" and "lässt sich nicht lesen" in screen.error  # told, in the player's language
    assert storage.kept[key] == spoilt  # never thrown away, never overwritten
    listed = b.setup_screen()
    if b.shelf.get(str(a.game_id)).problem is not None:  # type: ignore[union-attr]
        assert "download-kept" in listed.shelf
    continued = b.continue_game(str(a.game_id))
    assert continued is not None and continued.view == "setup" and continued.error
    assert b.kept_file(str(a.game_id)) == (f"malefiz-kept-{a.game_id}.json", spoilt)
    b.delete(str(a.game_id))
    assert key not in storage.kept


def test_one_unreadable_game_never_stops_a_start_or_the_list() -> None:
    storage = MemoryStorage()
    storage.kept[f"{GAME_PREFIX}aaaaaaaaaa"] = "[" * 1_000_000
    storage.kept[f"{GAME_PREFIX}bbbbbbbbbb"] = '{"format":"malefiz-shelf","save":{"game":"x"}}'
    a = app(storage)
    screen = a.open("")
    assert screen.shelf.count("download-kept") == 2
    assert a.open(GAME).view == "play"


def test_the_slot_of_earlier_versions_moves_onto_the_shelf() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 2)
    assert a.session is not None
    old = MemoryStorage()
    old.kept[KEEP_KEY] = json.dumps(savefile.save(a.session))
    b = app(old)
    assert KEEP_KEY not in old.kept
    (moved,) = b.shelf.listing()
    assert moved.moves == 2 and moved.setup is not None and [s.name for s in moved.setup.seats] == ["Ann", "Bob"]
    broken = MemoryStorage()
    broken.kept[KEEP_KEY] = "}{"
    c = app(broken)
    (kept,) = c.shelf.listing()
    assert kept.problem is not None and kept.text == "}{"


def test_an_untouched_game_is_not_kept_but_its_address_starts_it_again() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    assert a.shelf.ids() == []
    b = app(storage)
    b.open(address(a))
    assert b.game_id == a.game_id and actions(b) == []


def test_finished_games_make_room_but_games_in_progress_never_do() -> None:
    storage = MemoryStorage()
    shelf = Shelf(storage, GAMES)
    a = app(storage)
    for seed in range(MAX_FINISHED + 3):
        a.open(f"?board=fast&seats=bot:easy,bot:easy&pace=instant&seed={seed}")
        assert a.session is not None
        while not a.session.state.is_over:
            a.think()
        a.screen()
    a.open(GAME)
    play(a, 1)
    listing = shelf.listing()
    assert sum(1 for s in listing if s.over) == MAX_FINISHED
    assert any(not s.over for s in listing)


def test_a_hostile_identity_in_the_address_is_ignored() -> None:
    for hostile in ("../x", "<script>", "a" * 40, "AAAAAAAAAA"):
        assert id_in(f"?seats=human,human&id={hostile}") is None


def test_when_words_in_both_languages() -> None:
    de = Translator("de")
    assert when_words(0, 60, de) == "vor 1 Minute" and when_words(0, 86400 * 2, de) == "vor 2 Tagen"


def test_the_last_move_of_a_kept_game_is_listed_in_the_language_of_the_page() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.open(GAME)
    play(a, 1)
    english = a.to_setup(GAME).latest
    assert "Ann" in english and "moves" in english.split('class="shelf-last">')[1].split("</span>")[0]
    german = app(storage, "de").open("").latest
    last = german.split('class="shelf-last">')[1].split("</span>")[0]
    assert "zieht" in last and "moves" not in last, last
