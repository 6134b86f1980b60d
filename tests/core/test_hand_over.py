"""Who plays a seat, changed during a game (Session.hand_over): the game goes on, the review keeps each decision with
whoever made it, a saved game and its link keep the changes, anything else is refused."""

from __future__ import annotations

import json

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.core import savefile
from malefiz.core.errors import MalefizError
from malefiz.core.screen import log_lines, players_html
from malefiz.core.session import Session
from malefiz.games import GAMES
from malefiz.i18n import Translator

ADDRESSES = {
    "malefiz": "?game=malefiz&board=fast&seats=human,bot:medium&names=Mia,&seed=11",
    "maedn": "?game=maedn&board=cross&seats=human,bot:medium&names=Mia,&first=yellow&seed=11",
}


def session(address: str, language: str = "en") -> Session:
    return Session.from_address(address, GAMES, language=language)


def play_until(s: Session, entries: int) -> None:
    """Play on (people take the chances' best action, computers theirs) until ``entries`` entries and then to the
    next decision of anyone's, or to the end."""
    while not s.state.is_over and (len(s.record) < entries or s.state.is_chance):
        if s.is_bot_turn():
            s.bot_step()
        elif s.state.is_chance:
            assert s.roll()
        else:
            assert s.play(s.rated()[0].action)


def decided_by(s: Session) -> set[int]:
    """The entries whose decision the review values."""
    return {d.index for d in s.review().decisions}


def choices_made(s: Session, seat: int, since: int = 0, until: int | None = None) -> set[int]:
    """The entries from ``since`` to ``until`` where ``seat`` chose among several actions."""
    entries = s.record.entries
    return {
        i
        for i in range(since, len(entries) if until is None else until)
        if entries[i].is_move
        and entries[i].before.current_seat == seat
        and len(s.game.legal_actions(entries[i].before)) > 1
    }


@pytest.mark.parametrize("game", sorted(ADDRESSES))
def test_a_person_hands_their_colour_to_the_computer_and_the_game_plays_on(game: str) -> None:
    s = session(ADDRESSES[game])
    play_until(s, 40)
    handed_at = len(s.record)
    assert s.can_hand_over() and s.player_choices() == ("human", "easy", "medium", "hard")
    assert s.player_choice(0) == "human" and s.player_choice(1) == "medium"
    assert s.hand_over(0, "easy")
    assert s.setup.seats[0].kind == "bot" and s.setup.seats[0].level == "easy" and s.setup.seats[0].name == "Mia"
    assert s.message == f"{s.seat_name(0)}: Computer (easy) plays from now on" and s.player_choice(0) == "easy"
    assert not s.hand_over(0, "easy")  # the same again: nothing changes
    assert s.handed == [(handed_at, 0, "human", "easy")] and s.handed[0].person
    while not s.state.is_over:  # computers only now
        assert s.is_bot_turn()
        s.bot_step()
    assert not s.can_hand_over() and not s.hand_over(1, "human")  # over: nobody plays on
    # The review keeps Mia's decisions before she left, none of the computer's after.
    assert decided_by(s) == choices_made(s, 0, until=handed_at) != set()
    assert s.people() == [0]


@pytest.mark.parametrize("game", sorted(ADDRESSES))
def test_a_person_takes_over_the_computers_colour(game: str) -> None:
    s = session(ADDRESSES[game], language="de")
    play_until(s, 60)
    taken_at = len(s.record)
    assert s.hand_over(1, "human")
    assert s.message == f"{s.seat_name(1)}: Ab jetzt spielt ein Mensch" and s.people() == [0, 1]
    play_until(s, taken_at + 80)
    assert decided_by(s) == choices_made(s, 0) | choices_made(s, 1, since=taken_at)
    assert choices_made(s, 1, until=taken_at)  # the computer's own choices before are not the person's


