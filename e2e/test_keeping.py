"""Never losing a game: reload and resume in every phase, undo and redo, Back and Forward, files and links."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from urllib.parse import urlencode

from site_page import STILL, GamePage, seed_rolling

from malefiz.games.malefiz.board import field

WAIT_FOR_PERSON = """
() => document.querySelector('[data-action="roll"]:not([disabled])') !== null
   || document.querySelector('#board .movable') !== null
   || document.querySelector('#board .target') !== null
   || !document.querySelector('[data-winner]').hidden
"""


def reload(game: GamePage) -> None:
    """Reload the page like a person pressing F5, and wait until it is ready again."""
    game.page.reload()
    game.page.wait_for_selector("html[data-ready]")


def reload_keeps(game: GamePage) -> str:
    """Reload: the position, what to do now and the move list come back as they were; returns the position."""

    def now() -> tuple[str, str, list[str]]:
        log = game.page.locator("[data-log] li").all_text_contents()
        return game.position_text(), game.page.locator("[data-now]").text_content() or "", log

    game.page.wait_for_selector(STILL, state="attached")  # a forced move due plays first: the position is kept
    before = now()
    reload(game)
    after = now()
    assert after == before
    return before[0]


def test_reload_resumes_before_and_after_a_roll(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,human&names=Anna,Ben&first=yellow&seed=4")
    reload_keeps(game)  # before the first roll
    game.roll()
    assert game.position()["phase"] in ("move", "roll")
    reload_keeps(game)  # after it
    assert game.page.locator("[data-notice]").is_hidden()
    game.watch.assert_clean()


def test_reload_resumes_while_a_barricade_waits_for_its_field(game: GamePage) -> None:
    game.take_a_barricade()
    assert game.position()["phase"] == "place"
    reload_keeps(game)
    assert "put the barricade" in game.status()
    game.place(field(7, 7))
    assert game.position()["phase"] == "roll"
    game.watch.assert_clean()


def test_reload_resumes_in_the_middle_of_three_tries(game: GamePage) -> None:
    query = {
        "game": "maedn",
        "seats": "human,human",
        "position": "maedn cross y:B,B,B,B r:B,B,B,B y? +three",
        "seed": seed_rolling(2, 3, 6),
    }
    game.open("?" + urlencode(query))
    game.roll()
    assert "try 2 of 3" in game.status()
    reload_keeps(game)
    game.roll()
    assert "try 3 of 3" in game.status()
    game.watch.assert_clean()


def test_reload_while_a_computer_plays_lets_it_play_on(game: GamePage) -> None:
    game.open("?game=maedn&board=star&seats=bot:hard,bot:medium,human&pace=slow&first=yellow&seed=6")
    game.page.wait_for_function("() => document.querySelector('[data-log] li') !== null")  # the computer is at it
    reload(game)
    assert "thinking" in game.status() or game.roll_enabled()
    game.page.wait_for_function(WAIT_FOR_PERSON)  # and reaches the person's turn
    assert game.position()["turn"] == "green"  # the third colour on the star with three players
    game.watch.assert_clean()


def test_undo_takes_back_the_move_but_not_the_roll_and_redo_plays_it_again(game: GamePage) -> None:
    game.open("?game=maedn&seats=human,bot:medium&first=yellow&pace=instant&seed=12")
    undo = game.page.locator('[data-action="undo"]')
    redo = game.page.locator('[data-action="redo"]')
    for _ in range(200):  # play until yellow has a choice made, then the computer's turn is done
        game.page.wait_for_function(WAIT_FOR_PERSON)
        if game.roll_enabled():
            if undo.is_enabled():
                break
            game.roll()
            continue
        before = game.position_text()
        game.click_center("#board .piece.movable")
        game.wait_for_position_change(before)
    else:
        raise AssertionError("no move to undo")
    played = game.position_text()
    assert undo.get_attribute("title") == "Take back your last move (not the roll)"  # one person: their own
    undo.click()
    game.page.wait_for_function("() => !document.querySelector('[data-action=\"redo\"]').disabled")
    taken_back = game.position()
    assert taken_back["phase"] == "move" and taken_back["turn"] == "yellow"
    assert undo.is_disabled()  # the roll itself stays
    assert ": move taken back" in (game.page.locator("[data-message]").text_content() or "")
    redo.click()
    game.page.wait_for_function("() => document.querySelector('[data-action=\"roll\"]:not([disabled])') !== null")
    assert game.position_text() == played  # the computer played on as before
    undo.click()
    game.page.wait_for_function("() => !document.querySelector('[data-action=\"redo\"]').disabled")
    reload_keeps(game)  # a game after an undo is kept as it is now
    game.watch.assert_clean()


def test_undo_can_be_switched_off(game: GamePage) -> None:
    game.open("?game=malefiz&seats=human,human&undo=off&seed=2")
    assert game.page.locator('[data-action="undo"]').is_hidden()
    game.watch.assert_clean()


def test_back_and_forward_keep_both_the_setup_and_the_game(game: GamePage) -> None:
    game.open("")
    game.page.locator("input[name=game][value=maedn]").check()
    game.page.locator('[data-action="start"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    game.page.wait_for_function(WAIT_FOR_PERSON)
    if game.roll_enabled():
        game.roll()
    game.page.wait_for_selector(STILL, state="attached")  # a forced move due is played before the game is left
    position = game.position_text()
    game.page.go_back()
    game.page.wait_for_selector("#setup:not([hidden])")
    assert game.page.locator('[data-latest] [data-action="continue"]').is_visible()  # the game is the card on top
    game.page.go_forward()
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.position_text() == position
    # Leaving by the header's New game button asks first; staying changes nothing.
    game.page.locator('header [data-action="setup"]').click()
    game.page.locator("[data-confirm]").wait_for()
    assert game.page.locator("[data-confirm] button").all_text_contents() == ["Leave the game", "Stay"]
    game.page.locator('[data-action="confirm-no"]').click()
    assert game.page.locator("#play").is_visible() and game.position_text() == position
    game.page.locator('header [data-action="setup"]').click()
    game.page.locator('[data-action="confirm-yes"]').click()
    game.page.wait_for_selector("#setup:not([hidden])")
    game.page.locator('[data-latest] [data-action="continue"]').click()
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.position_text() == position
    game.watch.assert_clean()


def saved_game(game: GamePage, folder: Path) -> tuple[str, Path]:
    """A game of Malefiz on the fast board at a person's choice, saved by *Save file*: its position, and the file."""
    game.open("?game=malefiz&board=fast&seats=human,bot:medium&pace=instant&seed=5")
    game.roll()
    game.page.wait_for_function(WAIT_FOR_PERSON)
    with game.page.expect_download() as download:
        game.page.locator('[data-action="download"]').click()
    saved = folder / "game.json"
    download.value.save_as(saved)
    return game.position_text(), saved


