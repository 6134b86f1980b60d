"""A game between devices: every device keeps the same match, checks every message, and refuses what does not fit."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from malefiz.core.errors import MalefizError
from malefiz.core.fair import PART_BYTES, Chain, Ledger
from malefiz.core.remote import Match, Table
from malefiz.games import GAMES


def chains(n: int, base: int = 100) -> list[Chain]:
    return [Chain.from_secret((base + i).to_bytes(PART_BYTES, "big")) for i in range(n)]


def tables(setup: str, owners: tuple[int, ...], devices: int = 2, base: int = 100) -> list[Table]:
    """Every device's table of a new match: device 0 hosts, each gets the match with every anchor."""
    own = chains(devices, base)
    names = tuple(f"Device {i}" for i in range(devices))
    match = Match(setup, names, owners, Ledger(tuple(c.anchor for c in own)))
    return [Table(match, GAMES, i, own[i]) for i in range(devices)]


def pump(all_tables: list[Table]) -> int:
    """Deliver every queued message as the host relays them: a guest's to the host, the host's to every guest
    but the one it came from. Returns how many were delivered."""
    delivered = 0
    moved = True
    while moved:
        moved = False
        for i, table in enumerate(all_tables):
            outbox, table.outbox = table.outbox, []
            for message in outbox:
                moved = True
                targets = [0] if i != 0 else [j for j in range(1, len(all_tables)) if j != message["by"]]
                for j in targets:
                    all_tables[j].receive(copy.deepcopy(message))
                    delivered += 1
    return delivered


def play_until(all_tables: list[Table], moment: Callable[[], bool], never: str) -> None:
    """Each device plays its own (computer) seats, the messages delivered, until ``moment`` says it has come
    (``never``: what failed when it does not come)."""
    for _ in range(2000):
        if moment():
            return
        for table in all_tables:
            if table.session is not None and table.session.is_bot_turn():
                table.session.bot_step()
                table.sync()
        pump(all_tables)
    raise AssertionError(never)


def play_out(all_tables: list[Table], limit: int = 20_000) -> None:
    """Each device plays its own (computer) seats when it is their turn, until the game ends."""
    pump(all_tables)
    for _ in range(limit):
        host = all_tables[0].session
        assert host is not None
        if host.state.is_over:
            return
        acted = False
        for table in all_tables:
            session = table.session
            assert session is not None
            if session.is_bot_turn():
                session.bot_step()
                table.sync()
                acted = True
        assert acted, f"nobody can act: {[t.waiting() for t in all_tables]}"
        pump(all_tables)
    raise AssertionError("the game does not end")


@pytest.mark.parametrize(
    ("setup", "owners", "devices"),
    [
        ("game=malefiz&seats=bot:greedy,bot:greedy", (0, 1), 2),
        ("game=maedn&seats=bot:medium,bot:easy", (0, 1), 2),
        ("game=maedn&seats=bot:easy,bot:easy,bot:easy,bot:easy", (0, 1, 2, 0), 3),
        ("game=malefiz&seats=bot:greedy,bot:greedy,bot:greedy", (2, 1, 0), 3),
    ],
)
def test_devices_play_a_whole_game_and_keep_the_same_match(setup: str, owners: tuple[int, ...], devices: int) -> None:
    all_tables = tables(setup, owners, devices)
    assert all(t.session is None for t in all_tables)  # nobody rolls before every device's part for draw 0
    play_out(all_tables)
    matches = [t.match for t in all_tables]
    assert all(m == matches[0] for m in matches)
    states = [t.session.state for t in all_tables if t.session is not None]
    assert len(states) == devices and all(s == states[0] for s in states) and states[0].is_over
    # The whole match, replayed and checked from its link, gives the same game (a device that reloads).
    link = all_tables[0].link()
    assert Table.from_link(link, GAMES, 1, chains(devices)[1]).match == matches[0]
    again = Table.replay(Match.from_json(matches[0].to_json()), GAMES, 1, chains(devices)[1])
    assert again.session is not None and again.session.state == states[0] and again.outbox == []
    watcher = Table.replay(matches[0], GAMES, None, None)  # a spectator checks it all without a chain
    assert watcher.session is not None and watcher.session.state == states[0]