def test_who_plays_a_seat_survives_a_save_a_link_and_a_reload_with_the_same_review() -> None:
    s = session(ADDRESSES["malefiz"])
    play_until(s, 30)
    first = len(s.record)
    s.hand_over(1, "human")
    play_until(s, 60)
    then = len(s.record)
    s.hand_over(0, "hard")
    s.hand_over(1, "easy")
    play_until(s, 90)
    doc = savefile.save(s)
    assert doc["handed"] == [[first, 1, "medium", "human"], [then, 0, "human", "hard"], [then, 1, "human", "easy"]]
    assert "seats=bot:hard,bot:easy" in doc["setup"]  # the setup says who plays now
    for again in (savefile.load(json.dumps(doc), GAMES), savefile.from_link(savefile.link(s), GAMES)):
        assert again.handed == s.handed and again.setup == s.setup
        assert again.review() == s.review()
    plain = savefile.save(session(ADDRESSES["malefiz"]))
    assert "handed" not in plain  # a game nobody handed on saves as before


def test_a_game_saved_before_who_plays_from_then_on_was_saved_reads_it_from_the_changes_after() -> None:
    s = session(ADDRESSES["malefiz"])
    play_until(s, 10)
    s.hand_over(1, "human")
    play_until(s, 20)
    s.hand_over(1, "hard")
    doc = savefile.save(s)
    doc["handed"] = [[played, seat, "human" if was == "human" else "bot"] for played, seat, was, _ in s.handed]
    again = savefile.load(json.dumps(doc), GAMES)
    assert [(h.was, h.choice) for h in again.handed] == [("bot", "human"), ("human", "hard")]
    assert again.handed_words() == s.handed_words() and again.review() == s.review()


@pytest.mark.parametrize(
    "handed",
    [
        "no",
        [[1, 0]],
        [[1, 0, "remote"]],
        [[1, 0, "human", "remote"]],
        [[1, 0, "human", ""]],
        [[1, 0, "human", "easy", "hard"]],
        [[1, 5, "bot"]],
        [[-1, 0, "bot"]],
        [[10_000, 0, "bot"]],
        [[4, 0, "bot"], [3, 1, "bot"]],  # out of order
        [[True, 0, "bot"]],
        [[1.5, 0, "bot"]],
        {"1": [0, "bot"]},
    ],
)
def test_a_broken_record_of_who_played_is_refused_in_the_players_language(handed: object) -> None:
    s = session(ADDRESSES["maedn"])
    play_until(s, 10)
    doc = savefile.save(s)
    doc["handed"] = handed
    with pytest.raises(MalefizError) as refused:
        savefile.load(json.dumps(doc), GAMES)
    assert "who plays a colour" in str(refused.value)
    assert "wer eine Farbe spielt" in Translator("de").error(refused.value)


def test_a_seat_or_a_choice_that_is_not_one_is_refused_and_changes_nothing() -> None:
    s = session(ADDRESSES["malefiz"])
    play_until(s, 10)
    before = (s.setup, s.record, s.message, list(s.handed))
    for seat, choice in ((2, "easy"), (-1, "human"), (0, "none"), (0, "remote"), (0, "bot"), (1, "")):
        with pytest.raises(MalefizError) as refused:
            s.hand_over(seat, choice)
        assert "human, easy, medium, hard" in str(refused.value)
    assert (s.setup, s.record, s.message, s.handed) == before


def test_between_devices_each_plays_its_own_seats() -> None:
    s = session("?game=malefiz&seats=human,remote&seed=3")
    assert not s.can_hand_over() and not s.hand_over(0, "easy") and s.setup.seats[0].kind == "human"
    here = session(ADDRESSES["malefiz"])
    here.mine = frozenset({0})
    assert not here.can_hand_over()


def test_an_undo_past_a_change_keeps_who_plays_now() -> None:
    s = session("?game=malefiz&board=fast&seats=human,human&seed=5")
    play_until(s, 20)
    while s.state.current_seat != 0 or not s.state.is_chance:
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    while s.state.current_seat == 0:  # the first person rolls and moves: the second is to roll
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    assert s.hand_over(1, "medium")
    assert s.undo()  # the first person's move taken back, to just after their roll
    assert s.handed == [(len(s.record), 1, "human", "medium")]  # the change holds from here on
    assert s.is_person_to_choose() and not s.played_by_person(len(s.record), 1)
    assert s.played_by_person(len(s.record), 0) and s.played_by_person(len(s.record) - 2, 1)


