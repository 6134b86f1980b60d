"""The game review (malefiz.core.review): each action's chance, the decisions that cost, the chart, the page's parts."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.bridge import Bridge
from malefiz.core.review import (
    AXIS_FONT,
    CHART_HEIGHT,
    CHART_WIDTH,
    MISTAKE,
    Review,
    Reviewer,
    chart_svg,
    points,
    rate,
    rating,
)
from malefiz.core.savefile import from_link, link, load, save
from malefiz.core.screen import compare_html, log_lines, play_screen, review_html
from malefiz.core.session import REVIEW_AT_ONCE, Session
from malefiz.core.svg import text_width
from malefiz.games import GAMES
from malefiz.games.malefiz.state import Phase, Place
from malefiz.setting_up import game_address
from tests.playing import played

ADDRESSES = {
    "malefiz": "?game=malefiz&seats=human,human&names=Ann,Bob&seed=7",
    "maedn": "?game=maedn&seats=human,human&names=Ann,Bob&first=yellow&seed=7",
}


def session(game: str, extra: str = "", language: str = "en") -> Session:
    return Session.from_address(ADDRESSES[game] + extra, GAMES, language=language)


def play_rated(s: Session, pick: int, decisions: int | None = None, mistake: bool = False) -> None:
    """Both people roll and always take the action at ``pick`` in the chances' order (0: the best, -1: the worst),
    for ``decisions`` choices (None: to the end; with ``mistake``: and on until one of them was a mistake)."""
    made = 0
    while (decisions is None or made < decisions or (mistake and not s.review().mistakes())) and not s.state.is_over:
        if s.state.is_chance:
            assert s.roll()
            continue
        rated = s.rated()
        s.play(rated[pick].action)
        made += len(rated) > 1


def play_worst(s: Session, decisions: int, mistake: bool = False) -> None:
    """Both people roll and always take the action the chances like least (see :func:`play_rated`)."""
    play_rated(s, -1, decisions, mistake)


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_rate_values_every_legal_action_best_first(game: str) -> None:
    s = session(game)
    while not (s.is_person_to_choose() and len(s.legal()) > 1):
        if s.state.is_chance:
            s.roll()
        else:
            s.play(s.legal()[0])
    rated = rate(s.game, s.face, s.state)
    assert sorted(map(str, (r.action for r in rated))) == sorted(map(str, s.legal()))
    chances = [r.chance for r in rated]
    assert chances == sorted(chances, reverse=True) and all(0.0 <= c <= 1.0 for c in chances)
    seat = s.state.current_seat
    for r in rated:  # each chance is the face's chance of the position it names
        assert r.chance == pytest.approx(s.face.chances(r.after)[seat])
    assert rate(s.game, s.face, s.game.apply(s.state, rated[0].action)) == [] or not s.state.is_chance


def test_a_taken_barricade_is_put_down_where_the_chances_like_best() -> None:
    s = session("malefiz", "&board=fast")
    game = GAMES["malefiz"]

    def taking_moves() -> list[object]:
        if s.state.is_chance or s.state.is_over:
            return []
        return [a for a in s.legal() if game.apply(s.state, a).phase is Phase.PLACE]

    while not taking_moves():
        assert not s.state.is_over
        if s.state.is_chance:
            s.roll()
        else:
            s.play(s.rated()[0].action)
    state = s.state
    rated = rate(game, game.face, state)
    taking = [r for r in rated if r.action in taking_moves()]
    for r in taking:
        assert r.after.phase is not Phase.PLACE  # the barricade is down again
        lifted = game.apply(state, r.action)
        places = [p for p in game.legal_actions(lifted) if isinstance(p, Place)]
        best = max(game.face.chances(game.apply(lifted, p))[state.current_seat] for p in places)
        assert r.chance == pytest.approx(best)
        assert len(r.then) == 1 and isinstance(r.then[0], Place)  # the field it goes to, as an action
        assert game.apply(lifted, r.then[0]) == r.after
    for r in rated:
        if r not in taking:
            assert r.then == () and r.after == game.apply(state, r.action)


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_the_worst_moves_are_marked_as_mistakes_and_counted(game: str) -> None:
    s = session(game)
    play_worst(s, 12, mistake=True)
    review = s.review()
    assert {d.seat for d in review.decisions} == {0, 1}
    for d in review.decisions:
        entry = s.record.entries[d.index]
        rated = s.reviewer.rated(entry.before)
        assert d.best == rated[0] and d.chance == rated[-1].chance
        assert d.loss == pytest.approx(rated[0].chance - d.chance)
        assert d.is_mistake == (d.loss >= MISTAKE)
    mistakes = review.mistakes()
    for seat in (0, 1):
        mine = review.of(seat)
        assert review.average_loss(seat) == pytest.approx(sum(d.loss for d in mine) / len(mine))
    # The move list marks them once the review is shown, and only then.
    assert not any(line.mistake for line in log_lines(s))
    assert s.toggle_review() and s.review_shown()
    marked = {line.index - len(s.record.opening): line for line in log_lines(s) if line.mistake}
    assert set(marked) == set(mistakes)
    some = next(iter(marked.values()))
    assert some.mistake.endswith("points lost") and 'class="mistake"' in some.html and "side by side" in some.title


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_the_best_moves_make_no_mistake(game: str) -> None:
    s = session(game)
    play_rated(s, 0, 10)
    review = s.review()
    assert review.decisions and not review.mistakes()
    assert all(review.average_loss(seat) in (0.0, None) for seat in (0, 1))


def test_the_chart_points_follow_the_turns_and_end_exact() -> None:
    s = session("maedn")
    play_rated(s, 0)
    found = points(s.record, s.face.chances)
    assert found[0] == (0, list(s.face.chances(s.record.start)))
    assert [n for n, _ in found] == sorted({n for n, _ in found})  # one point per turn, in order
    assert found[-1][0] == len(s.record) and sorted(found[-1][1]) == [0.0, 1.0]
    assert all(abs(sum(c) - 1) < 1e-9 for _, c in found)


def test_the_chart_is_svg_with_a_line_per_seat_and_a_dot_per_mistake() -> None:
    s = session("maedn")
    play_worst(s, 16, mistake=True)
    review = s.review()
    svg = chart_svg(review, ["yellow", "red"], ["Ann <b>", "Bob"], "Chances", "Moves", "A line per player")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    lines = root.findall(f"{ns}polyline")
    assert [line.get("data-seat") for line in lines] == ["0", "1"]
    assert all(len(line.get("points", "").split()) == len(review.points) for line in lines)
    assert len(root.findall(f"{ns}circle")) == len(review.mistakes())
    assert root.find(f"{ns}title") is not None and "Ann <b>" in (lines[0].findtext(f"{ns}title") or "")
    for line in lines:  # every point inside the plot
        for pair in (line.get("points") or "").split():
            x, y = map(float, pair.split(","))
            assert 0 <= x <= CHART_WIDTH and 0 <= y <= CHART_HEIGHT
    # the horizontal axis is numbered by the move list's lines, from 0 to at most the last, in round steps
    ticks = [t for t in root.findall(f"{ns}text") if "tick" in (t.get("class") or "").split()]
    numbers = [int(t.text or "") for t in ticks]
    last = len(s.record)
    assert numbers[0] == 0 and numbers == sorted(numbers) and numbers[-1] <= last < 2 * numbers[-1]
    assert len({b - a for a, b in itertools.pairwise(numbers)}) == 1 and 3 <= len(numbers) <= 7
    xs = [float(t.get("x") or "") for t in ticks]
    assert xs[0] == 58 and all(0 < x <= CHART_WIDTH for x in xs)
    assert all(float(t.get("y") or "") < CHART_HEIGHT - 16 for t in ticks)  # above the axis' name


@pytest.mark.parametrize("last", [9, 96, 403, 1003, 2908, 10_400])
def test_every_number_of_the_charts_axis_is_inside_the_chart(last: int) -> None:
    # A long game's last number ("1000" of 1003 lines) stood half past the chart's right edge, cut off.
    review = Review(((0, [0.5, 0.5]), (last, [1.0, 0.0])), ())
    root = ET.fromstring(chart_svg(review, ["yellow", "red"], ["Ann", "Bob"], "Chances", "Lines"))
    ns = "{http://www.w3.org/2000/svg}"
    for label in root.findall(f"{ns}text"):
        if "tick" not in (label.get("class") or "").split():
            continue
        x, width = float(label.get("x") or ""), text_width(label.text or "", AXIS_FONT)
        left = {"start": x, "middle": x - width / 2, "end": x - width}[label.get("text-anchor") or "start"]
        assert left >= 0 and left + width <= CHART_WIDTH, (label.text, left, width)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_review_html_names_each_person_in_their_language(language: str) -> None:
    s = session("maedn", "&names=Ann,<i>Bob</i>", language)
    play_worst(s, 12, mistake=True)
    assert review_html(s) == ""  # not asked for
    s.toggle_review()
    html = review_html(s)
    assert html.startswith('<section class="review"') and "<svg" in html
    assert "&lt;i&gt;Bob" in html and "<i>" not in html
    loss = s.review().average_loss(0)
    assert loss is not None
    shown = s.t.decimal(loss * 100)
    assert shown in html and ("," in shown) == (language == "de")
    assert ("Punkte Gewinnchance" in html) == (language == "de") and ("points of chance" in html) == (language == "en")
    screen = play_screen(s, shown=None, face_before=None, fresh=False, motion=True, pace="normal")
    assert screen.review == html and screen.reviewed and screen.can_review and screen.review_pressed


def test_the_review_shows_at_the_end_by_itself() -> None:
    s = session("maedn")
    play_rated(s, -1)
    screen = play_screen(s, shown=None, face_before=None, fresh=False, motion=True, pace="normal")
    assert screen.reviewed and screen.review and not screen.can_review
    assert not screen.review_pressed  # shown by itself, the button off: not a pressed button to a screen reader
    assert not s.toggle_review()  # nothing to hide at the end


def test_a_computer_turn_values_the_peoples_decisions_before_it() -> None:
    s = Session.from_address("?game=maedn&seats=human,bot&first=yellow&seed=3", GAMES)
    since = 0  # the first entry after the computer's last turn
    while True:
        if s.is_bot_turn():
            people_decisions = [
                e.before for e in s.record.entries[since:] if e.is_move and len(s.game.legal_actions(e.before)) > 1
            ]
            if people_decisions:
                break
            s.bot_step()
            since = len(s.record)
        elif s.state.is_chance:
            s.roll()
        else:
            s.play(s.legal()[-1])
    assert not any(map(s.reviewer.has_rated, people_decisions)) and len(people_decisions) <= REVIEW_AT_ONCE
    while s.state.is_chance:  # the computer's roll
        s.bot_step()
    for _ in s.bot_turn():  # and its move
        pass
    for before in people_decisions:
        assert s.reviewer.has_rated(before)  # valued while the computer thought


def test_a_computer_turn_after_a_reload_values_only_the_peoples_last_decisions() -> None:
    # A game in progress opened again (a reload, a saved file, a link) has none of its decisions valued. The computer
    # to act values the people's last few first, as in any turn, and acts: it does not wait for them all (on the
    # classic board, seconds in the browser). The rest are valued while the people think (the page's work), to the
    # same review.
    early = Session.from_address("?game=malefiz&board=fast&seats=bot,bot&seed=11", GAMES)
    for _ in range(80):
        early.bot_step()
    doc = save(early)
    doc["setup"] = doc["setup"].replace("seats=bot:medium,", "seats=human,")
    s = load(json.dumps(doc), GAMES)
    assert s.people() == [0]
    while not s.is_bot_turn() or s.state.is_chance:
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    decided = [e.before for e in s.record.entries if e.is_move and e.before.current_seat == 0]
    assert len(decided) > 2 * REVIEW_AT_ONCE and not any(map(s.reviewer.has_rated, decided))
    done = len(s.record)
    for _ in s.bot_turn():
        pass
    assert len(s.record) > done  # the computer acted
    assert [s.reviewer.has_rated(state) for state in decided] == [False] * (len(decided) - REVIEW_AT_ONCE) + [
        True
    ] * REVIEW_AT_ONCE
    while not s.state.is_over:
        if s.is_bot_turn():
            s.bot_step()
        else:
            for _ in s.review_work():  # the page's work while the person thinks: the oldest first
                pass
            assert s.roll() if s.state.is_chance else s.play(s.rated()[0].action)
    assert all(map(s.reviewer.has_rated, decided)) and s.review_waiting() is None
    whole = load(json.dumps(save(s)), GAMES)
    assert whole.review() == s.review()  # the same review as one worked out in one go


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_mistake_clicked_shows_the_move_played_beside_the_better_one(game: str) -> None:
    s = session(game)
    play_worst(s, 12, mistake=True)
    s.toggle_review()
    index, decision = next(iter(s.review().mistakes().items()))
    html = compare_html(s, decision)
    assert html.count("<figure") == 2 and html.count("<svg") == 2
    assert "Played: " in html and "Better: " in html
    assert f"({round(decision.best.chance * 100)}%)" in html and f"({round(decision.chance * 100)}%)" in html
    app = App(MemoryStorage())
    app.session = s
    found = app.line(index + len(s.record.opening))
    assert found is not None and found[0] == html and found[1].endswith("the move played and the better one.")
    plain = app.line(0)
    assert plain is not None and "<figure" not in plain[0]


def test_the_bridge_sends_the_move_list_anew_when_the_marks_come() -> None:
    bridge = Bridge({"local": {}, "tab": {}})
    reply = json.loads(bridge.handle(json.dumps({"call": "open", "args": [ADDRESSES["maedn"]]})))
    s = bridge.app.session
    assert s is not None
    play_worst(s, 12, mistake=True)
    reply = json.loads(bridge.handle(json.dumps({"call": "screen", "args": []})))
    assert not reply["screen"]["reviewed"]
    reply = json.loads(bridge.handle(json.dumps({"call": "review", "args": []})))
    screen = reply["screen"]
    assert screen["reviewed"] and screen["log_anew"] and 'class="mistake"' in screen["log_added"]
    assert screen["log_added"].count("<li") == screen["log_count"]
    reply = json.loads(bridge.handle(json.dumps({"call": "review", "args": []})))
    screen = reply["screen"]
    assert not screen["reviewed"] and screen["log_anew"] and "mistake" not in screen["log_added"]
    assert screen["review"] == ""


def test_a_reviewer_keeps_what_it_worked_out() -> None:
    s = session("maedn")
    play_worst(s, 4)
    reviewer = Reviewer(s.game, s.face)
    state = s.record.entries[-1].before
    first = reviewer.rated(state)
    assert reviewer.rated(state) is first
    assert reviewer.chances(state) is reviewer.chances(state)


class Counting:
    """A game's face that counts the positions it values (:meth:`chances`)."""

    def __init__(self, face: Any) -> None:
        self.face = face
        self.calls = 0

    def chances(self, state: Any) -> Any:
        self.calls += 1
        return self.face.chances(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.face, name)