def test_a_saved_file_and_a_link_give_the_game_back(game: GamePage, tmp_path: Path) -> None:
    position, saved = saved_game(game, tmp_path)
    assert json.loads(saved.read_text())["position"] == json.loads(position)
    game.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=game.page.url)
    game.page.locator('[data-action="link"]').click()
    link = game.page.locator("[data-link]:not([hidden])").input_value()
    assert "#game=" in link
    said = game.page.locator("[data-link-copied]")  # on the clipboard, and said so
    said.wait_for()
    assert said.text_content() == "Link copied: it opens this game at this move, on any device."
    assert game.page.evaluate("navigator.clipboard.readText()") == link
    game.page.reload()  # the same game, at the same move
    game.page.wait_for_selector("html[data-ready]")
    game.page.locator('[data-action="link"]').click()
    said.wait_for()
    for _ in range(3):  # the game goes on (a pawn, then its field): the link shown is of the move before
        if game.position_text() != position:
            break
        game.click_center("#board .target" if game.page.locator("#board .target").count() else "#board .movable")
        game.page.wait_for_selector(STILL, state="attached")
    assert game.position_text() != position
    assert game.page.locator("[data-link]").is_hidden() and said.is_hidden()
    # A fresh page (nothing kept) opens the link and the file.
    game.page.evaluate("localStorage.clear()")
    game.page.goto(link)
    game.page.wait_for_selector("html[data-ready]")
    assert game.position_text() == position and "#" not in game.page.url
    game.page.evaluate("localStorage.clear()")
    game.open("")
    game.page.locator("#setup [data-load-file]").set_input_files(str(saved))
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.position_text() == position
    # The link pasted into a new tab's bare address: only the fragment changes, the page is not loaded again.
    game.page.evaluate("localStorage.clear()")
    tab = game.page.context.new_page()
    tab.on("pageerror", lambda error: game.watch.errors.append(f"page error: {error}"))
    tab.goto(link.split("#")[0])
    tab.wait_for_selector("html[data-ready] #setup:not([hidden])")
    tab.goto(link)
    tab.wait_for_selector("#play:not([hidden])")
    assert tab.locator("[data-position]").text_content() == position and "#" not in tab.url
    game.watch.assert_clean()


