"""The worker's boundary: JSON messages in, replies with the screen, the writes and the address out."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from malefiz.app import KEYS, WITH_CTRL, key_command
from malefiz.bridge import CALLS, THINK_SLICE, Bridge, MirrorStorage, key_table, reseed, start

ELEMENTS = [["page.start", []], ["page.hint", [["data-i18n", "page.hint"]]]]


def send(bridge: Bridge, call: str, *args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(bridge.handle(json.dumps({"call": call, "args": list(args)})))
    return reply


def opened(local: dict[str, str] | None = None, query: str = "", languages: tuple[str, ...] = ("en",)) -> Bridge:
    bridge = Bridge({"local": local or {}, "tab": {}, "writable": True, "languages": list(languages)})
    send(bridge, "open_page", query, "", False, None, ELEMENTS)
    return bridge


def test_opening_gives_settings_keys_texts_and_the_setup_screen() -> None:
    bridge = Bridge({"local": {"malefiz.language": "de"}, "languages": ["en"]})
    reply = send(bridge, "open_page", "", "", True, None, ELEMENTS)
    value = reply["value"]
    assert value["motion"] is False and value["sound"] is False  # calm: reduced motion asked for
    assert value["keys"] == key_table()
    assert value["texts"] == {"language": "de", "texts": ["Spiel starten", "Tipp"]}
    assert reply["screen"]["view"] == "setup" and reply["screen"]["language"] == "de"
    assert reply["address"] is None and reply["writes"] == [] and reply["asks"] is False


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_started_from_the_form_is_kept_through_the_page_and_played_to_the_end(seed: int) -> None:
    bridge = opened()
    bridge.app.rng = random.Random(seed)  # the game's seed is drawn from it
    fields = [["game", "maedn"], ["board", "cross"], ["kind-yellow", "bot:easy"], ["kind-green", "bot:easy"]]
    reply = send(bridge, "start_game", fields)
    screen = reply["screen"]
    assert screen["view"] == "play" and reply["address"]["how"] == "push" and "seats=" in reply["address"]["url"]
    lines = 0

    def follow(shown: dict[str, Any]) -> int:
        """The lines the page's move list holds once it has applied ``shown``'s change."""
        return int(min((0 if shown["log_anew"] else lines) + shown["log_added"].count("<li"), shown["log_count"]))

    lines = follow(screen)
    paced = send(bridge, "set_pace", "instant", False)["screen"]
    if paced is not None:
        screen, lines = paced, follow(paced)
    kept: set[str] = set()
    turns = 0
    while not screen["winner"]:
        assert screen["bot_delay"] is not None, "two computers: the game goes on by itself"
        reply = send(bridge, "think")
        while reply["screen"] is None:
            assert reply["thinking"]
            reply = send(bridge, "think")
        screen = reply["screen"]
        kept |= {key for area, key, _ in reply["writes"] if area == "local"}
        lines = follow(screen)
        turns += 1
        assert turns < 2000
    assert screen["log_count"] == lines  # the changes add up to the list Python has
    assert screen["podium"] and not reply["thinking"]
    assert any(key.startswith("malefiz.game.") for key in kept)  # the page keeps the game after every action


def test_a_move_list_line_shows_an_earlier_board_without_changing_the_game() -> None:
    bridge = opened(query="?game=maedn&seats=human,human&seed=4&forced=off")
    screen = send(bridge, "roll")["screen"]
    assert screen["log_added"].count("<li") >= 1
    value = send(bridge, "line", 0)["value"]
    assert value is not None and value[0].startswith("<svg") and value[1]
    assert send(bridge, "screen")["screen"]["position"] == screen["position"]


def test_the_page_writes_what_the_app_keeps_and_another_tab_s_change_is_followed() -> None:
    bridge = opened()
    reply = send(bridge, "set_sound", True)
    assert reply["writes"] == [["local", "malefiz.sound", "on"]]
    send(bridge, "storage_changed", "local", "malefiz.sound", "off")
    assert bridge.app.sound_setting() is False
    send(bridge, "refused")
    assert send(bridge, "set_sound", True)["writes"] == []


def test_key_table_is_what_key_command_says() -> None:
    table = key_table()
    assert set(table) == set(KEYS) | set(WITH_CTRL)
    for key, (plain, ctrl, alt) in table.items():
        assert plain == key_command(key) and ctrl == key_command(key, ctrl=True) == key_command(key, meta=True)
        assert alt == key_command(key, alt=True)


def test_the_computer_thinks_at_most_a_slice_per_call() -> None:
    ticks = iter(range(10_000))
    bridge = Bridge({}, clock=lambda: next(ticks) * THINK_SLICE / 3)
    send(bridge, "open_page", "?seats=bot:hard,bot:hard&seed=4&pace=instant", "", False, None, [])
    reply = send(bridge, "think")
    assert reply["screen"] is not None or reply["thinking"]


def test_a_tap_right_on_a_piece_that_cannot_move_means_it_and_one_that_grazes_it_the_choice_beside() -> None:
    # Yellow moves a 2: its piece on 9 is stopped by its own on 11, which may move (drawn 20 px to the right).
    position = "maedn cross y:9,11,B,B r:B,B,B,B y2"
    bridge = opened(query="?game=maedn&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
    spots = {"y:11": [120, 100]}
    assert send(bridge, "tap", spots, 103, 101, True, "y:9", [100, 100])["value"] == "y:9"
    assert send(bridge, "tap", spots, 112, 100, True, "y:9", [100, 100])["value"] == "y:11"
    assert send(bridge, "tap", spots, 103, 101, True, "t3", [100, 100])["value"] == "y:11"  # an empty field: the piece
    told = send(bridge, "click", "y:9")["screen"]
    assert told is not None and told["announce"] == "Your own piece stands where this one would land"
    assert bridge.app.session is not None and str(bridge.app.session.state) == position  # nothing moved
    assert send(bridge, "tap", {}, 103, 101, True, "y:9", [100, 100])["value"] == "y:9"  # no choice near: told
    assert send(bridge, "tap", {}, 103, 101, True, "t3", [100, 100])["value"] == "t3"  # an empty field, too
    told = send(bridge, "click", "t3")["screen"]
    assert told is not None and told["announce"] == "With a 2 none of your pieces can go there"


def test_a_tap_right_on_the_bottom_row_while_placing_is_told_why_not_put_on_the_field_above() -> None:
    position = "fast r:4.3,h,h,h y:h,h,h,h x:5.1,5.2,6.3,3.4,7.4 r!"  # Mia puts a barricade down; 9.7 may take it
    bridge = opened(
        query="?game=malefiz&board=fast&seats=human,human&names=Mia&position=" + position.replace(" ", "%20")
    )
    spots = {"9.7": [100, 80]}  # the field above, 20 px up (the bottom row's 9.8 is no choice)
    assert send(bridge, "tap", spots, 101, 97, True, "9.8", [100, 100])["value"] == "9.8"
    assert send(bridge, "tap", spots, 101, 86, True, "9.8", [100, 100])["value"] == "9.7"
    told = send(bridge, "click", "9.8")["screen"]
    assert told is not None and told["announce"] == "The barricade may not go on the bottom row"
    assert bridge.app.session is not None and str(bridge.app.session.state) == position


def test_measured_places_go_to_the_spatial_decisions() -> None:
    bridge = opened()
    spots = {"a": [10, 10], "b": [100, 10]}
    assert send(bridge, "toward", spots, "a", "right")["value"] == "b"
    assert send(bridge, "tap", spots, 12, 11)["value"] == "a"
    assert send(bridge, "tap", spots, 10, 30)["value"] is None  # 20 px off: a mouse misses, a finger does not
    assert send(bridge, "tap", spots, 10, 30, True)["value"] == "a"
    assert send(bridge, "zoom", [], 390, 300, True)["value"][0] == 1
    mine = [0, 0, 195, 150]  # the person zoomed in on the top left quarter: it stays
    assert send(bridge, "zoom", [], 390, 300, True, mine)["value"] is None
    assert send(bridge, "zoom", [[100, 100, 12], [140, 100, 12]], 390, 300, True, mine)["value"] is None
    assert send(bridge, "zoom", [[300, 100, 12], [340, 100, 12]], 390, 300, True, mine)["value"][0] == 2
    # Below the "Whole board" button over the frame's top 50 px: the targets' middle shown 25 px lower
    assert send(bridge, "zoom", [[100, 100, 12], [140, 100, 12]], 390, 300, True, None, 50)["value"] == [2, 120, 87.5]
    # A target in the board's top right corner: zoomed less, so that it lies left of the button 120 px wide
    corner = [[290, 10, 10], [220, 40, 10]]
    assert round(send(bridge, "zoom", corner, 390, 300, True, None, 50, 120)["value"][0], 2) == 1.86
    assert send(bridge, "zoom", corner, 390, 300, True, None, 50)["value"] == [1, 195, 150]  # across: the whole board


@pytest.mark.parametrize(
    "message",
    [
        {"call": "no-such"},
        {"call": "click", "args": "a"},
        {"call": "click", "args": [1]},
        {"call": "toward", "args": [{}, None, "sideways"]},
        {"call": "about", "args": [["village"]]},
        {"call": "line", "args": [None]},
        {"call": "zoom", "args": [[], 390, 300, True, "all"]},
        {"call": "zoom", "args": [[], 390, 300, True, None, 50, "wide"]},
        ["click"],
    ],
)
def test_a_message_the_page_never_sends_is_refused(message: object) -> None:
    bridge = opened()
    with pytest.raises((ValueError, TypeError)):
        bridge.handle(json.dumps(message))


def test_every_call_is_a_bridge_method_or_an_app_call() -> None:
    assert {"open_page", "think", "click", "roll", "start_game", "set_language"} <= set(CALLS)


def test_a_tap_on_the_boards_key_comes_back_as_a_notice_in_the_players_language() -> None:
    bridge = opened(query="?board=fast&seats=human,human&seed=3", languages=("de",))
    screen = send(bridge, "about", "forest")["screen"]
    assert screen["notice"] == "Der Wald: hier warten die im Dorf geschlagenen Figuren"
    assert send(bridge, "about", "nothing")["screen"] is None


def test_start_reseeds_the_dice_so_two_visitors_differ() -> None:
    random.seed(1)
    first = start(json.dumps({"languages": ["en"]}))
    a = random.random()
    random.seed(1)
    second = start(json.dumps({"languages": ["en"]}))
    assert random.random() != a
    assert first.app.rng.random() != second.app.rng.random()
    reseed()


def test_the_mirror_copies_and_reports_writes() -> None:
    kept = MirrorStorage("tab", {"x": "1"})
    kept.changed(None, None)
    assert kept.all_keys() == [] and kept.taken() == []


def test_notation_in_the_move_list_is_the_players_choice_kept_and_redraws_the_whole_list() -> None:
    bridge = opened(query="?game=maedn&seats=bot:easy,bot:easy&seed=4&pace=instant")
    lines = ""
    while lines.count("data-notation=") < 3:  # the computers play a few moves
        screen = send(bridge, "think")["screen"]
        lines = (screen or {}).get("log_added", "") + lines
    assert 'class="notation"' not in lines and ["notation", False] in screen["pressed"] and not screen["notation"]
    # A family reads the words; turning Notation on shows every line anew with its notation beside the words ...
    reply = send(bridge, "notation")
    on = reply["screen"]
    assert on["notation"] is True and ["notation", True] in on["pressed"]
    assert on["enabled"] == [[name, on[f"can_{name}"]] for name in ("hint", "undo", "redo", "review")]
    assert on["log_anew"] and on["log_added"].count("<li") == on["log_count"]
    assert ["local", "malefiz.notation", "on"] in reply["writes"]
    # ... kept for the next visit, and off again the same way.
    again = opened({"malefiz.notation": "on"}, "?game=maedn&seats=human,human&seed=4")
    assert send(again, "screen")["screen"]["notation"] is True
    off = send(bridge, "notation")["screen"]
    assert off["notation"] is False and off["log_anew"] and off["log_count"] == on["log_count"]
    assert send(opened(), "notation")["screen"] is None  # on the setup screen: nothing to show


def test_every_offer_of_the_invite_menu_goes_through_the_bridge_watching_too() -> None:
    """The page sends each offer's ``data-id`` as a number (web/together.js): -1 invites someone to watch."""
    menu = send(opened(query="?game=malefiz&seats=human,human&seed=4"), "invite_menu")["screen"]["invite"]
    offers = [int(found) for found in re.findall(r'data-action="invite" data-id="(-?\d+)"', menu)]
    assert sorted(offers) == [-1, 0, 1]
    for offer in offers:
        bridge = opened(query="?game=malefiz&seats=human,human&seed=4")
        screen = send(bridge, "invite", offer)["screen"]
        together = bridge.app.together
        assert together is not None and screen["together"] and not screen["invite"]
        remote = [i for i, seat in enumerate(together.setup.seats) if seat.kind == "remote"]
        assert remote == ([] if offer < 0 else [offer])


@pytest.mark.parametrize("offer", [-2, 64, 1.5, True, "1"])
def test_an_offer_the_menu_never_shows_is_refused_and_the_game_stays(offer: object) -> None:
    bridge = opened(query="?game=malefiz&seats=human,human&seed=4")
    with pytest.raises(ValueError):
        send(bridge, "invite", offer)
    assert bridge.app.together is None and bridge.app.session is not None