def test_the_worker_values_a_persons_choice_while_they_think_so_a_hint_is_there_at_once() -> None:
    app = App(MemoryStorage())
    app.open(ADDRESSES["malefiz"])
    s = app.session
    assert s is not None
    while not (s.is_person_to_choose() and len(s.legal()) > 1):
        app.roll() if s.state.is_chance else s.play(s.legal()[0])
    s.play(s.legal()[0])
    for _ in s.review_work():  # the decisions so far
        pass
    while not (s.is_person_to_choose() and len(s.legal()) > 1):
        app.roll() if s.state.is_chance else s.play(s.legal()[0])
    assert app.screen().work and not s.reviewer.has_rated(s.state)  # the page asks the worker to go on
    counting = Counting(s.reviewer.face)
    s.reviewer.face = counting
    while app.work():
        pass
    assert s.reviewer.has_rated(s.state) and not app.screen().work
    valued = counting.calls
    screen = app.hint()
    assert screen is not None and screen.hint and counting.calls == valued  # nothing left to work out


def test_a_decision_is_valued_a_position_at_a_time_with_the_same_result() -> None:
    # A move that takes a barricade is valued with the barricade put down best: every free field is a position of
    # its own. The page's worker values them one a step, so that a click waits a few milliseconds, not the whole.
    s = session("malefiz")
    while not any(s.game.apply(s.state, a).phase is Phase.PLACE for a in s.legal() if not s.state.is_chance):
        assert s.roll() if s.state.is_chance else s.play(s.legal()[0])
    counting = Counting(s.face)
    steps = rating(s.game, counting, s.state)
    taken = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found = done.value
            break
        taken += 1
        assert counting.calls == taken
    assert found == rate(s.game, s.face, s.state) and taken > len(s.legal()) + 10
    reviewer = Reviewer(s.game, s.face)
    assert sum(1 for _ in reviewer.rating(s.state)) == taken and reviewer.rated(s.state) == found
    assert list(reviewer.rating(s.state)) == []  # known: nothing left to do