def test_after_a_decision_the_next_roll_waits_for_another_devices_part() -> None:
    """Nobody can roll right after deciding: the draw then needs a part sent after the decision."""
    host, guest = tables("game=maedn&seats=bot:medium,bot:medium", (0, 1))
    pump([host, guest])
    for _ in range(2000):
        session = host.session
        assert session is not None and guest.session is not None
        if session.is_bot_turn():
            before = len(session.record)
            session.bot_step()
            host.sync()
            entry = session.record.entries[before]
            if host._is_decision(entry) and session.state.is_chance and session.state.current_seat == 0:
                # The host decided and rolls again (a six): its die waits for the guest's part.
                assert not session.rolls_ready and not session.can_roll() and not session.is_bot_turn()
                assert host.waiting().parts == (1,) and host.next_device() == 1
                pump([host, guest])
                assert session.rolls_ready and session.is_bot_turn()
                return
        if guest.session.is_bot_turn():
            guest.session.bot_step()
            guest.sync()
        pump([host, guest])
    raise AssertionError("no six followed by a decision in 2,000 actions")


def test_in_a_two_device_malefiz_game_each_turn_is_one_trip() -> None:
    """A player's decisions carry the part for the other's roll: by link each turn is one trip."""
    host, guest = tables("game=malefiz&seats=bot:greedy,bot:greedy", (0, 1))
    pump([host, guest])
    trips = 0
    previous = None
    while host.session is not None and not host.session.state.is_over and trips < 400:
        actor = next(t for t in (host, guest) if t.session is not None and t.session.is_bot_turn())
        while actor.session is not None and actor.session.is_bot_turn():
            actor.session.bot_step()
            actor.sync()
        assert actor.next_device() != actor.me or actor.session is None or actor.session.state.is_over
        assert actor is not previous
        previous = actor
        pump([host, guest])
        trips += 1
    assert host.session is not None and host.session.state.is_over


def one_message(kind: str) -> tuple[list[Table], dict[str, Any]]:
    """Two devices of a Mensch ärgere Dich nicht game, the host's next message of ``kind`` held back."""
    all_tables = tables("game=maedn&seats=bot:medium,bot:medium", (0, 1))
    pump(all_tables)
    for _ in range(400):
        for table in all_tables:
            session = table.session
            assert session is not None
            if session.is_bot_turn():
                session.bot_step()
                table.sync()
                found = [m for m in table.outbox if m["t"] == kind and table.me == 0]
                if found:
                    index = table.outbox.index(found[0])
                    for message in table.outbox[:index]:
                        all_tables[1].receive(message)
                    table.outbox = table.outbox[index + 1 :]
                    return all_tables, found[0]
        pump(all_tables)
    raise AssertionError(f"no {kind} message")


@pytest.mark.parametrize(
    ("kind", "change", "says"),
    [
        ("act", {"a": "d6"}, "that the dice did not give"),
        ("act", {"n": 0}, "not the next move"),
        ("act", {"by": 1}, "cannot be read"),  # a device's own message coming back
        ("act", {"g": "another-game"}, "another game"),
        ("act", {"a": "nonsense"}, "Message from Device 0"),
        ("act", {"t": "cheat"}, "cannot be read"),
        ("part", {"p": "AAAAAAAAAAAAAAAAAAAAAA"}, "does not match what Device 0 committed to"),
        ("part", {"d": 0}, "not due now"),
        ("part", {"p": "?!"}, "cannot be read"),
    ],
)
def test_a_tampered_message_is_refused_and_changes_nothing(kind: str, change: dict[str, Any], says: str) -> None:
    (_, guest), message = one_message(kind)
    if kind == "act" and change.get("a") == "d6":
        change = {"a": f"d{7 - int(message['a'][1:])}"} if message["a"].startswith("d") else {"n": message["n"] + 1}
        says = "dice did not give" if "a" in change else "not the next move"
    before = (guest.match, guest.session.state if guest.session else None, guest.outbox[:])
    with pytest.raises(MalefizError, match=says):
        guest.receive({**message, **change})
    assert (guest.match, guest.session.state if guest.session else None, guest.outbox) == before
    assert guest.receive(message)  # the true message is still taken after the refusal
    taken = (guest.match, guest.session.state if guest.session else None, guest.outbox[:])
    # and taken once only: the same message again (a play link or another tab brought it first) is dropped
    assert not guest.receive(message)
    assert (guest.match, guest.session.state if guest.session else None, guest.outbox) == taken
    if kind == "act":  # another action in its place is refused
        other = {**message, "a": "d6" if message["a"] != "d6" else "d5"}
        with pytest.raises(MalefizError, match="not the next move"):
            guest.receive(other)


