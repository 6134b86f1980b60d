"""Taking a move back in a game between devices: the host's order wins, the draw that fell due is skipped, and
every device (and every later replay or link) keeps the same match."""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import replace
from typing import Any

import pytest

from malefiz.core.actions import Roll
from malefiz.core.errors import MalefizError
from malefiz.core.fair import Ledger
from malefiz.core.remote import TAKE_BACK, Match, Table, relayed_to
from malefiz.games import GAMES

from .test_remote import chains, pump, tables


class Net:
    """The devices' channels as WebRTC keeps them: each way between the host and a guest in order, the host
    passing on what a guest sends (:func:`relayed_to`)."""

    def __init__(self, all_tables: list[Table]) -> None:
        self.tables = all_tables
        self.ways: dict[tuple[int, int], deque[dict[str, Any]]] = {}
        for guest in range(1, len(all_tables)):
            self.ways[(guest, 0)], self.ways[(0, guest)] = deque(), deque()
        self.dropped = 0

    def post(self) -> None:
        """Every device's outbox onto its channels."""
        for i, table in enumerate(self.tables):
            outbox, table.outbox = table.outbox, []
            for message in outbox:
                targets = [0] if i else [j for j in range(1, len(self.tables)) if relayed_to(message, j)]
                for j in targets:
                    self.ways[(i, j)].append(copy.deepcopy(message))

    def deliver(self, way: tuple[int, int]) -> None:
        """The next message on ``way``."""
        message = self.ways[way].popleft()
        if not self.tables[way[1]].receive(message):
            self.dropped += 1
        self.post()

    def flush(self) -> None:
        self.post()
        while any(self.ways.values()):
            for way, queue in self.ways.items():
                if queue:
                    self.deliver(way)


def act(table: Table, rng: random.Random) -> bool:
    """``table``'s device acts when it is its turn (its person rolls or moves, or its computer plays); True if it
    did."""
    session = table.session
    if session is None or session.state.is_over or not session.plays_here():
        return False
    if session.is_bot_turn():  # (the host's computer)
        session.bot_step()
    elif session.state.is_chance:
        if not session.roll():
            return False
    else:  # a person who plays much as the greedy computer, now and then anything
        legal = session.legal()
        pick = session.game.bots["greedy"](session.state, legal, rng) if rng.random() < 0.8 else rng.choice(legal)
        session.play(pick)
    table.sync()
    return True


def decide(all_tables: list[Table], net: Net, device: int, rng: random.Random) -> None:
    """Play (every message delivered) until ``device``'s person has just made a decision and the next roll is not
    made yet."""
    for _ in range(3000):
        table = all_tables[device]
        session = table.session
        assert session is not None and not session.state.is_over
        if session.plays_here() and not session.state.is_chance and len(session.legal()) > 1:
            act(table, rng)
            return
        if not any(act(t, rng) for t in all_tables):
            raise AssertionError("nobody can act")
        net.flush()
    raise AssertionError("no decision came")


def decided(setup: str, owners: tuple[int, ...], device: int, seed: int) -> tuple[list[Table], Net, random.Random]:
    """The devices of a new game of ``setup``, played until ``device``'s person has just made a decision; every
    message delivered."""
    all_tables = tables(setup, owners)
    net = Net(all_tables)
    net.flush()
    rng = random.Random(seed)
    decide(all_tables, net, device, rng)
    net.flush()
    return all_tables, net, rng


@pytest.mark.parametrize("setup", ["game=malefiz&seats=human,human", "game=maedn&seats=human,human"])
def test_a_guest_takes_its_move_back_once_the_host_passes_it_on(setup: str) -> None:
    host, guest = all_tables = tables(setup, (0, 1))
    net = Net(all_tables)
    net.flush()
    rng = random.Random(3)
    decide(all_tables, net, 1, rng)
    net.post()
    assert guest.can_take_back() and not host.can_take_back()
    assert guest.session is not None and host.session is not None
    before = len(guest.session.record)
    assert guest.take_back()
    assert not guest.can_take_back() and guest.asked is not None  # asked once: the button waits for the host
    assert len(guest.session.record) == before  # nothing changes before the host takes it
    net.flush()
    assert host.match == guest.match and host.match.actions[-1] == TAKE_BACK
    assert host.session.state == guest.session.state and not guest.session.state.is_chance
    assert isinstance(guest.session.record.entries[-1].action, Roll)  # back to just after the roll
    assert guest.session.message.endswith("move taken back") and not guest.late