def test_the_page_lets_the_worker_value_the_peoples_decisions_while_they_think() -> None:
    app = App(MemoryStorage())
    app.open(ADDRESSES["malefiz"])
    s = app.session
    assert s is not None and not s.review_due()
    while not (s.is_person_to_choose() and len(s.legal()) > 1):
        app.roll() if s.state.is_chance else s.play(s.legal()[0])
    app.click(s.choices()[-1].piece or s.choices()[-1].field)
    while s.is_person_to_choose():  # a piece chosen: its target; a barricade: its field
        choice = next(c for c in s.choices() if c.piece is None or c.piece == s.selected)
        app.click(choice.field)
    assert s.review_due()
    screen = app.screen()
    assert screen.work and screen.bot_delay is None  # the page asks the worker to go on, not to act
    counting = Counting(s.reviewer.face)
    s.reviewer.face = counting
    slices = 0
    while app.work():
        slices += 1
        assert counting.calls == slices  # a slice values one position: the page's next click waits no longer
    assert not s.review_due() and not app.screen().work
    decided = [e for e in s.record.entries if e.is_move]
    assert all(s.reviewer.has_rated(e.before) for e in decided) and slices >= len(decided)
    assert app.think() is None  # a person's turn: nothing to play
    bridge = Bridge({"local": {}, "tab": {}})
    reply = json.loads(bridge.handle(json.dumps({"call": "work", "args": []})))
    assert reply["value"] == {"more": False, "progress": None} and reply["screen"] is None