def test_broken_links_and_files_leave_the_game_as_it_was(game: GamePage, tmp_path: Path) -> None:
    game.open("?game=maedn&seats=human,human&first=yellow&seed=3&forced=off")
    game.roll()
    position = game.position_text()
    address = game.page.url.split("#")[0]
    for broken in ("#game=", "#game=eNpLz", "#game=" + "A" * 300, "#game=%3Cscript%3E"):
        # Each broken link opened in a new tab of the same browser (the kept game is shared).
        tab = game.page.context.new_page()
        tab.on("pageerror", lambda error: game.watch.errors.append(f"page error: {error}"))
        tab.on("console", lambda m: game.watch.errors.append(m.text) if m.type == "error" else None)
        tab.goto(address + broken)
        tab.wait_for_selector("html[data-ready]")
        notice = tab.locator("[data-notice]")
        assert notice.is_visible() and "link" in (notice.text_content() or "").lower()
        assert tab.locator("[data-position]").text_content() == position
        tab.close()
    files = {
        "empty.json": b"",
        "other.json": b'{"game": "malefiz", "players": ["red"]}',
        "binary.json": bytes(range(256)),
        "cut.json": json.dumps({"format": "malefiz-site-game", "version": 1, "setup": "?seats=human"}).encode(),
    }
    for name, data in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        game.page.locator("#play [data-load-file]").set_input_files(str(path))
        game.page.wait_for_function("() => document.querySelector('[data-notice]').textContent.includes('file')")
        assert game.position_text() == position, name
    game.watch.assert_clean()


def test_a_hostile_name_is_shown_as_text(game: GamePage) -> None:
    name = '<img src=x onerror="document.title=1">'
    game.open("?" + urlencode({"game": "maedn", "seats": "human,human", "names": f"{name},Ben", "first": "yellow"}))
    assert name[:24] in game.status()  # names are cut at 24 characters
    assert game.page.locator("img[src=x]").count() == 0 and game.page.title() != "1"
    game.watch.assert_clean()


def test_a_hostile_name_in_a_link_and_a_file_runs_nothing(game: GamePage, tmp_path: Path) -> None:
    name = '<img src=x onerror="document.title=1">'
    query = {"game": "malefiz", "seats": "human,human", "names": f"{name},Ben", "seed": 4}
    game.open("?" + urlencode(query))
    game.roll()
    game.page.locator('[data-action="link"]').click()
    link = game.page.locator("[data-link]:not([hidden])").input_value()
    with game.page.expect_download() as download:
        game.page.locator('[data-action="download"]').click()
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    position = game.position_text()
    game.page.goto(link)  # the link: a new game on the shelf, the name shown as text
    game.page.wait_for_selector("html[data-ready]")
    assert game.position_text() == position and name[:24] in game.status()
    game.page.locator("#play [data-load-file]").set_input_files(str(saved))  # the file: another one
    game.page.wait_for_function("(id) => !location.search.includes(id)", arg=game.game_id())
    assert game.position_text() == position
    game.open("?game=malefiz")  # the setup screen lists them, names as text
    listed = [game.page.locator(where).text_content() or "" for where in ("[data-latest]", "[data-shelf]")]
    assert all(name[:24] in text for text in listed)  # the latest on top, the other below
    assert game.page.locator("img[src=x]").count() == 0 and game.page.title() != "1"
    game.watch.assert_clean()


def test_without_storage_the_game_plays_and_says_saving_is_off(game: GamePage) -> None:
    game.page.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('no', 'SecurityError'); }")
    game.open("?game=maedn&seats=human,human&first=yellow&seed=3")
    game.roll()
    note = game.page.locator("[data-save-note]")
    assert note.is_visible() and "Saving is off" in (note.text_content() or "")
    game.watch.assert_clean()


def test_a_bad_seed_shows_the_setup_screen_with_a_message(game: GamePage) -> None:
    for seed in ("²", "9" * 5000):
        game.open(f"?seats=human,bot&seed={seed}")
        error = game.page.locator("[data-setup-error]")
        assert game.page.locator("#setup").is_visible() and "seed" in (error.text_content() or "").lower()
    game.watch.assert_clean()


def test_changing_the_pace_while_a_computer_walks_does_not_freeze_the_game(game: GamePage) -> None:
    game.open("?seats=bot:greedy,human&seed=4&board=fast&pace=slow")
    # The computer's pawn starts walking (a frame of its way is drawn): change the pace then.
    game.page.wait_for_function("() => document.querySelector('#board .field.trail') !== null")
    game.page.locator("[data-pace]").select_option("fast")
    game.page.wait_for_function("() => document.querySelector('[data-action=\"roll\"]:not([disabled])') !== null")
    assert "roll the die" in game.status()
    game.watch.assert_clean()