def test_the_host_takes_its_move_back_and_the_draw_that_fell_due_is_skipped() -> None:
    host, guest = all_tables = tables("game=malefiz&seats=human,human", (0, 1))
    net = Net(all_tables)
    net.flush()
    rng = random.Random(5)
    decide(all_tables, net, 0, rng)
    net.flush()  # the guest has seen the move and sent its part for the next roll: both parts are out
    draw = host._dice.draw  # the draw of the guest's next roll: every part of it is known
    assert host.match.ledger.missing(draw, (0, 1)) == () and host.session is not None and host.session.rolls_ready
    assert host.take_back()
    net.flush()
    assert host.match == guest.match and host.backs == guest.backs == 1
    decide(all_tables, net, 0, rng)  # chosen again
    net.flush()
    assert guest.session is not None and guest.session.roll()
    guest.sync()
    net.flush()
    assert host._dice.draw == guest._dice.draw == draw + 2  # the next roll comes from a draw nobody had seen
    assert host.match == guest.match


def test_a_take_back_that_comes_after_the_next_roll_counts_for_nothing() -> None:
    """The guest takes back while the host rolls: the host's roll reached the match first."""
    (host, guest), net, rng = decided("game=maedn&seats=human,human", (0, 1), 1, 8)
    assert host.session is not None and guest.session is not None
    assert host.session.plays_here() and host.session.state.is_chance  # the host's turn to roll
    assert guest.take_back()
    net.post()
    assert act(host, rng)  # rolls before the request reaches it
    net.flush()
    assert net.dropped == 1 and guest.late and not guest.can_take_back()
    assert host.match == guest.match and TAKE_BACK not in host.match.actions


def test_after_a_six_a_move_is_taken_back_before_the_roll_again_and_not_after() -> None:
    all_tables = tables("game=maedn&seats=human,human", (0, 1))
    net = Net(all_tables)
    net.flush()
    rng = random.Random(1)  # (Ben's 24th decision follows a six)
    guest = all_tables[1]
    for _ in range(30):
        decide(all_tables, net, 1, rng)
        net.flush()
        assert guest.session is not None
        if guest.session.plays_here() and guest.session.state.is_chance:  # a six: Ben rolls again
            assert guest.can_take_back()
            assert act(guest, rng) and not guest.can_take_back()
            return
    raise AssertionError("no six for Ben followed by a move")


def test_a_roll_that_lost_the_race_to_the_hosts_take_back_is_played_again_as_the_host_has_it() -> None:
    all_tables, net, rng = decided("game=malefiz&seats=human,human", (0, 1), 0, 11)
    host, guest = all_tables
    assert act(guest, rng)  # the guest rolls (and perhaps moves on) ...
    act(guest, rng)
    assert host.take_back()  # ... while the host takes its move back
    net.flush()
    assert net.dropped >= 1 and host.match == guest.match and host.match.actions[-1] == TAKE_BACK
    assert guest.session is not None and host.session is not None and guest.session.state == host.session.state
    for _ in range(5000):  # and the game goes on to the end (every part still comes when due)
        if host.session.state.is_over:
            break
        assert any(act(t, rng) for t in all_tables)
        net.flush()
    assert host.session.state.is_over and host.match == guest.match


def test_a_person_takes_back_through_the_hosts_computers_but_not_past_another_person() -> None:
    setup = "game=malefiz&seats=human,human,bot:greedy"
    all_tables = tables(setup, (0, 1, 0))
    host, guest = all_tables
    net = Net(all_tables)
    net.flush()
    rng = random.Random(2)
    decide(all_tables, net, 1, rng)
    net.flush()
    assert host.session is not None and guest.session is not None
    point = len(guest.session.record)
    while host.session.is_bot_turn():  # the host's computer plays its whole turn
        host.session.bot_step()
        host.sync()
        net.flush()
    seat = host.session.state.current_seat
    assert seat == 0 and len(guest.session.record) > point  # the computer moved: the host's person rolls next
    assert guest.take_back()
    net.flush()
    assert guest.session.state.current_seat == 1 and not guest.session.state.is_chance
    assert guest.session.state == host.session.state and len(guest.session.record) == point - 1
    decide(all_tables, net, 1, rng)
    net.flush()
    while host.session.state.current_seat != 0:
        host.session.bot_step()
        host.sync()
        net.flush()
    assert act(host, rng)  # the host's person rolls: now the guest's move stands
    net.flush()
    assert not guest.can_take_back()