@pytest.mark.parametrize(
    ("where", "says"),
    [("roll", "action 1[0-9]* does not check out|does not check out"), ("part", "does not match"), ("cut", "")],
)
def test_a_tampered_match_is_refused(where: str, says: str) -> None:
    all_tables = tables("game=malefiz&seats=bot:greedy,bot:greedy", (0, 1))
    play_out(all_tables)
    doc = all_tables[0].match.to_json()
    if where == "roll":
        index = next(i for i, a in enumerate(doc["actions"]) if a.startswith("d") and i > 5)
        doc["actions"][index] = f"d{7 - int(doc['actions'][index][1:])}"
        with pytest.raises(MalefizError, match=says):
            Table.replay(Match.from_json(doc), GAMES, None, None)
    elif where == "part":
        draw, _ = doc["parts"][1]
        doc["parts"][1] = [draw, "A" * 22]
        with pytest.raises(MalefizError, match=says):
            Match.from_json(doc)
    else:
        link = all_tables[0].link()
        for broken in (link[: len(link) // 2], link[:-3], link + "A", "x" + link[1:]):
            with pytest.raises(MalefizError, match="not a whole link"):
                Table.from_link(broken, GAMES, None, None)
        with pytest.raises(MalefizError, match="not one of this site"):
            Match.from_json({"format": "something else"})


def test_a_device_with_another_chain_cannot_take_a_seat() -> None:
    own = chains(2)
    match = Match("game=maedn&seats=human,human", ("A", "B"), (0, 1), Ledger((own[0].anchor, own[1].anchor)))
    with pytest.raises(MalefizError, match="do not belong to this game"):
        Table(match, GAMES, 1, chains(2, base=7)[1])


def deliver_one(all_tables: list[Table], gone: set[int], rng: random.Random) -> bool:
    """Deliver the oldest queued message of one device chosen at random (the network's order between devices is
    anyone's; each device's own messages keep theirs); a gone device's messages are lost. False: none queued."""
    for i in gone:
        all_tables[i].outbox = []
    senders = [i for i, table in enumerate(all_tables) if table.outbox]
    if not senders:
        return False
    i = rng.choice(senders)
    message = all_tables[i].outbox.pop(0)
    targets = [0] if i != 0 else [j for j in range(1, len(all_tables)) if j != message["by"] and j not in gone]
    for j in targets:
        all_tables[j].receive(copy.deepcopy(message))
    return True


@pytest.mark.parametrize(
    ("setup", "owners", "devices"),
    [
        ("game=maedn&seats=bot:medium,bot:medium", (0, 1), 2),
        ("game=maedn&seats=bot:easy,bot:easy,bot:easy", (0, 1, 2), 3),
        ("game=malefiz&seats=bot:greedy,bot:greedy,bot:greedy", (1, 2, 0), 3),
    ],
)
@pytest.mark.parametrize("seed", range(12))
def test_a_device_that_leaves_at_any_moment_leaves_a_match_whose_link_and_replay_give_the_same_game(
    setup: str, owners: tuple[int, ...], devices: int, seed: int
) -> None:
    """Whether the draw then due was already drawn with the leaver's part or waits for another device's, a link
    and a replay of the match draw every die as the devices did (a watcher's link was once refused)."""
    rng = random.Random(seed)
    all_tables = tables(setup, owners, devices, base=1000 + seed * 10)
    gone: set[int] = set()
    leave_at = rng.randrange(2, 120)
    for step in range(20_000):
        host = all_tables[0]
        assert host.session is None or step < 19_999
        if host.session is not None and host.session.state.is_over:
            break
        if not gone and host.session is not None and len(host.match.actions) >= leave_at:
            host.leave(devices - 1)
            gone.add(devices - 1)
        if rng.random() < 0.6 and deliver_one(all_tables, gone, rng):
            continue
        actors = [t for i, t in enumerate(all_tables) if i not in gone and t.session and t.session.is_bot_turn()]
        if actors:
            table = rng.choice(actors)
            assert table.session is not None
            table.session.bot_step()
            table.sync()
        else:
            assert deliver_one(all_tables, gone, rng), f"nobody can act: {[t.waiting() for t in all_tables]}"
    host = all_tables[0]
    assert host.session is not None and host.session.state.is_over and host.match.left
    while deliver_one(all_tables, gone, rng):
        pass
    for i, table in enumerate(all_tables):
        if i not in gone:
            assert table.match == host.match
    from_link = Table.from_link(host.link(), GAMES, None, None)
    replayed = Table.replay(Match.from_json(host.match.to_json()), GAMES, None, None)
    for table in (from_link, replayed):
        assert table.session is not None and table.session.state == host.session.state
        assert table.match.actions == host.match.actions


@pytest.mark.parametrize("base", [300, 310, 320])
def test_a_device_that_leaves_after_giving_its_part_for_the_next_roll_leaves_that_roll_as_it_was(base: int) -> None:
    """The die the host drew with the leaver's part stays that die in a link and a replay (it once took the host's
    part alone there, and a watcher's link was refused)."""
    all_tables = tables("game=maedn&seats=bot:medium,bot:medium", (0, 1), base=base)
    host = all_tables[0]
    pump(all_tables)

    def drawn_with_guest() -> bool:
        session = host.session
        assert session is not None
        drawn = host._dice.die is not None and host.match.ledger.revealed(1) == host._dice.draw > 0
        return drawn and session.state.is_chance and session.state.current_seat == 0

    play_until(all_tables, drawn_with_guest, "the guest never gave the part of the host's next roll")
    session = host.session
    assert session is not None
    host.leave(1)
    while not session.state.is_over:
        session.bot_step()
        host.sync()
    for table in (Table.from_link(host.link(), GAMES, None, None), Table.replay(host.match, GAMES, None, None)):
        assert table.session is not None and table.session.state == session.state


def test_a_device_that_leaves_before_giving_its_part_for_who_starts_lets_the_others_begin() -> None:
    all_tables = tables("game=maedn&seats=bot:easy,bot:easy,bot:easy", (0, 1, 2), devices=3, base=500)
    host, guest, _ = all_tables
    all_tables[2].outbox = []  # its part for draw 0 never comes
    pump(all_tables[:2])
    assert host.session is None and host.waiting().parts == (2,)
    host.leave(2)
    pump(all_tables[:2])
    assert host.session is not None and guest.session is not None and host.session.state == guest.session.state
    play_out(all_tables[:2])
    assert guest.match == host.match and host.match.left == ((0, 2),)
    for table in (Table.from_link(host.link(), GAMES, None, None), Table.replay(host.match, GAMES, None, None)):
        assert table.session is not None and table.session.state == host.session.state


@pytest.mark.parametrize("base", [700, 710, 720])
def test_a_device_the_computer_takes_over_from_while_its_move_is_on_the_way_follows_the_hosts_game(base: int) -> None:
    """The host takes none of the moves the device sent after the host let its computer play for it: on that device
    they are taken back, and it follows the game as the host plays it."""
    host, guest = all_tables = tables("game=maedn&seats=bot:medium,bot:medium", (0, 1), base=base)
    pump(all_tables)
    play_until(
        all_tables,
        lambda: guest.session is not None and guest.session.is_bot_turn() and len(guest.match.actions) > 8,
        "the guest never had a turn",
    )
    assert guest.session is not None
    guest.session.bot_step()
    guest.sync()
    guest.outbox = []  # on the way when the host lets go
    n = len(host.match.actions)
    host.leave(1)
    pump(all_tables)
    assert guest.match.actions == host.match.actions[:n] and guest.match.left == ((n, 1),) and not guest.session.mine
    while host.session is not None and not host.session.state.is_over:
        host.session.bot_step()  # its computer plays both seats now
        host.sync()
        pump(all_tables)
    assert guest.session is not None and host.session is not None
    assert guest.match == host.match and guest.session.state == host.session.state


def test_a_link_carries_a_reaction_for_the_one_who_opens_it_and_the_game_reads_the_same() -> None:
    from malefiz.core.document import deflate, inflate
    from malefiz.core.remote_link import link_said

    host, guest = tables("game=maedn&seats=bot:easy,bot:easy", (0, 1))
    pump([host, guest])
    plain, said = host.link(), host.link((0, 4))
    assert link_said(plain) is None and link_said(said) == (0, 4)
    assert Table.from_link(said, GAMES, None, None).match == Table.from_link(plain, GAMES, None, None).match
    doc = json.loads(inflate(said, 100_000))
    for bad in ("x", [0], [0, "4"], [True, 4], {"by": 0}):
        doc["said"] = bad
        assert link_said(deflate(json.dumps(doc).encode())) is None  # not a reaction: none (the game still reads)
    assert link_said("not a link") is None