def test_the_review_names_every_seat_and_the_figures_of_people_only() -> None:
    s = Session.from_address("?game=maedn&seats=human,bot&names=Ann,Robo&first=yellow&seed=3", GAMES)
    s.toggle_review()
    html = review_html(s)
    assert "Ann (yellow): no choice of move yet" in html and "Robo (red): the computer" in html
    assert html.count('<span class="swatch swatch-') == 2


def test_a_person_who_only_ever_had_one_move_never_had_a_choice() -> None:
    # Only forced moves are no decisions: "yet" while the game goes on, "never" once it is over, in either language.
    s = session("maedn", "&position=maedn+cross+y:40,41,42,38+r:30,B,B,B+y%3F&seed=5", language="de")
    s.toggle_review()
    assert "Ann (gelb): noch keine Wahl zwischen Zügen" in review_html(s)
    while not s.state.is_over:
        assert s.roll() if s.state.is_chance else s.play(s.forced())
    for _ in s.review_work():  # the page values each move while the next is made
        pass
    assert "Ann (gelb): hatte nie die Wahl zwischen Zügen" in review_html(s)
    s.set_language("en")
    assert "Ann (yellow): never had a choice of move" in review_html(s)


def test_review_waits_for_the_first_action_of_a_game() -> None:
    s = session("maedn")
    screen = play_screen(s, shown=None, face_before=None, fresh=False, motion=True, pace="normal")
    assert not screen.can_review and not screen.review_pressed
    s.roll()
    screen = play_screen(s, shown=None, face_before=None, fresh=False, motion=True, pace="normal")
    assert screen.can_review


