"""A game played on several devices: what every device keeps (:class:`Match`), checks and sends (:class:`Table`).

The devices of a game are numbered from 0, the host. Each seat belongs to one device (the computer seats to
the host, which plays them). Every device keeps the whole game as a :class:`Match`: the setup, the devices
with their dice anchors (:mod:`malefiz.core.fair`), every action in notation, and the latest dice part each
device revealed. What travels between devices is that match (a link, a reconnection) or one message at a
time (:class:`Table.receive`):

- ``{"t": "act", "g": game, "n": index, "a": "d4", "by": device}``: the ``n``-th action of the game;
- ``{"t": "part", "g": game, "d": draw, "p": part, "by": device}``: a device's dice part for a draw;
- ``{"t": "leave", "g": game, "n": index, "d": device, "r": draw, "by": 0}``: the host's computer plays
  ``device``'s seats from the ``n``-th action on; ``r``: the last draw the host had its part for
  (:meth:`Table.leave`);
- ``{"t": "act", "g": game, "n": index, "a": "back", "by": device}``: ``device`` takes its person's last move
  back (:meth:`Table.take_back`). A guest's take-back is a request: it counts once the host took it, which passes
  it on to every device, the one that asked included.

Every message also says how many take-backs its sender's match holds (``"b"``): one sent before its sender learnt
of a take-back (a roll made on another device while the host took a move back) no longer counts and is dropped.
The host's order wins: a guest whose own actions lost such a race plays on from the host's version.

Which devices' parts a draw takes is fixed when it falls due (right after the decision before it), so that every
device and every later replay of the match draw the same die. A device that leaves is one of them still when its
part for the draw then due is in (nobody waits for it); otherwise those still in the game take its place.

A take-back cuts the game back to just after the last roll of the person who decided last (the host's computers'
actions after it go with it) until another person acts; the draw that fell due after the decision is skipped, and
the one after it, so that nobody gains from having seen their parts: the move is chosen again before a die nobody
knows yet. A guest drops only its own latest actions for the host's version (and those a play link brought, which
the host may never have taken): a take-back further back is refused.

A message is taken only when it is the very next one (an action's index is the match's length; a part is for
the draw now due), comes from the device whose turn it is, is legal, and rolls exactly what the draw rolls.
Anything else is refused with a message in the player's language, and the game stays exactly as it was.
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .actions import Pass, Roll
from .dice import Dice
from .document import b64, unb64
from .errors import MalefizError
from .fair import CHAIN_LENGTH, PART_BYTES, Chain, Ledger, takers
from .match import MATCH_FORMAT, MAX_DEVICES, TAKE_BACK, Match
from .record import Entry
from .session import Session
from .setup import Games, Setup

__all__ = ["MATCH_FORMAT", "MAX_DEVICES", "TAKE_BACK", "Match", "Table", "Waiting", "relayed_to"]

MATCH_ERRORS: Final = ("error.match_turn", "error.match_no_die", "error.match_roll")
"""The refusals of a message that are told as they are (any other error of an action is wrapped)."""
LEAVER_LEVEL: Final = "medium"
"""The computer that plays the seats of a device that left."""
BACK_DRAWS: Final = CHAIN_LENGTH // 2
"""No more take-backs once this many draws fell due (each skips two): the rest of the chain is for playing on."""


class _Stale(Exception):
    """A message that came too late to count (see the module's description): dropped, not passed on."""


def relayed_to(message: dict[str, Any], device: int) -> bool:
    """Whether the host passes ``message`` on to ``device``: every device but its sender, save a take-back, which
    its sender waits to hear from the host."""
    return device != message.get("by") or message.get("a") == TAKE_BACK


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the game waits for from other devices: a move of ``device``, or the dice parts of ``devices``."""

    device: int | None = None
    """The device whose seat is to act (None: a dice part is awaited, or nothing)."""
    parts: tuple[int, ...] = ()
    """The devices whose part the draw now due still needs."""


@dataclass
class _Dice:
    """Where the dice stand while replaying: the draw in use, its die, and who decided last."""

    draw: int = 0
    die: Dice | None = None
    """The die of the draw in use; None after a decision, until the next draw's parts are in."""
    recent: list[int] = field(default_factory=list)
    """The devices that decided, most recent first (each once)."""
    takers: tuple[int, ...] | None = None
    """The devices whose parts the next draw takes, fixed when it fell due (None: not due yet)."""
    top: int = 0
    """The highest draw that fell due (the same on every device, whenever its parts came)."""
    rolled: dict[int, Dice] = field(default_factory=dict)
    """The die right after each roll, by the number of the session's actions then (where a take-back goes)."""


class Table:
    """One device's side of a game between devices: its session, the match, and what it must send.

    Every device runs the same code on the same match; :attr:`me` is this device and :attr:`chain` its own
    dice chain (None for a spectator, which only watches and checks).
    """

    def __init__(self, match: Match, games: Games, me: int | None, chain: Chain | None, language: str = "en") -> None:
        """The table of ``match`` before any action (:meth:`replay` plays its actions)."""
        setup = Setup.from_query(match.setup, games)
        if setup is None or len(match.owners) != len(setup.seats):
            raise MalefizError.keyed("error.match_foreign")
        if chain is not None and (me is None or chain.anchor != match.ledger.anchors[me]):
            raise MalefizError.keyed("error.match_chain")
        self.takebacks = setup.undo
        """Whether people may take their moves back (the host's setup says so)."""
        self.setup = replace(setup, undo=False, seed=None)
        self.games = games
        self.me = me
        self.chain = chain
        self.language = language
        self.match = replace(match, actions=())
        self.code = b64(match.game)[:12]
        """The game's code in every message (a message of another game, an earlier one say, is refused)."""
        self.outbox: list[dict[str, Any]] = []
        """Messages this device must send (its own actions and parts, and for the host those it relays)."""
        self.session: Session | None = None
        self._dice = _Dice()
        self._seen = 0
        """Entries of the session's record already in the match."""
        self.owners = list(match.owners)
        """Each seat's device now (a seat of a device that left is the host's)."""
        self.gone: set[int] = set()
        """The devices that left the game."""
        self.backs = 0
        """The take-backs in the match."""
        self.movers: list[int | None] = []
        """The seat whose turn each of the match's actions was (None: a take-back)."""
        self.picks: list[int] = []
        """Each decision of the match (those taken back too) as its place among the legal actions (a link)."""
        self.asked: int | None = None
        """A guest's take-back sent to the host: the match's length then (None: none asked)."""
        self.late = False
        """True when this device's take-back came too late: another device's action reached the host first (until
        this device acts again)."""
        self.live = True
        """False while the match's actions are replayed (a take-back among them sends nothing)."""
        self.reaction: tuple[int, int] | None = None
        """The reaction ``(device, index)`` the play link this table was read from carried (:meth:`from_link`)."""
        self.firm = 0
        """How many of the match's first actions the host is known to have: all but this device's own since the
        last action of another device, and those a play link or another tab brought (which may hold another
        device's actions the host never took). A race with the host's take-back can cost only those after them."""
        self._reveal(0)
        self._begin()
        self._apply_leaves()

    # -- what the game is waiting for --------------------------------------------------

    @property
    def devices(self) -> int:
        return len(self.match.names)

    def seats_of(self, device: int) -> frozenset[int]:
        """The seats ``device`` plays."""
        return frozenset(i for i, d in enumerate(self.owners) if d == device)

    def present(self) -> tuple[int, ...]:
        """The devices still in the game."""
        return tuple(d for d in range(self.devices) if d not in self.gone)

    def _due(self) -> tuple[int, tuple[int, ...]] | None:
        """The draw due now and its devices, when a roll is needed and the draw in use is closed."""
        session = self.session
        if session is None:
            return 0, self._first_takers()
        if self._dice.die is not None or not session.state.is_chance or session.state.is_over:
            return None
        draw = self._dice.draw + 1
        if self._dice.takers is None:
            roller = self.owners[session.state.current_seat]
            decider = next((d for d in self._dice.recent if d != roller and d not in self.gone), None)
            self._dice.takers = takers(self.present(), draw, roller, decider)
            self._dice.top = max(self._dice.top, draw)
        return draw, self._dice.takers

    def _first_takers(self) -> tuple[int, ...]:
        """The devices whose parts draw 0 takes: every device, but one that left before giving its part."""
        return tuple(d for d in range(self.devices) if d not in self.gone or self.match.ledger.revealed(d) >= 0)

    def waiting(self) -> Waiting:
        """What the game waits for from other devices (nothing: this device acts, or the game is over)."""
        due = self._due()
        if due is not None:
            missing = self.match.ledger.missing(due[0], due[1])
            if missing:
                return Waiting(parts=missing)
        session = self.session
        if session is None or session.state.is_over:
            return Waiting()
        device = self.owners[session.state.current_seat]
        return Waiting() if device == self.me else Waiting(device=device)

    def next_device(self) -> int | None:
        """The device that must act next (for a link: whom to send it to); None once the game is over."""
        wait = self.waiting()
        if wait.parts:
            return wait.parts[0]
        if self.session is None or self.session.state.is_over:
            return None
        seat: int = self.session.state.current_seat
        return self.owners[seat]

    # -- keeping the dice ----------------------------------------------------------------

    def _reveal(self, draw: int) -> None:
        """Send this device's part for ``draw`` (when it takes part and has not sent it yet)."""
        if self.chain is None or self.me is None or self.match.ledger.revealed(self.me) >= draw:
            return
        part = self.chain.part(draw)
        self.match = replace(self.match, ledger=self.match.ledger.reveal(self.me, draw, part))
        self.outbox.append({"t": "part", "g": self.code, "d": draw, "p": b64(part), "by": self.me, "b": self.backs})

    def _begin(self) -> None:
        """Start the session once draw 0 is complete (it rolls for who starts)."""
        if self.session is not None:
            return
        die = self.match.ledger.dice(self.match.game, 0, self._first_takers())
        if die is None:
            return
        session = Session(self.setup, die.seed, language=self.language)
        session.mine = self.seats_of(self.me) if self.me is not None else frozenset()
        self.session = session
        self._dice = _Dice(0, session.dice)
        self._seen = len(session.record)
        self._dice.rolled[self._seen] = session.dice
        self._settle()

    def _settle(self) -> None:
        """After any change: open the draw now due (sending this device's part), hand the session its die (or
        begin the game, when a device that left leaves draw 0 complete)."""
        session = self.session
        if session is None:
            self._begin()
            return
        due = self._due()
        if due is not None:
            draw, devices = due
            if self.me in devices:
                self._reveal(draw)
            die = self.match.ledger.dice(self.match.game, draw, devices)
            if die is not None:
                self._dice.draw, self._dice.die, self._dice.takers = draw, die, None
        session.dice = self._dice.die or session.dice
        session.rolls_ready = self._dice.die is not None

    def _account(self, entry: Entry[Any, Any]) -> None:
        """Note ``entry`` (just played, the session's :attr:`_seen`-th action) in the match and the dice."""
        self.match = replace(self.match, actions=(*self.match.actions, str(entry.action)))
        self.movers.append(entry.before.current_seat)
        self.asked = None
        pick = self._pick(entry)
        if isinstance(entry.action, Roll):
            assert self._dice.die is not None
            _, self._dice.die = self._dice.die.roll()
            self._dice.rolled[self._seen] = self._dice.die
        elif pick is not None:
            self.picks.append(pick)
            device = self.owners[entry.before.current_seat]
            self._dice.die = None
            self._dice.recent = [device, *(d for d in self._dice.recent if d != device)]

    # -- a device that left ------------------------------------------------------------------

    def leave(self, device: int) -> None:
        """The host hands the seats of ``device`` (gone, or not answering) to its computer: from now on the host
        plays them, and that device takes no part in the dice."""
        if self.me != 0 or not 0 < device < self.devices or device in self.gone:
            return
        n, known = len(self.match.actions), self.match.ledger.revealed(device)
        self.match = replace(self.match, left=(*self.match.left, (n, device)))
        self._gone(device)
        message = {"t": "leave", "g": self.code, "n": n, "d": device, "r": known, "by": 0, "b": self.backs}
        self.outbox.append(message)
        self._settle()

    def _receive_leave(self, by: int, n: object, device: object, known: object) -> None:
        if by != 0 or not isinstance(n, int) or isinstance(n, bool) or not isinstance(device, int):
            raise MalefizError.keyed("error.match_message")
        if (n, device) in self.match.left:
            raise _Stale  # known already (a play link, or another tab, brought it first): nothing changes
        if isinstance(device, bool) or not 0 < device < self.devices or device in self.gone:
            raise MalefizError.keyed("error.match_message")
        if not 0 <= n <= len(self.match.actions) or (known is not None and type(known) is not int):
            raise MalefizError.keyed("error.match_message")
        # Its parts the host did not have when it left never count (a part on its way then, or one a play link of
        # the device brought here): whether the draw due takes its part is decided as the host decided it.
        ledger = self.match.ledger.upto(device, known) if isinstance(known, int) else self.match.ledger
        match = replace(self.match, ledger=ledger, left=(*self.match.left, (n, device)))
        if n == len(self.match.actions) and ledger == self.match.ledger:
            self.match = match
            self._gone(device)
            self._settle()
            return
        # The host let its computer take over before this device's latest actions (its own) or a part of the
        # device that left reached it: the game from the n-th action on is replayed as the host has it (the draws
        # since may take other parts).
        # The host took none of the device's own since (this one's, or another's a play link brought): from the
        # first of them on, the game here is gone.
        seats = self.seats_of(device)
        cut = next((i for i in range(n, len(self.movers)) if self.movers[i] in seats), None)
        if cut is not None:
            match = replace(match, actions=match.actions[:cut])
        try:
            fresh = Table.replay(match, self.games, self.me, self.chain, self.language)
        except MalefizError:
            raise MalefizError.keyed("error.match_message") from None
        outbox = [*self.outbox, *fresh.outbox]
        vars(self).update(vars(fresh))
        self.outbox = outbox

    def _apply_leaves(self) -> None:
        """The departures the match holds after the actions so far (a replay), each as it was: after the draw
        then due fell due (with the parts it takes), before the next action."""
        for n, device in self.match.left:
            if n == len(self.match.actions) and device not in self.gone:
                self._settle()
                self._gone(device)
                self._begin()

    def _gone(self, device: int) -> None:
        """``device`` left: its seats are the host's computer's (at *medium*), and the draw due takes its part
        only when that is in already (else those still in the game take the draw)."""
        self.gone.add(device)
        due = self._dice.takers
        if due is not None and device in due and self.match.ledger.revealed(device) <= self._dice.draw:
            self._dice.takers = None
        seats = [i for i, d in enumerate(self.owners) if d == device]
        for i in seats:
            self.owners[i] = 0
        computer = tuple(
            replace(s, kind="bot", level=LEAVER_LEVEL) if i in seats else s for i, s in enumerate(self.setup.seats)
        )
        self.setup = replace(self.setup, seats=computer)
        session = self.session
        if session is not None:
            session.setup = replace(session.setup, seats=computer)
            session.mine = self.seats_of(self.me) if self.me is not None else frozenset()

    # -- this device's own actions ----------------------------------------------------------

    def sync(self) -> None:
        """Take this device's new actions (played on :attr:`session` by clicks or its computers) into the match,
        and queue them to send."""
        session = self.session
        if session is None:
            return
        entries = session.record.entries
        while self._seen < len(entries):
            entry = entries[self._seen]
            self._seen += 1
            self.late = False
            self._account(entry)
            n = len(self.match.actions) - 1
            act = {"t": "act", "g": self.code, "n": n, "a": str(entry.action), "by": self.me, "b": self.backs}
            self.outbox.append(act)
            self._apply_leaves()
            self._settle()

    def _pick(self, entry: Entry[Any, Any]) -> int | None:
        """An action chosen among several as its place among them; None for a roll, a pass or a forced move."""
        if isinstance(entry.action, Roll | Pass):
            return None
        assert self.session is not None
        legal = list(self.session.game.legal_actions(entry.before))
        return legal.index(entry.action) if len(legal) > 1 else None

    def _is_decision(self, entry: Entry[Any, Any]) -> bool:
        """True for an action chosen among several (a roll, a pass and a forced move are none)."""
        return self._pick(entry) is not None

    # -- taking a move back ------------------------------------------------------------------

    def _back(self) -> tuple[int, int] | None:
        """``(device, point)`` when the person of ``device`` may take their last move back now: the session goes
        back to its first ``point`` actions, just after their last roll. Their decisions since (and the computers'
        actions after them) go; never a roll of theirs, a move of another device's person, or a win."""
        session = self.session
        if session is None or session.state.is_over or not self.takebacks or self._dice.top >= BACK_DRAWS:
            return None
        entries = session.record.entries
        device, decided = None, False
        for i in range(len(entries) - 1, -1, -1):
            entry = entries[i]
            seat = entry.before.current_seat
            if self.setup.seats[seat].kind == "bot":
                continue
            if device is None:
                device = self.owners[seat]
            elif self.owners[seat] != device:
                return None
            if isinstance(entry.action, Roll):
                return (device, i + 1) if decided else None
            decided = decided or self._is_decision(entry)
        start = session.record.start.current_seat
        if decided and device is not None and self.setup.seats[start].kind != "bot" and self.owners[start] == device:
            return device, 0  # a move on the roll the game's position gave
        return None

    def can_take_back(self) -> bool:
        """True when this device's person may take their last move back now (and has not asked already)."""
        found = self._back()
        return found is not None and found[0] == self.me and self.asked != len(self.match.actions)

    def take_back(self) -> bool:
        """This device's person takes their last move back: the host at once (and tells the others), a guest by
        asking the host (it counts once the host passes it on: :attr:`asked`). False when there is none."""
        self.sync()
        if not self.can_take_back():
            return False
        n = len(self.match.actions)
        message = {"t": "act", "g": self.code, "n": n, "a": TAKE_BACK, "by": self.me, "b": self.backs}
        if self.me == 0:
            found = self._back()
            assert found is not None
            self._take_back(found[1])
        else:
            self.asked, self.late = n, False
        self.outbox.append(message)
        return True

    def _take_back(self, point: int) -> None:
        """Cut the game back to its first ``point`` actions: the die as it stood then, the draw due skipped."""
        session = self.session
        assert session is not None
        session.take_back(point)
        self._seen = point
        self.match = replace(self.match, actions=(*self.match.actions, TAKE_BACK))
        self.movers.append(None)
        self.backs += 1
        self.asked, self.firm = None, len(self.match.actions)
        dice = self._dice
        dice.rolled = {k: v for k, v in dice.rolled.items() if k <= point}
        # The draw due after the move is skipped, and the one after it: a roll made on another device before the
        # take-back reached it, and a move after it, may have shown that device's part for either.
        dice.draw, dice.die, dice.takers = dice.top + 1, dice.rolled[max(dice.rolled)], None
        self._settle()
        if self.live:
            self._resend()

    def _resend(self) -> None:
        """After a take-back, a guest's part for a draw it skipped goes out again (sent before the guest learnt of
        it, the host dropped it), so that every device's ledger ends the same."""
        if not self.me or self.chain is None:
            return
        ledger, skipped = self.match.ledger, self._dice.draw
        if ledger.revealed(self.me) > skipped:  # (shown in a race this device lost: taken back too)
            part = self.chain.part(skipped)
            self.match = replace(self.match, ledger=replace(ledger, latest={**ledger.latest, self.me: (skipped, part)}))
        draw = self.match.ledger.revealed(self.me)
        if draw >= skipped - 1:
            part = self.chain.part(draw)
            self.outbox.append({"t": "part", "g": self.code, "d": draw, "p": b64(part), "by": self.me, "b": self.backs})

    def _receive_back(self, by: int, n: object) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(self.match.actions):
            raise MalefizError.keyed("error.match_order", name=self.match.names[by])
        if n < len(self.match.actions) and self.me == 0:
            raise _Stale  # the game went on at the host before the take-back reached it: too late
        if n < len(self.match.actions):
            if not self.may_lose(n):  # it would undo what other devices did: no race, a forgery
                raise MalefizError.keyed("error.match_order", name=self.match.names[by])
            self._lost(by, n)
            return
        if by == self.me and self.asked != n and self.live:  # this device's own, never asked for here: forged
            raise MalefizError.keyed("error.match_message")
        found = self._back()
        if found is None or found[0] != by:
            if self.me == 0:
                raise _Stale
            raise MalefizError.keyed("error.match_turn", name=self.match.names[by])
        self._take_back(found[1])

    def may_lose(self, n: int | None) -> bool:
        """True when the host may not have the match's actions from the ``n``-th on (:attr:`firm`): what a race
        with the host's take-back can cost this device (None: nothing)."""
        return n is not None and n >= self.firm

    def _lost(self, by: int, n: int) -> None:
        """The host took a move back before this device's own actions since the ``n``-th reached it: the game goes
        on as the host has it (its parts for draws the host skipped are taken back too, to be sent when due)."""
        match = replace(self.match, actions=(*self.match.actions[:n], TAKE_BACK))
        try:
            fresh = Table.replay(match, self.games, self.me, self.chain, self.language)
        except MalefizError:
            raise MalefizError.keyed("error.match_message") from None
        fresh._resend()
        outbox = [*self.outbox, *fresh.outbox]
        vars(self).update(vars(fresh))
        self.outbox = outbox

    # -- what comes from the other devices ------------------------------------------------------

    def receive(self, message: object) -> bool:
        """Take one message from another device (see the module's description); False when it came too late to
        count (dropped, not passed on).

        Raises:
            MalefizError: for a message that is not the next one, not from the device whose turn it is, not
                legal, or whose roll or part does not fit; nothing changes then.
        """
        if not isinstance(message, dict):
            raise MalefizError.keyed("error.match_message")
        by, kind, backs = message.get("by"), message.get("t"), message.get("b", 0)
        echo = kind == "act" and message.get("a") == TAKE_BACK and self.me != 0  # a guest's own, from the host
        if (
            not isinstance(by, int)
            or isinstance(by, bool)
            or not 0 <= by < self.devices
            or (by == self.me and not echo)
        ):
            raise MalefizError.keyed("error.match_message")
        if message.get("g") != self.code:
            raise MalefizError.keyed("error.match_other")
        if not isinstance(backs, int) or isinstance(backs, bool) or backs > self.backs:
            raise MalefizError.keyed("error.match_message")
        if backs < self.backs:
            return False  # sent before its sender learnt of a take-back: it no longer counts
        mark, asked = len(self.outbox), self.asked
        try:
            if kind == "part":
                self._receive_part(by, message.get("d"), message.get("p"))
            elif kind == "act":
                self._receive_act(by, message.get("n"), message.get("a"))
            elif kind == "leave":
                self._receive_leave(by, message.get("n"), message.get("d"), message.get("r"))
            else:
                raise MalefizError.keyed("error.match_message")
        except _Stale:
            return False
        if asked is not None and self.asked is None:  # another device acted first: this take-back no longer counts
            self.late = self.match.actions[asked : asked + 1] != (TAKE_BACK,)
        if self.me == 0:  # the host passes it on to the others, before what it answers
            self.outbox.insert(mark, dict(message))
        return True

    def _receive_part(self, by: int, draw: object, text: object) -> None:
        due = self._due()
        if not isinstance(draw, int) or isinstance(draw, bool):
            raise MalefizError.keyed("error.match_part_order", name=self.match.names[by])
        if self.backs and self.match.ledger.revealed(by) < draw <= self._dice.draw:
            due = draw, (by,)  # a part for a draw a take-back skipped, sent again by a device that lost a race
        elif self.backs and draw <= self.match.ledger.revealed(by):
            raise _Stale  # known already
        try:
            part = unb64(text, PART_BYTES)
        except (ValueError, binascii.Error):
            raise MalefizError.keyed("error.match_message") from None
        if self.match.ledger.part(by, draw) == part:
            raise _Stale  # known already (a play link, or another tab, brought it first)
        if due is None or draw != due[0] or by not in due[1]:
            raise MalefizError.keyed("error.match_part_order", name=self.match.names[by])
        try:
            ledger = self.match.ledger.reveal(by, draw, part)
        except MalefizError:
            raise MalefizError.keyed("error.match_part", name=self.match.names[by]) from None
        self.match = replace(self.match, ledger=ledger)
        if self.session is None:
            self._begin()
        else:
            self._settle()

    def _receive_act(self, by: int, n: object, text: object) -> None:
        if text == TAKE_BACK:
            self._receive_back(by, n)
            self._apply_leaves()  # (a device that left right after it: in a replay)
            return
        session = self.session
        name = self.match.names[by]
        if type(n) is int and 0 <= n < len(self.match.actions) and self.match.actions[n] == text:
            raise _Stale  # known already (a play link, or another tab, brought it first): nothing changes
        if not isinstance(n, int) or isinstance(n, bool) or n != len(self.match.actions) or session is None:
            raise MalefizError.keyed("error.match_order", name=name)
        if not isinstance(text, str) or len(text) > 40:
            raise MalefizError.keyed("error.match_message")
        if session.state.is_over or self.owners[session.state.current_seat] != by:
            raise MalefizError.keyed("error.match_turn", name=name)
        try:
            action = session.game.parse_action(text)
            if isinstance(action, Roll):
                die = self._dice.die
                if die is None:
                    raise MalefizError.keyed("error.match_no_die", name=name)
                if action.value != die.peek():
                    raise MalefizError.keyed("error.match_roll", name=name, value=action.value)
            entry = session.play(action)
        except MalefizError as error:
            if error.key.startswith(MATCH_ERRORS):
                raise
            raise MalefizError.keyed("error.match_action", name=name, error=error) from None
        self._seen += 1
        self._account(entry)
        if by != self.me:  # (this device's own: in a replay)
            self.firm = len(self.match.actions)
        self._apply_leaves()
        self._settle()

    def learn(self, other: Ledger) -> None:
        """Take the dice parts ``other`` (another device's ledger of this game) knows and this one does not yet,
        each checked against its chain (a game that went no further elsewhere, but whose next draw did)."""
        ledger = self.match.ledger
        if other.anchors != ledger.anchors:
            raise MalefizError.keyed("error.match_fork")
        for device, (draw, part) in other.latest.items():
            if draw > ledger.revealed(device) and device not in self.gone:  # (one that left: see _receive_leave)
                ledger = ledger.reveal(device, draw, part)
        self.match = replace(self.match, ledger=ledger)
        if self.session is None:
            self._begin()
        else:
            self._settle()

    # -- a whole match ---------------------------------------------------------------------------

    @classmethod
    def replay(cls, match: Match, games: Games, me: int | None, chain: Chain | None, language: str = "en") -> Table:
        """The table of ``match`` with every action replayed and checked (a link, a reload, a reconnection).

        Raises:
            MalefizError: for a match whose actions or rolls do not check out, saying which action.
        """
        # Every part the match holds was checked against its chain (by the ledger) and is used as it comes due;
        # what goes out is only what this device adds (its part for a draw now due, if the match lacks it).
        if me in {device for _, device in match.left}:  # this device left: its parts are in the match, or never
            chain = None  # count (its own revealed again would decide a draw otherwise than the host did)
        table = cls(replace(match, actions=()), games, me, chain, language)
        table.live = False
        for n, text in enumerate(match.actions):
            table.replay_action(n, text)
        table.live = True
        return table

    def merge(self, other: Match) -> Table | None:
        """This game with the departures ``other`` (the same game, as another device has it) holds and this one
        lacks (:meth:`Match.merged`), replayed as this device's; None when that is not one game: it does not check
        out, or the longer's actions after the shorter's end have a turn of a device the other version says left
        (a move that device made where the host's computer played for it, which a play link may have passed on)."""
        own = self.match
        merged = own.merged(other)
        if merged is None:
            return None
        try:
            table = Table.replay(merged, self.games, self.me, self.chain, self.language)
        except MalefizError:
            return None
        shorter, longer = sorted((own, other), key=lambda m: len(m.actions))
        lacked = {(n, device) for n, device in shorter.left if (n, device) not in longer.left}
        seats = table.movers[len(shorter.actions) : len(longer.actions)]
        if any(seat is not None and merged.owners[seat] == device for _, device in lacked for seat in seats):
            return None
        return table

    def replay_action(self, n: int, text: str) -> None:
        """Play the match's ``n``-th action again, as the device whose it is (a take-back's: the one that may)."""
        session = self.session
        if session is None:
            raise MalefizError.keyed("error.match_replay", n=n + 1, error=MalefizError.keyed("error.match_early"))
        found = self._back() if text == TAKE_BACK else None
        by = found[0] if found is not None else self.owners[session.state.current_seat]
        try:
            self._receive_act(by, n, text)
        except (MalefizError, _Stale) as error:
            cause = error if isinstance(error, MalefizError) else MalefizError.keyed("error.match_message")
            raise MalefizError.keyed("error.match_replay", n=n + 1, error=cause) from None

    # -- links ---------------------------------------------------------------------------------

    def link(self, said: tuple[int, int] | None = None) -> str:
        """The match as short URL-safe text for a link's fragment, with a reaction ``said`` (``(device, index)``)
        for the one who opens it (:func:`malefiz.core.remote_link.write_link`)."""
        from .remote_link import write_link

        return write_link(self, said)

    @classmethod
    def from_link(cls, text: str, games: Games, me: int | None, chain: Chain | None, language: str = "en") -> Table:
        """The table of the match a :meth:`link` text holds, every action replayed and checked
        (:func:`malefiz.core.remote_link.read_link`).

        Raises:
            MalefizError: for a text that is not such a link, or whose game does not check out.
        """
        from .remote_link import read_link

        return read_link(text, games, me, chain, language)

    def next_roll(self) -> int | None:
        """The value the next roll shows (None: no die yet)."""
        return None if self._dice.die is None else self._dice.die.peek()