def test_no_take_back_when_the_host_said_so_for_a_watcher_or_after_a_win() -> None:
    all_tables = tables("game=malefiz&seats=human,human&undo=off", (0, 1))
    net = Net(all_tables)
    net.flush()
    decide(all_tables, net, 1, random.Random(1))
    assert not all_tables[1].can_take_back() and not all_tables[1].take_back()
    fine = tables("game=malefiz&seats=human,human", (0, 1))
    net = Net(fine)
    net.flush()
    decide(fine, net, 1, random.Random(1))
    net.flush()
    watcher = Table.replay(fine[0].match, GAMES, None, None)
    assert not watcher.can_take_back() and not watcher.take_back()


def test_a_take_back_the_host_sends_further_back_than_the_guests_own_latest_actions_is_refused() -> None:
    """A race costs a guest only its own actions the host had not seen: a host cannot take a game further back."""
    (_, guest), _net, rng = decided("game=malefiz&seats=human,human", (0, 1), 0, 11)
    assert act(guest, rng)  # the guest rolls: its own, unseen by the host
    n = len(guest.match.actions)
    for back in (3, n - 2, n - 1):  # the host's move (n - 2) and older ones are not the guest's own
        forged = {"t": "act", "g": guest.code, "n": back, "a": TAKE_BACK, "by": 0, "b": 0}
        before = guest.match
        if back == n - 1:
            assert guest.receive(forged) and guest.match.actions[-1] == TAKE_BACK  # a real race: the host's wins
            continue
        with pytest.raises(MalefizError):
            guest.receive(forged)
        assert guest.match == before


def test_a_take_back_asked_for_by_the_wrong_device_is_refused() -> None:
    host, guest = all_tables = tables("game=malefiz&seats=human,human", (0, 1))
    net = Net(all_tables)
    net.flush()
    decide(all_tables, net, 0, random.Random(4))
    net.flush()
    n = len(guest.match.actions)
    bad = {"t": "act", "g": guest.code, "n": n, "a": TAKE_BACK, "by": 1, "b": 0}
    assert not host.receive(bad)  # the host drops it: nothing of it counts, nothing is passed on
    assert host.outbox == [] and len(host.match.actions) == n
    with pytest.raises(MalefizError):
        guest.receive({**bad, "by": 0, "b": 1})  # counts take-backs it cannot have seen
    assert len(guest.match.actions) == n
    (host, guest), net, _ = decided("game=malefiz&seats=human,human", (0, 1), 1, 4)
    n = len(guest.match.actions)
    with pytest.raises(MalefizError):  # the guest's move, taken back in its name though it never asked
        guest.receive({"t": "act", "g": guest.code, "n": n, "a": TAKE_BACK, "by": 1, "b": 0})
    assert len(guest.match.actions) == n and guest.can_take_back()