def finished_link(address: str) -> str:
    """The link of the game ``address`` sets up, played to its end by its computers and then given to people (the
    same actions, so the same end: every decision is a person's, none valued yet)."""
    doc = save(played(address))
    doc["setup"] = doc["setup"].replace("bot:medium", "human")
    return "#game=" + link(load(json.dumps(doc), GAMES))


def test_a_finished_game_opened_from_its_link_shows_its_end_at_once_and_its_review_follows() -> None:
    # A long finished game has hundreds of decisions to value (half a minute in the browser on the classic board):
    # the end is shown at once with the chart and a bar, and the worker values the decisions slice by slice.
    fragment = finished_link("?game=malefiz&board=fast&seats=bot,bot,bot&seed=11")
    bridge = Bridge({"local": {}, "tab": {}}, clock=itertools.count().__next__)  # a slice: one step
    screen = json.loads(bridge.handle(json.dumps({"call": "open", "args": ["", fragment]})))["screen"]
    s = bridge.app.session
    assert s is not None and s.state.is_over
    people = [e.before for e in s.record.entries if e.is_move]
    assert len(people) > REVIEW_AT_ONCE and not any(map(s.reviewer.has_rated, people))  # nothing valued yet
    assert screen["podium"] and screen["report"] and screen["work"] and not screen["reviewed"]
    assert 'aria-busy="true"' in screen["review"] and '<svg class="chart"' in screen["review"]
    assert f'max="{len(people)}" value="0"' in screen["review"] and "review-players" not in screen["review"]
    reply = json.loads(bridge.handle(json.dumps({"call": "line", "args": [3]})))  # a past position meanwhile
    assert "<svg" in reply["value"][0] and not any(map(s.reviewer.has_rated, people))
    progress = []
    while True:
        reply = json.loads(bridge.handle(json.dumps({"call": "work", "args": []})))
        if reply["screen"] is not None:
            break
        assert reply["value"]["more"]
        progress.append(reply["value"]["progress"][0])
    assert progress == sorted(progress) and len(progress) > 2  # the bar moves on, a slice at a time
    screen = reply["screen"]
    assert screen["reviewed"] and not screen["work"] and screen["log_anew"]  # the marks come with the list anew
    assert "aria-busy" not in screen["review"] and "review-players" in screen["review"]
    whole = from_link(fragment.removeprefix("#game="), GAMES)
    whole.review()  # the same review worked out in one go, as the CLI does
    assert screen["review"] == review_html(whole) and 'class="mistake"' in screen["log_added"]
    assert json.loads(bridge.handle(json.dumps({"call": "work", "args": []})))["screen"] is None  # shown once