def test_the_page_hands_a_seat_over_and_the_address_follows_and_bad_input_is_told() -> None:
    app = App(MemoryStorage(), ["de"])
    app.open(ADDRESSES["malefiz"])
    app.roll()
    assert app.players_menu() is not None
    screen = app.screen()
    assert 'aria-expanded="true"' in screen.players and 'data-seat="1"' in screen.players
    assert '<option value="medium" selected>Computer (mittel)</option>' in screen.players
    s = app.session
    assert s is not None
    before = (s.setup, s.record)
    app.address = None
    handed = app.hand_over(1, "hard")
    assert handed is not None and app.address is not None and "seats=human,bot:hard" in app.address.query
    assert handed.news == handed.announce == "Gelb: Ab jetzt spielt Computer (schwer)"  # a screen reader hears it
    assert '<section class="players-menu" aria-label="Wer spielt">' in handed.players
    for seat, choice in ((7, "easy"), (1, "nobody")):  # a message from the page that is no choice: told, no change
        refused = app.hand_over(seat, choice)
        assert refused is not None and refused.notice.startswith("Wer spielt: Diesen Platz oder diese Wahl")
    assert s.record == before[1] and s.setup.seats[1].level == "hard"
    assert app.players_menu() is not None and 'aria-expanded="false"' in app.screen().players


def test_a_computer_only_the_address_knows_is_named_among_the_choices() -> None:
    s = session("?game=malefiz&board=fast&seats=human,bot:greedy&seed=11")
    menu = players_html(s, shown=True)
    assert '<option value="greedy" selected>Computer (greedy)</option>' in menu
    assert list(s.player_choices()) == ["human", "easy", "medium", "hard"]  # a player picks among these


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_move_list_says_who_plays_from_where_under_the_first_line_after_the_change(language: str) -> None:
    s = session(ADDRESSES["maedn"], language)
    play_until(s, 12)
    at = len(s.record)
    base = len(s.record.opening)
    assert s.hand_over(0, "easy") and s.hand_over(1, "human")
    assert s.handed_words() == {
        at: (
            s.t("handed.log_computer", who=s.seat_name(0), level=s.t("kind.easy")),
            s.t("handed.log_person", who=s.seat_name(1)),
        )
    }
    assert all(not line.handed for line in log_lines(s))  # said in the status line until something is played
    assert s.is_bot_turn()  # the computer plays Mia's colour at once
    s.bot_step()
    lines = {line.index: line for line in log_lines(s)}
    said = lines[base + at].handed
    expected = {
        "en": ("Mia (yellow): Computer (easy) plays from here", "Red: a person plays from here"),
        "de": ("Mia (gelb): Ab hier spielt Computer (leicht)", "Rot: Ab hier spielt ein Mensch"),
    }
    assert said == expected[language]
    assert f'<span class="handed">{said[0]}</span>' in lines[base + at].html and said[1] in lines[base + at].html
    assert not any(line.handed for index, line in lines.items() if index != base + at)


def test_changes_an_undo_brings_together_say_only_who_plays_from_there() -> None:
    s = session("?game=malefiz&board=fast&seats=human,human&names=Mia,Ben&seed=5")
    play_until(s, 20)
    while s.state.current_seat != 0 or not s.state.is_chance:
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    while s.state.current_seat == 0:  # Mia rolls and moves: Ben is to roll
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    assert s.hand_over(1, "medium")
    assert s.undo()  # Mia's move taken back: the change now holds from her move on
    assert s.hand_over(1, "human")  # and Ben plays on himself: nothing to say
    assert s.handed_words() == {}
    assert s.hand_over(1, "hard")
    assert s.handed_words() == {len(s.record): ("Ben (yellow): Computer (hard) plays from here",)}