@pytest.mark.parametrize(
    ("setup", "owners", "devices", "seed"),
    [
        ("game=malefiz&seats=human,human", (0, 1), 2, 1),
        ("game=maedn&seats=human,human,human", (0, 1, 2), 3, 2),
        ("game=malefiz&board=fast&seats=human,bot:greedy,human,human", (0, 0, 1, 2), 3, 3),
        ("game=maedn&seats=human,bot:easy,human,bot:medium", (1, 0, 2, 0), 3, 4),
    ],
)
def test_a_whole_game_with_take_backs_and_races_ends_the_same_everywhere(
    setup: str, owners: tuple[int, ...], devices: int, seed: int
) -> None:
    """People act, take back and receive in any order a real network allows; the devices never disagree, and the
    match replays from JSON and from its link."""
    all_tables = tables(setup, owners, devices)
    net = Net(all_tables)
    net.flush()
    rng = random.Random(seed)
    backs = 0
    for _ in range(60_000):
        host = all_tables[0].session
        assert host is not None
        if host.state.is_over and not any(net.ways.values()):
            break
        move = rng.random()
        busy = [way for way, queue in net.ways.items() if queue]
        if move < 0.45 and busy:
            net.deliver(rng.choice(busy))
            continue
        table = rng.choice(all_tables)
        session = table.session
        if session is not None and session.is_bot_turn():
            session.bot_step()
            table.sync()
        elif move < 0.5 and table.can_take_back():
            backs += table.take_back()
        else:
            act(table, rng)
        net.post()
    net.flush()
    matches = [t.match for t in all_tables]
    assert all(m == matches[0] for m in matches) and all_tables[0].session is not None
    assert all_tables[0].session.state.is_over and backs >= 5 and all_tables[0].backs >= 3
    state = all_tables[0].session.state
    again = Table.replay(Match.from_json(matches[0].to_json()), GAMES, 1, chains(devices)[1])
    assert again.session is not None and again.session.state == state and again.outbox == []
    linked = Table.from_link(all_tables[0].link(), GAMES, None, None)
    assert linked.match == matches[0] and linked.session is not None and linked.session.state == state


def test_the_later_of_two_versions_of_a_game_is_told_by_its_take_back_or_its_departure() -> None:
    own = chains(3)
    base = Match("game=maedn&seats=human,human,human", ("A", "B", "C"), (0, 1, 2), Ledger(tuple(c.anchor for c in own)))
    # The host took B's move back (2), then C left (4); B had rolled on (the race it lost): the host's is later,
    # whatever happened after the take-back (a departure since did hide it: found by the link monkey).
    host = replace(base, actions=("d6", "b:B-0", TAKE_BACK, "d3", "a:0-3"), left=((4, 2),))
    guest = replace(base, actions=("d6", "b:B-0", "d2"))
    assert host.taken_back_at(guest) == 2 and guest.taken_back_at(host) is None
    assert host.taken_back_at(replace(guest, left=((1, 2),))) is None  # a departure before it: another game
    # B left after 2 actions; B's device moved on before it heard: the host's is later.
    left = replace(base, actions=("d6", "b:B-0", "d1", "c:B-0"), left=((2, 1),))
    moved = replace(base, actions=("d6", "b:B-0", "d5", "b:0-5"))
    assert left.departed_at(moved) == 2 and moved.departed_at(left) is None and left.departed_at(left) is None
    assert left.departed_at(replace(moved, actions=("d4",))) is None  # not the same game before it


def test_two_versions_of_a_game_one_lacking_a_departure_the_other_lacking_moves_are_merged() -> None:
    own = chains(3)
    base = Match("game=maedn&seats=human,human,human", ("A", "B", "C"), (0, 1, 2), Ledger(tuple(c.anchor for c in own)))
    moved = replace(base, actions=("d6", "b:B-0", "d2"))  # went on without hearing that C left after 2 actions
    left = replace(base, actions=("d6", "b:B-0"), left=((2, 2),))
    assert moved.merged(left) == replace(moved, left=((2, 2),))
    assert left.merged(moved) == replace(moved, left=((2, 2),))  # it lacks the moves
    assert left.merged(replace(moved, actions=("d6",))) is None and left.merged(left) is None  # nothing new
    later = replace(moved, ledger=moved.ledger.reveal(2, 0, own[2].part(0)))  # C's part, sent after it left
    assert left.merged(later) == replace(moved, left=((2, 2),))  # never counts
    bens = replace(later, ledger=later.ledger.reveal(1, 0, own[1].part(0)))  # and B's: learnt
    both = left.merged(bens)
    assert both is not None and both.ledger.revealed(1) == 0 and both.ledger.revealed(2) == left.ledger.revealed(2)
    assert moved.merged(replace(left, actions=("d6", "b:B-1"))) is None  # not one game