def test_a_review_asked_for_with_many_decisions_left_waits_for_them_too() -> None:
    s = session("maedn")
    while s.record.moves < REVIEW_AT_ONCE + 2:  # moves made without asking the chances (nothing valued)
        assert s.roll() if s.state.is_chance else s.play(s.legal()[-1])
    assert s.review_waiting() is None  # not shown
    s.toggle_review()
    waiting = s.review_waiting()
    assert waiting is not None and waiting[0] == 0 and waiting[1] >= REVIEW_AT_ONCE + 2
    assert s.review_so_far().decisions == () and s.review_so_far().points == s.review().points
    assert s.review_waiting() is None  # review() values them all at once (the CLI's way)
    assert s.review_so_far() is s.review()


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_the_values_kept_with_a_game_give_its_review_back_at_once_as_worked_out(game: str) -> None:
    # A reload, or a finished game opened again from the shelf, showed its review only once every decision was
    # valued again (a long classic game: seconds of the worker). The values go with the game and come back checked.
    s = session(game)
    play_worst(s, 25)
    for _ in s.review_work():
        pass
    kept = json.loads(json.dumps(s.review_kept()))  # as the browser keeps it
    assert len(kept) == s.review_valued() >= 20
    again = load(json.dumps(save(s)), GAMES)
    assert again.review_valued() == 0 and again.review_waiting() is None  # not shown: nothing waits
    again.reviewing = True
    assert again.review_waiting() is not None  # without the values: the review waits for the worker
    assert again.restore_review(kept) == len(kept)
    assert again.review_waiting() is None and again.review_valued() == s.review_valued()
    assert again.review() == s.review()  # the same review: decisions, chances, better moves and where they lead
    fresh = load(json.dumps(save(s)), GAMES)
    assert fresh.review() == again.review()  # as one worked out anew
    mistake = next(iter(again.review().mistakes().values()))
    assert compare_html(again, mistake) == compare_html(s, mistake)  # the move played beside the better one