def test_a_move_is_kept_the_moment_it_is_made_not_after_its_walk(game: GamePage) -> None:
    """A reload (or a closed tab) while the moved piece still walks its way keeps the move."""
    game.open(f"?seats=human,human&names=Anna,Ben&seed={seed_rolling(6)}&pace=slow")
    assert game.page.locator("[data-motion-switch]").is_checked()
    game.roll()
    game.page.wait_for_selector("#board .target")
    target = game.page.locator("#board .target").first.get_attribute("data-key")
    assert target is not None
    before = game.position_text()
    game.click_key(target, ".target")
    kept = game.kept()["save"]["actions"]
    assert kept[-1] == f"h-{target}"  # kept already, while the pawn walks
    assert game.position_text() == before  # the walk is still under way: the page shows the old position
    reload(game)
    x, y = (int(n) for n in target.split("."))
    assert [x, y] in game.position()["pawns"]["red"]
    game.watch.assert_clean()


def test_deeply_nested_json_in_a_link_a_file_or_storage_never_blanks_the_page(game: GamePage, tmp_path: Path) -> None:
    deep = "[" * 20_000 + "]" * 20_000
    link = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    assert len(link) < 120  # a short link that used to leave a page that never became ready
    game.open(f"#game={link}")
    assert "link" in (game.page.locator("[data-setup-error]").text_content() or "").lower()
    # The same in storage: the site still starts, the record stays listed to download or delete.
    game.page.evaluate("(text) => localStorage.setItem('malefiz.game.deepdeep00', text)", deep)
    game.open("")
    assert game.page.locator('[data-shelf] li[data-id="deepdeep00"] [data-action="download-kept"]').is_visible()
    # And as a file, during a game: refused, the game and the die go on.
    game.open("?game=maedn&seats=human,human&first=yellow&seed=3")
    position = game.position_text()
    path = tmp_path / "deep.json"
    path.write_text(deep)
    game.page.locator("#play [data-load-file]").set_input_files(str(path))
    game.page.wait_for_function("() => document.querySelector('[data-notice]').textContent.includes('file')")
    assert game.position_text() == position
    game.page.locator('[data-action="close-notice"]').click()  # the close button takes the message away, nothing else
    game.page.wait_for_selector("[data-notice][hidden]", state="attached")
    assert game.page.locator(".alert.notice").is_hidden() and game.position_text() == position
    game.roll()
    game.watch.assert_clean()


DROP = """([name, text]) => {
  const carried = new DataTransfer();
  carried.items.add(new File([text], name, {type: "application/json"}));
  const over = new DragEvent("dragover", {dataTransfer: carried, bubbles: true, cancelable: true});
  document.querySelector("#board").dispatchEvent(over);
  const dropping = document.documentElement.hasAttribute("data-dropping");
  const drop = new DragEvent("drop", {dataTransfer: carried, bubbles: true, cancelable: true});
  document.querySelector("#board").dispatchEvent(drop);
  return [over.defaultPrevented, dropping, drop.defaultPrevented];
}"""
"""A file named ``name`` holding ``text`` dragged from the computer's folders onto the board and dropped: whether the
page took the drag (the browser would have opened the file instead), showed it, and took the drop."""


def test_a_saved_game_dropped_on_the_page_opens_and_a_broken_one_is_refused(game: GamePage, tmp_path: Path) -> None:
    position, saved = saved_game(game, tmp_path)
    game.page.evaluate("localStorage.clear()")
    game.open("")  # the setup screen of a fresh page: the file dropped onto it
    assert game.page.evaluate(DROP, ["game.json", saved.read_text()]) == [True, True, True]
    game.page.wait_for_selector("#play:not([hidden])")
    assert game.position_text() == position
    assert not game.page.evaluate("document.documentElement.hasAttribute('data-dropping')")
    # A broken file dropped on a game: said in the player's language, the game stays as it was.
    game.page.locator("[data-language]").first.select_option("de")
    game.page.wait_for_function("() => document.documentElement.lang === 'de'")
    game.page.evaluate(DROP, ["broken.json", '{"format": "malefiz-site-game"'])
    game.page.wait_for_function("() => document.querySelector('[data-notice]').textContent.includes('Datei')")
    assert game.position_text() == position
    game.watch.assert_clean()