def _until_decision_of(all_tables: list[Table], net: Net, device: int, rng: random.Random) -> None:
    """Play on (every message delivered) until ``device``'s person is to choose a move."""
    for _ in range(3000):
        session = all_tables[device].session
        assert session is not None and not session.state.is_over
        if session.plays_here() and not session.state.is_chance and len(session.legal()) > 1:
            return
        if not any(act(t, rng) for t in all_tables):
            raise AssertionError("nobody can act")
        net.flush()
    raise AssertionError("no decision came")


def left_at_turn_of(setup: str, device: int, seed: int) -> tuple[list[Table], random.Random, list[dict[str, Any]]]:
    """Three devices (A hosts, B and C) of a new game of ``setup``, played until ``device``'s person is to choose;
    then the host lets the computer play for C (2). Its message (returned) has reached nobody yet."""
    all_tables = tables(setup, (0, 1, 2), devices=3)
    net, rng = Net(all_tables), random.Random(seed)
    net.flush()
    _until_decision_of(all_tables, net, device, rng)
    host = all_tables[0]
    host.leave(2)
    leave, host.outbox = host.outbox, []
    return all_tables, rng, leave


@pytest.mark.parametrize("setup", ["game=maedn&seats=human,human,human", "game=malefiz&seats=human,human,human"])
def test_a_departure_merges_with_another_devices_moves_after_it_but_not_with_the_departed_devices_own(
    setup: str,
) -> None:
    # B's device (1) moved without hearing that the host let the computer play for C (2): one game, both ways (the
    # host dropped B's move: found by the link monkey, round 617).
    (host, ben, _), rng, _ = left_at_turn_of(setup, 1, 5)
    assert act(ben, rng)
    one = host.merge(ben.match)
    assert one is not None and len(one.match.actions) == len(ben.match.actions) and one.match.left == host.match.left
    again = ben.merge(host.match)
    assert again is not None and 2 in again.gone  # (the host's part for the next draw: on its way)
    assert (again.match.actions, again.match.left) == (one.match.actions, one.match.left)
    # C's device (2) moved after the host's computer took over for it, and a play link brought its move to B:
    # not one game (the host's computer plays that turn), neither at the host nor at B.
    (host, _, cleo), rng, _ = left_at_turn_of(setup, 2, 5)
    assert act(cleo, rng)
    linked = Table.from_link(cleo.link(), GAMES, 1, chains(3)[1])
    assert linked.match.actions == cleo.match.actions
    assert host.merge(linked.match) is None and linked.merge(host.match) is None


@pytest.mark.parametrize("setup", ["game=maedn&seats=human,human,human", "game=malefiz&seats=human,human,human"])
def test_a_departed_devices_move_that_a_play_link_brought_is_gone_once_the_departure_comes(setup: str) -> None:
    # The host let the computer play for C (2) at C's turn; C moved all the same and its play link reached B (1)
    # before the departure did: B plays on as the host has it, the computer's move for C in place of C's own.
    (host, _, cleo), rng, leave = left_at_turn_of(setup, 2, 7)
    n = len(host.match.actions)
    assert act(cleo, rng)
    ben = Table.from_link(cleo.link(), GAMES, 1, chains(3)[1])
    assert len(ben.match.actions) > n and ben.movers[n] in ben.seats_of(2)
    for message in leave:
        ben.receive(copy.deepcopy(message))
    assert ben.match.actions == host.match.actions and ben.match.left == ((n, 2),) and 2 in ben.gone
    session = host.session
    assert session is not None and session.is_bot_turn()
    session.bot_step()  # the host's computer plays C's turn
    host.sync()
    pump([host, ben])
    assert ben.match.actions == host.match.actions


def test_a_departure_that_a_play_link_brought_first_changes_nothing_when_its_message_comes() -> None:
    (host, _, _), _, leave = left_at_turn_of("game=maedn&seats=human,human,human", 2, 7)
    ben = Table.from_link(host.link(), GAMES, 1, chains(3)[1])  # the host's link, opened before the message came
    assert 2 in ben.gone and ben.match == host.match
    assert [ben.receive(copy.deepcopy(m)) for m in leave] == [False]  # known: no "cannot be read"
    assert ben.match == host.match
    forged = {**leave[0], "n": leave[0]["n"] - 1}  # the same device leaving again elsewhere: refused
    with pytest.raises(MalefizError, match="cannot be read"):
        ben.receive(forged)