@pytest.mark.parametrize("game", ["malefiz", "maedn"])
def test_a_decision_taken_back_after_its_values_came_back_is_valued_whole_when_played_otherwise(game: str) -> None:
    # The values kept with a game hold each decision's best two actions and the one played, no more: taken back
    # (Undo after a reload) and played otherwise, the decision and a hint there need every action valued.
    s = session(game)
    play_worst(s, 8)
    while True:  # on to a decision of four actions or more, played worst, then the next roll
        play_worst(s, 1)
        last = s.record.last
        if last is not None and last.is_move and len(s.game.legal_actions(last.before)) >= 4:
            break
    for _ in s.review_work():
        pass
    kept, text = json.loads(json.dumps(s.review_kept())), json.dumps(save(s))

    def taken_back() -> tuple[Session, Any]:
        """The game opened again with its values (a reload), and Undo: back to that decision, valued in part."""
        again = load(text, GAMES)
        assert again.restore_review(kept) == s.review_valued() and again.undo()
        assert again.is_person_to_choose() and len(again.legal()) >= 4
        undone = s.record.entries[len(again.record)].action
        assert again.reviewer.has_rated(again.state, undone) and not again.reviewer.has_rated(again.state)
        return again, undone

    again, undone = taken_back()
    whole = rate(again.game, again.face, again.state)
    other = next(r for r in whole[2:] if r.action != undone)  # neither of the best two nor the one played before
    again.play(other.action)
    decision = again.reviewer.decision(len(again.record) - 1, again.record.entries[-1])
    assert decision is not None and decision.chance == other.chance and decision.best == whole[0]
    for _ in again.review_work():
        pass
    assert again.review() == load(json.dumps(save(again)), GAMES).review()  # as one worked out anew

    again, _ = taken_back()
    assert again.hint() and again.rated() == whole and len(again.hint_lines()) == 3  # the best three, of all


def test_values_that_do_not_fit_the_game_are_not_taken_back_and_are_worked_out_again() -> None:
    s = session("malefiz")
    play_worst(s, 12)
    for _ in s.review_work():
        pass
    kept = s.review_kept()
    text = json.dumps(save(s))

    def restored(changed: object) -> int:
        again = load(text, GAMES)
        found = again.restore_review(changed)
        if not found:
            assert again.review_valued() == 0 and again.review() == s.review()  # worked out again, the same
        return found

    assert restored(kept) == len(kept)
    index, rows = kept[0]
    other = [[index, [[rows[0][0], rows[0][1] * 0.5, rows[0][2]], *rows[1:]]]]  # another version of the computer
    for broken in (
        None,
        "nonsense",
        [[0]],
        [["1", rows]],
        [[index, []]],
        [[index, [["h-0.0", 0.5, []]]]],  # no legal action
        [[index, [[rows[0][0], 1.5, rows[0][2]]]]],  # no chance
        [[index, [[rows[0][0], float("nan"), rows[0][2]]]]],
        [[index, rows[::-1]]] if rows[0][1] != rows[-1][1] else [[index, rows + rows]],  # not best first
        [[index, rows], [index, rows]],
        [[len(s.record.entries) + 5, rows]],
        other,
        kept * 1000,
    ):
        assert restored(json.loads(json.dumps(broken))) == 0, broken


def test_a_game_kept_on_the_shelf_opens_with_its_review_as_far_as_it_was_worked_out() -> None:
    storage = MemoryStorage()
    app = App(storage)
    app.open(ADDRESSES["malefiz"])
    s = app.session
    assert s is not None
    made = 0
    while made < 15:
        legal = s.legal()
        assert s.roll() if s.state.is_chance else s.play(legal[-1])
        made += len(legal) > 1 and not s.state.is_chance
    assert app.screen().work  # kept; the worker has decisions to value
    game_id = app.game_id
    assert game_id is not None
    before = json.loads(storage.kept["malefiz.game." + game_id])
    assert before["review"] == []
    while app.work():
        pass
    valued = s.review_valued()
    assert valued >= 10 and not s.review_due()
    kept = json.loads(storage.kept["malefiz.game." + game_id])
    assert len(kept["review"]) == valued and kept["revision"] == before["revision"]  # written once the worker was done
    reloaded = App(storage)
    reloaded.open(game_address(s.setup, game_id))  # a reload: the same address
    again = reloaded.session
    assert again is not None and again is not s and again.review_valued() == valued
    assert again.review() == s.review()
