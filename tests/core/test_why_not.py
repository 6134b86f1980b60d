"""Why a click moved nothing: a piece the rules stop says which rule (Session.why_not, each game's ``stopped`` and
``stuck_words``), in the message line and to a screen reader, and the game stays exactly as it was."""

from __future__ import annotations

import re
from typing import Any

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.core.session import Session
from malefiz.games import GAMES
from malefiz.games.maedn import rules as maedn_rules
from malefiz.games.maedn.notation import parse_position as maedn_position
from malefiz.games.maedn.state import Move as MaednMove
from malefiz.games.maedn.words import stuck_words as maedn_words
from malefiz.games.malefiz import rules as malefiz_rules
from malefiz.games.malefiz.notation import parse_location
from malefiz.games.malefiz.notation import parse_position as malefiz_position
from malefiz.games.malefiz.state import Move as MalefizMove
from malefiz.games.malefiz.words import stuck_words as malefiz_words
from malefiz.i18n import Translator
from tests.playing import played

GERMAN = Translator("de")


def started(address: str) -> Session:
    """The game ``address`` sets up, at its start."""
    return Session.from_address(address, GAMES)


def positions(s: Session, phase: str) -> list[Any]:
    """Every position of the game ``s`` played in which its player was in ``phase`` (``move``, ``place``)."""
    return [e.before for e in s.record.entries if e.before.phase.value == phase]


@pytest.mark.parametrize(
    "address",
    [
        "?game=maedn&board=cross&seats=bot:easy,bot:easy,bot:easy&seed=2",
        "?game=maedn&board=cross&seats=bot:easy,bot:medium&seed=5&options=barriers,no_jump_in_goal",
        "?game=maedn&board=star&seats=bot:easy,bot:easy,bot:easy,bot:easy,bot:easy&seed=3&options=backward_capture",
    ],
)
def test_a_piece_of_the_colour_to_move_is_stopped_exactly_when_it_has_no_move(address: str) -> None:
    s = played(address)
    stopped = 0
    for state in positions(s, "move"):
        moves = maedn_rules.legal_moves(state)
        for colour in {m.colour for m in moves} | {state.current}:
            for place in set(state.pieces_of(colour)):
                free = any(
                    isinstance(m, MaednMove)
                    and m.colour == colour
                    and (m.start == place or (m.start < 0 and place < 0))
                    for m in moves
                )
                why = maedn_rules.stopped(state, colour, place)
                assert (why == "") == free, (str(state), colour, place, why)
                stopped += why != ""
                assert why in ("", "house", "clear_a", "enter", "past", "own", "jump", "barrier")  # never "other"
    assert stopped > 50


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&board=classic&seats=bot:easy,bot:easy,bot:easy&seed=4",
        "?game=malefiz&board=fast&seats=bot:easy,bot:medium&seed=6",
    ],
)
def test_a_pawn_of_the_player_to_move_is_stopped_exactly_when_it_has_no_move(address: str) -> None:
    s = played(address)
    checked = 0
    for state in positions(s, "move"):
        moves = [m for m in s.game.legal_actions(state) if isinstance(m, MalefizMove)]
        for start in set(state.pawns[state.turn]):
            why = malefiz_rules.stopped(state, start)
            assert (why == "") == any(m.start == start for m in moves), (str(state), start, why)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&board=classic&seats=bot:easy,bot:easy&seed=9",
        "?game=malefiz&board=fast&seats=bot:easy,bot:easy,bot:easy&seed=10&options=protect_own_pawns",
    ],
)
def test_a_field_refuses_a_picked_pawn_with_a_reason_exactly_when_the_pawn_may_not_go_there(address: str) -> None:
    s = played(address)
    board = s.state.board
    reasons: set[str] = set()
    for state in positions(s, "move"):
        moves = [m for m in s.game.legal_actions(state) if isinstance(m, MalefizMove)]
        for start in {m.start for m in moves}:
            ends = {m.end for m in moves if m.start == start}
            for f in board.fields:
                why = malefiz_rules.unreachable(state, start, f)
                assert (why == "") == (f in ends), (str(state), start, f, why)
                reasons.add(why)
    assert {"", "steps", "barricade"} <= reasons and reasons <= {"", "steps", "barricade", "own", "rest"}


