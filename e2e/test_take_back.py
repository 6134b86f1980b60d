"""Taking a move back between devices in the browser: the person who moved last presses *Undo* on their own device,
and both devices go back to just after the roll, over the real WebRTC stack on 127.0.0.1 (e2e/test_net.py)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page
from site_page import Watch
from test_net import devices
from test_together import LOOK, POSITION, SAME_POSITION, act, best_clicks, click_middle, converge, set_up

__all__ = ["devices"]

UNDO = '[data-action="undo"]'


def test_the_guest_takes_a_move_back_with_undo_and_both_devices_show_the_position_after_its_roll(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    # Malefiz: every move chooses among several pawns and fields (in Mensch ärgere Dich nicht a game's first moves
    # are forced, and the fair dice are new each time: a game might end before Ben ever had a choice)
    host, guest = set_up(devices, site_url, "game=malefiz&board=fast&seats=human,remote&names=Anna,Ben&pace=instant")
    assert host.locator(UNDO).is_visible() and host.locator(UNDO).is_disabled()  # nothing of Anna's to take back
    assert guest.locator('[data-action="redo"]').is_hidden()  # a move taken back is chosen anew
    for _ in range(400):
        look = guest.evaluate(LOOK)
        if look["mine"] and look["roll"] is None:  # Ben chooses a move (after his roll)
            before = look["position"]
            for key in best_clicks(before, "malefiz"):
                click_middle(guest, f'#board [data-key="{key}"].movable, #board [data-key="{key}"].target')
            converge([host, guest])
            if guest.locator(UNDO).is_enabled():  # a choice among several: his to take back
                break
            continue
        if not (act(host, "malefiz") or act(guest, "malefiz")):
            converge([host, guest])
    else:
        raise AssertionError("Ben never chose among several moves")
    assert host.locator(UNDO).is_disabled()
    guest.click(UNDO)
    for page in (guest, host):
        page.wait_for_function(SAME_POSITION, arg=before)
        page.wait_for_function("() => document.querySelector('[data-message]').textContent.endsWith('move taken back')")
    guest.wait_for_selector("#board .movable, #board .target")  # Ben chooses again
    assert guest.locator(UNDO).is_disabled()  # the roll stays: nothing more to take back
    assert host.evaluate(POSITION) == before
    watch.assert_clean()