def test_a_click_on_a_field_a_picked_pawn_cannot_reach_says_why_in_both_languages_and_changes_nothing() -> None:
    position = "fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6"
    for language, steps, barricade in (
        ("en", "With a 6 this pawn cannot land there", "A barricade is in the way: a pawn may not jump over one"),
        (
            "de",
            "Mit einer 6 kommt diese Figur dort nicht hin",
            "Ein Sperrstein ist im Weg: über Sperrsteine darf keine Figur springen",
        ),
    ):
        app = App(MemoryStorage(), [language])
        app.open("?game=malefiz&board=fast&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
        s = app.session
        assert s is not None
        assert app.click("3.7") is not None and app.click("3.7") is not None and s.selected is None  # picked, let go
        assert app.click("3.7") is not None and s.selected == "3.7"  # the pawn with moves, picked
        told = app.click("3.3")
        assert told is not None and told.news == told.announce == steps
        assert str(s.state) == position and s.selected == "3.7"  # nothing moved, the pawn stays picked
        s.selected = "2.4"  # (a pawn with no move cannot be picked on the page: its way is asked of the rules)
        assert s.why_not("4.2") == barricade
        s.selected = "3.7"
        moved = app.click("7.4")
        assert moved is not None and str(s.state) != position


@pytest.mark.parametrize(
    ("position", "key", "english", "german"),
    [
        (
            "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B g3",
            "g:B",
            "A piece leaves the house only with a 6",
            "Eine Figur kommt nur mit einer 6 aus dem Haus",
        ),
        (
            "maedn cross y:0,2,B,B g:4,B,B,B r:4,B,B,B y4",
            "y:2",
            "First the piece on your start field A must move on",
            "Zuerst muss die Figur auf deinem Startfeld A weiterziehen",
        ),
        (
            "maedn cross y:2,B,B,B g:4,B,B,B r:4,B,B,B y6",
            "y:2",
            "With a 6 a piece must come out of the house",
            "Mit einer 6 muss eine Figur aus dem Haus kommen",
        ),
        (
            "maedn cross y:B,B,B,B g:17,42,B,B r:2,14,42,B r2",
            "r:42",
            "That roll would take this piece past the end of the goal",
            "Mit diesem Wurf käme die Figur über das Ende des Ziels hinaus",
        ),
        (
            "maedn cross y:1,2,4,B g:5,9,B,B r:10,B,B,B y1",
            "y:1",
            "Your own piece stands where this one would land",
            "Wo diese Figur hinkäme, steht schon eine eigene",
        ),
        (
            "maedn cross y:7,7,18,B g:7,19,19,B r:16,26,B,B r4 +nojump +barriers",
            "r:26",
            "A barrier is in this piece's way",
            "Eine Sperre steht dieser Figur im Weg",
        ),
        (
            "maedn cross y:35,B,B,B g:32,40,41,B r:7,43,B,B g2 +nojump +barriers",
            "g:40",
            "In the goal a piece may not jump over another",
            "Im Ziel darf keine Figur übersprungen werden",
        ),
        ("maedn cross y:0,2,B,B g:4,B,B,B r:4,B,B,B y4", "r:4", "That piece belongs to Red", "Diese Figur gehört Rot"),
    ],
)
def test_each_rule_that_stops_a_piece_is_said_in_both_languages(
    position: str, key: str, english: str, german: str
) -> None:
    state = maedn_position(position)
    name = str.title
    assert maedn_words(state, key, name) == english
    assert maedn_words(state, key, lambda colour: GERMAN.colour(colour, capital=True), GERMAN) == german


def test_a_malefiz_pawn_stopped_by_barricades_or_taken_fields_and_another_players_pawn_are_said() -> None:
    closed = malefiz_position("fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6")
    assert malefiz_words(closed, "2.4", str.title) == "A barricade blocks every way this pawn could go with a 6"
    assert malefiz_words(closed, "2.4", str.title, GERMAN) == (
        "Ein Sperrstein versperrt dieser Figur jeden Weg mit einer 6"
    )
    assert malefiz_words(closed, "7.7", str.title) == "That pawn belongs to Yellow"  # Malefiz's word
    assert malefiz_words(closed, "3.7", str.title) == malefiz_words(closed, "5.5", str.title) == ""  # moves; empty
    rests = malefiz_position("fast r:7.2,5.5,2.7,f y:5.4,9.7,h,h x:5.1,2.3,3.3,6.3,7.3,8.3 r1")
    assert malefiz_rules.stopped(rests, parse_location("f")) == "taken"
    assert malefiz_words(rests, "f", str.title) == "Every field this pawn could reach with a 1 is taken"
    assert malefiz_words(rests, "h", str.title) == ""  # the house is the player's own: red has none there


def test_a_click_on_a_stopped_piece_says_why_and_changes_nothing() -> None:
    app = App(MemoryStorage(), ["de"])
    app.open("?game=maedn&board=cross&seats=human,human&names=Mia,Ben&first=yellow&seed=3")
    s = app.session
    assert s is not None
    told = app.click("y:B")  # before the roll
    assert told is not None and told.news == told.announce == "Erst würfeln"
    assert app.roll() is not None and s.state.roll == 4
    before = (s.record, s.selected, s.setup)
    told = app.click("y:B")
    assert told is not None and told.news == told.announce == "Eine Figur kommt nur mit einer 6 aus dem Haus"
    assert app.click("y:B") is None  # said already: nothing new
    told = app.click("r:B")
    assert told is not None and told.news == "Diese Figur gehört Ben (rot)"
    assert app.click("nonsense") is None  # no key of ours: nothing
    assert app.click("t40") is None  # no field
    told = app.click("t10")  # an empty field no piece can reach (the only piece that can move is picked already)
    assert s.selected == "y:0" and told is not None and told.news == "Mit einer 4 kann keine deiner Figuren dorthin"
    told = app.click("t20")  # the field under Ben's piece: the piece
    assert told is not None and told.news == "Diese Figur gehört Ben (rot)"
    assert (s.record, s.selected, s.setup) == before
    moved = app.click("y:0")  # a piece that can move moves, as ever
    assert moved is not None and len(s.record) == len(before[0]) + 1 and moved.news.startswith("Mia (gelb) zieht")


def test_nothing_is_said_while_a_computer_or_another_device_plays() -> None:
    s = Session.from_address("?game=maedn&board=cross&seats=bot:easy,human&first=yellow&seed=3", GAMES)
    assert s.is_bot_turn() and s.why_not("y:B") == "" and s.why_not("r:B") == ""
    here = Session.from_address("?game=maedn&board=cross&seats=human,human&first=yellow&seed=3", GAMES)
    here.mine = frozenset({1})  # this device plays red; yellow is to roll elsewhere
    assert here.why_not("y:B") == "" and here.why_not("r:B") == ""


@pytest.mark.parametrize(
    "address",
    [
        "?game=malefiz&board=classic&seats=bot:easy,bot:easy&seed=7",
        "?game=malefiz&board=fast&seats=bot:easy,bot:easy,bot:easy&seed=8&options=protect_two_rows",
    ],
)
def test_a_field_refuses_the_barricade_with_a_reason_exactly_when_it_may_not_take_it(address: str) -> None:
    s = played(address)
    board = s.state.board
    placements = 0
    for state in positions(s, "place"):
        placements += 1
        legal = {a.field for a in s.game.legal_actions(state)}
        for f in board.fields:
            why = malefiz_rules.unplaceable(state, f)
            assert (why == "") == (f in legal), (str(state), f, why)
    assert placements > 3


@pytest.mark.parametrize(
    ("name", "english", "german"),
    [
        ("5.0", "The barricade may not go on the goal", "Der Sperrstein darf nicht aufs Ziel"),
        ("2.4", "The barricade may not go on a rest field", "Der Sperrstein darf nicht auf ein Ruhefeld"),
        ("9.8", "The barricade may not go on the bottom row", "Der Sperrstein darf nicht in die unterste Reihe"),
        ("4.3", "The barricade may not go on a pawn", "Der Sperrstein darf nicht auf eine Figur"),
        ("5.1", "A barricade stands there already", "Dort steht schon ein Sperrstein"),
        ("3.3", "", ""),
    ],
)
def test_where_the_barricade_may_not_go_is_said_in_both_languages(name: str, english: str, german: str) -> None:
    state = malefiz_position("fast r:4.3,h,h,h y:h,h,h,h x:5.1,5.2,6.3,3.4,7.4 r!")
    assert malefiz_words(state, name, str.title) == english
    assert malefiz_words(state, name, str.title, GERMAN) == german
    two = malefiz_position("fast r:4.3,h,h,h y:h,h,h,h x:5.1,5.2,6.3,3.4,7.4 r! +rows2")
    assert malefiz_words(two, "9.7", str.title) == "The barricade may not go on the bottom two rows"


def test_a_click_where_the_barricade_may_not_go_says_why_and_a_free_field_takes_it() -> None:
    app = App(MemoryStorage(), ["en"])
    position = "fast r:4.3,h,h,h y:h,h,h,h x:5.1,5.2,6.3,3.4,7.4 r!"
    app.open("?game=malefiz&board=fast&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
    s = app.session
    assert s is not None and str(s.state) == position
    told = app.click("9.8")
    assert told is not None and told.news == told.announce == "The barricade may not go on the bottom row"
    assert str(s.state) == position
    placed = app.click("3.3")
    assert placed is not None and str(s.state) != position and placed.news.startswith("Mia (red) puts the barricade")


def test_a_reason_said_before_a_change_of_language_is_not_left_in_the_language_before() -> None:
    app = App(MemoryStorage(), ["de"])
    app.open("?game=maedn&board=cross&seats=human,human&first=yellow&seed=3")
    told = app.click("y:B")
    assert told is not None and told.news == "Erst würfeln"
    assert app.set_language("en").news == ""
    told = app.click("y:B")
    assert told is not None and told.news == "Roll the die first"


def goers(s: Session, key: str) -> set[str]:
    """The player's pieces that can go to the field ``key`` (none for a field an own piece stands on, or no field)."""
    piece, where = s.face.locate(s.state, key)
    if piece is not None or where is None:
        return set()
    return {str(c.piece) for c in s.choices() if c.piece is not None and c.field == where}


def acts(s: Session, key: str) -> bool:
    """Whether a click on ``key`` plays or picks something, with no piece picked (read from the choices)."""
    piece, where = s.face.locate(s.state, key)
    choices = s.choices()
    return (
        any(c.piece is None and c.field == where for c in choices)
        or any(c.piece is not None and c.piece == piece for c in choices)
        or bool(goers(s, key))
    )


@pytest.mark.parametrize(
    "address",
    [
        "?game=maedn&board=cross&seats=human,human,human&seed=12",
        "?game=maedn&board=star&seats=human,human,human,human&seed=13&options=barriers",
        "?game=malefiz&board=fast&seats=human,human&seed=14",
        "?game=malefiz&board=classic&seats=human,human,human&seed=15",
    ],
)
def test_with_no_piece_picked_every_field_a_click_leaves_alone_says_whether_a_piece_can_go_there(address: str) -> None:
    # A child counts the steps and taps the field. Whatever the board shows, a click either does something or says
    # why not: a field exactly one of the person's pieces can go to picks that piece; one several can go to marks
    # only those (one to be picked); one none can go to says so.
    s = started(address)
    pieces = s.t(f"nouns.{s.game.name}")  # pawns in Malefiz, pieces in Mensch ärgere Dich nicht
    several, nowhere = (
        s.t("why.pick_first", pieces=pieces),
        {s.t("why.nowhere", n=n, pieces=pieces) for n in range(1, 7)},
    )
    seen = {"picked": 0, "several": 0, "nowhere": 0}
    decisions = 0
    while not s.state.is_over and decisions < 60:
        if s.state.is_chance:
            assert s.roll()
            continue
        s.selected = None
        keys = set(re.findall(r'data-key="([^"]+)"', s.svg()))
        for key in sorted(keys):
            why = s.why_not(key)
            piece, where = s.face.locate(s.state, key)
            going = goers(s, key)
            if acts(s, key):
                assert why == "", (str(s.state), key, why)
                if going:  # the one piece that can go there is picked, or the several are marked: nothing moves
                    before, said, movable = str(s.state), s.message, s.marks().movable
                    assert s.click(key) and str(s.state) == before
                    if len(going) == 1:
                        assert (
                            s.selected in going
                            and s.message == s.t("why.picked", piece=pieces[:-1])
                            and s.pointed is None
                        )
                        seen["picked"] += 1
                    else:
                        marks = s.marks()
                        assert s.selected is None and s.message == several and marks.movable == going <= movable
                        assert where in marks.targets  # the field tapped is marked too, as the board draws it
                        assert re.search(rf'class="[^"]*\btarget\b[^"]*"[^>]*data-key="{re.escape(key)}"', s.svg())
                        assert s.cancel() and s.marks().movable == movable  # Escape: every piece marked again
                        assert where not in s.marks().targets
                        seen["several"] += 1
                    s.selected, s.pointed, s.message = None, None, said
                continue
            if where is not None:  # a field (a pawn's house is a place of its own)
                assert why, (str(s.state), key)
            if why in nowhere:
                assert piece is None and not going and why == s.t("why.nowhere", n=s.state.roll, pieces=pieces)
                seen["nowhere"] += 1
            quiet = s.why_not(key, empty=False)  # a tap: a field's words never hold it back, a piece's do
            assert quiet == why if why not in nowhere else quiet != why
        s._chosen(s.choices()[decisions * 7 % len(s.choices())].action)
        decisions += 1
    assert seen["picked"] > 0 and seen["nowhere"] > 0 and (seen["several"] > 0 or "maedn" in address), seen


def test_a_click_on_an_empty_field_picks_the_one_piece_that_can_go_there_or_says_why_not_in_both_languages() -> None:
    position = "fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6"  # 3.7 alone can move
    both = "fast r:0.8,6.8,h,h y:5.7,6.7,9.7,h x:5.1,5.2,4.3,6.3,3.4,7.4 r5"  # 6.8 and a pawn of the house reach 2.7
    for language, picked, several, none in (
        (
            "en",
            "Picked the pawn that can go there: choose the field again to move it",
            "Several of your pawns can go there (marked): pick one",
            "With a 6 none of your pawns can go there",
        ),
        (
            "de",
            "Die Figur, die dorthin kann, ist gewählt: das Feld noch einmal wählen, um zu ziehen",
            "Mehrere deiner Figuren können dorthin (markiert): wähle eine",
            "Mit einer 6 kann keine deiner Figuren dorthin",
        ),
    ):
        app = App(MemoryStorage(), [language])
        app.open("?game=malefiz&board=fast&seats=human,human&names=Mia,Ben&position=" + position.replace(" ", "%20"))
        s = app.session
        assert s is not None
        told = app.click("3.3")  # no pawn of Mia's lands there with a 6
        assert told is not None and told.news == told.announce == none
        told = app.click("7.4")  # 3.7 alone takes Ben's pawn there: it is picked, nothing moves yet
        assert told is not None and told.news == told.announce == picked and s.selected == "3.7"
        assert str(s.state) == position
        assert app.click("7.4") is not None and parse_location("7.4") in s.state.pawns[0]  # the second click moves
        app.open("?game=malefiz&board=fast&seats=human,human&names=Mia,Ben&position=" + both.replace(" ", "%20"))
        s = app.session
        assert s is not None
        everyone = s.marks().movable
        assert everyone == {"h", "0.8", "6.8"}
        told = app.click("2.7")
        assert told is not None and told.news == told.announce == several
        assert str(s.state) == both and s.selected is None  # nothing moved, nothing picked
        assert s.marks().movable == {"h", "6.8"}  # the two that can go there, marked
        assert s.marks().targets == {"2.7"}  # and the field they can go to
        told = app.click("6.8")
        assert told is not None and s.selected == "6.8" and s.marks().movable == everyone
