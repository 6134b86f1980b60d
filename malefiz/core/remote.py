"""A game played on several devices: what every device keeps (:class:`Match`), checks and sends (:class:`Table`).

The devices of a game are numbered from 0, the host. Each seat belongs to one device (the computer seats to
the host, which plays them). Every device keeps the whole game as a :class:`Match`: the setup, the devices
with their dice anchors (:mod:`malefiz.core.fair`), every action in notation, and the latest dice part each
device revealed. What travels between devices is that match (a link, a reconnection) or one message at a
time (:class:`Table.receive`):

- ``{"t": "act", "g": game, "n": index, "a": "d4", "by": device}``: the ``n``-th action of the game;
- ``{"t": "part", "g": game, "d": draw, "p": part, "by": device}``: a device's dice part for a draw;
- ``{"t": "leave", "g": game, "n": index, "d": device, "by": 0}``: the host's computer plays ``device``'s seats
  from the ``n``-th action on (:meth:`Table.leave`).

Which devices' parts a draw takes is fixed when it falls due (right after the decision before it), so that every
device and every later replay of the match draw the same die. A device that leaves is one of them still when its
part for the draw then due is in (nobody waits for it); otherwise those still in the game take its place.

A message is taken only when it is the very next one (an action's index is the match's length; a part is for
the draw now due), comes from the device whose turn it is, is legal, and rolls exactly what the draw rolls.
Anything else is refused with a message in the player's language, and the game stays exactly as it was.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Final

from .actions import Pass, Roll
from .dice import Dice
from .document import b64, deflate, inflate, json_depth, unb64
from .errors import MalefizError
from .fair import PART_BYTES, Chain, Ledger, game_code, takers
from .record import Entry
from .session import Session
from .setup import Games, Setup

__all__ = ["MATCH_FORMAT", "MAX_DEVICES", "Match", "Table", "Waiting", "link_anchors"]

MATCH_FORMAT: Final = "malefiz-match"
MATCH_VERSION: Final = 1
MAX_DEVICES: Final = 6
MAX_ACTIONS: Final = 100_000
MATCH_ERRORS: Final = ("error.match_turn", "error.match_no_die", "error.match_roll")
"""The refusals of a message that are told as they are (any other error of an action is wrapped)."""
LEAVER_LEVEL: Final = "medium"
"""The computer that plays the seats of a device that left."""
MAX_MESSAGE: Final = 2_000_000
"""The longest message or match text read, in characters."""


@dataclass(frozen=True, slots=True)
class Match:
    """A game between devices, as every device keeps it (a value: the same on every device)."""

    setup: str
    """The setup as a page address query (seats, board, options)."""
    names: tuple[str, ...]
    """Each device's name (device 0 is the host)."""
    owners: tuple[int, ...]
    """Each seat's device."""
    ledger: Ledger
    actions: tuple[str, ...] = ()
    left: tuple[tuple[int, int], ...] = ()
    """``(n, device)``: after ``n`` actions ``device`` left the game; the host's computer plays its seats since."""

    @property
    def game(self) -> bytes:
        """The code naming this game in every draw and every message."""
        return game_code(self.setup, self.ledger.anchors)

    def to_json(self) -> dict[str, Any]:
        """The match as a JSON-ready document (read back by :meth:`from_json`)."""
        ledger = self.ledger
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "setup": self.setup,
            "devices": [
                {"name": name, "anchor": b64(anchor)} for name, anchor in zip(self.names, ledger.anchors, strict=True)
            ],
            "owners": list(self.owners),
            "actions": list(self.actions),
            "left": [list(pair) for pair in self.left],
            "parts": [
                [ledger.latest[d][0], b64(ledger.latest[d][1])] if d in ledger.latest else None
                for d in range(len(self.names))
            ],
        }

    @classmethod
    def from_text(cls, text: str) -> Match:
        """The match a JSON text holds (see :meth:`from_json`)."""
        if len(text) > MAX_MESSAGE or json_depth(text) is None:
            raise MalefizError.keyed("error.match_foreign")
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            raise MalefizError.keyed("error.match_foreign") from None
        return cls.from_json(doc)

    @classmethod
    def from_json(cls, doc: object) -> Match:
        """The match a :meth:`to_json` document holds, its form checked (not yet replayed).

        Raises:
            MalefizError: for anything that is not such a document.
        """
        if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
            raise MalefizError.keyed("error.match_foreign")
        if doc.get("version") != MATCH_VERSION:
            raise MalefizError.keyed("error.match_version", version=str(doc.get("version"))[:20])
        try:
            setup, devices, owners = doc["setup"], doc["devices"], doc["owners"]
            actions, parts = doc["actions"], doc["parts"]
            if not (isinstance(setup, str) and isinstance(devices, list) and 1 <= len(devices) <= MAX_DEVICES):
                raise ValueError("devices")
            names = tuple(str(d["name"])[:40] for d in devices)
            anchors = tuple(unb64(d["anchor"], PART_BYTES) for d in devices)
            if not (isinstance(owners, list) and all(isinstance(o, int) and 0 <= o < len(names) for o in owners)):
                raise ValueError("owners")
            if not (isinstance(actions, list) and len(actions) <= MAX_ACTIONS):
                raise ValueError("actions")
            if not all(isinstance(a, str) and len(a) <= 40 for a in actions):
                raise ValueError("actions")
            if not (isinstance(parts, list) and len(parts) == len(names)):
                raise ValueError("parts")
            left = tuple((int(n), int(d)) for n, d in doc.get("left", []))
            if any(not 0 <= n <= MAX_ACTIONS or not 0 < d < len(names) for n, d in left):
                raise ValueError("left")
        except (KeyError, TypeError, ValueError, binascii.Error):
            raise MalefizError.keyed("error.match_foreign") from None
        ledger = Ledger(anchors)
        for device, part in enumerate(parts):
            if part is None:
                continue
            try:
                draw, value = part
                ledger = ledger.reveal(device, draw, unb64(value, PART_BYTES))
            except (TypeError, ValueError, binascii.Error) as error:
                if isinstance(error, MalefizError):
                    raise
                raise MalefizError.keyed("error.match_foreign") from None
        return cls(setup, names, tuple(owners), ledger, tuple(actions), left)


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
        self.outbox.append({"t": "part", "g": self.code, "d": draw, "p": b64(part), "by": self.me})

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

    def _account(self, entry: Entry[Any, Any], decision: bool) -> None:
        """Note ``entry`` (just played) in the match and the dice."""
        self.match = replace(self.match, actions=(*self.match.actions, str(entry.action)))
        if isinstance(entry.action, Roll):
            assert self._dice.die is not None
            _, self._dice.die = self._dice.die.roll()
        elif decision:
            device = self.owners[entry.before.current_seat]
            self._dice.die = None
            self._dice.recent = [device, *(d for d in self._dice.recent if d != device)]

    # -- a device that left ------------------------------------------------------------------

    def leave(self, device: int) -> None:
        """The host hands the seats of ``device`` (gone, or not answering) to its computer: from now on the host
        plays them, and that device takes no part in the dice."""
        if self.me != 0 or not 0 < device < self.devices or device in self.gone:
            return
        n = len(self.match.actions)
        self.match = replace(self.match, left=(*self.match.left, (n, device)))
        self._gone(device)
        self.outbox.append({"t": "leave", "g": self.code, "n": n, "d": device, "by": 0})
        self._settle()

    def _receive_leave(self, by: int, n: object, device: object) -> None:
        if by != 0 or not isinstance(n, int) or isinstance(n, bool) or not isinstance(device, int):
            raise MalefizError.keyed("error.match_message")
        if isinstance(device, bool) or not 0 < device < self.devices or device in self.gone:
            raise MalefizError.keyed("error.match_message")
        if not 0 <= n <= len(self.match.actions):
            raise MalefizError.keyed("error.match_message")
        match = replace(self.match, left=(*self.match.left, (n, device)))
        if n == len(self.match.actions):
            self.match = match
            self._gone(device)
            self._settle()
            return
        # The host let its computer take over before this device's latest actions (its own) reached it: the
        # game from the n-th action on is replayed as the host has it (the draws since may take other parts).
        # When this device is the one that left, the host took none of them: they are gone.
        if device == self.me:
            match = replace(match, actions=match.actions[:n])
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
            decision = self._is_decision(entry)
            self._account(entry, decision)
            n = len(self.match.actions) - 1
            self.outbox.append({"t": "act", "g": self.code, "n": n, "a": str(entry.action), "by": self.me})
            self._apply_leaves()
            self._settle()

    def _is_decision(self, entry: Entry[Any, Any]) -> bool:
        """True for an action chosen among several (a roll, a pass and a forced move are none)."""
        if isinstance(entry.action, Roll | Pass):
            return False
        assert self.session is not None
        return len(list(self.session.game.legal_actions(entry.before))) > 1

    # -- what comes from the other devices ------------------------------------------------------

    def receive(self, message: object) -> None:
        """Take one message from another device (see the module's description).

        Raises:
            MalefizError: for a message that is not the next one, not from the device whose turn it is, not
                legal, or whose roll or part does not fit; nothing changes then.
        """
        if not isinstance(message, dict):
            raise MalefizError.keyed("error.match_message")
        by = message.get("by")
        if not isinstance(by, int) or isinstance(by, bool) or not 0 <= by < self.devices or by == self.me:
            raise MalefizError.keyed("error.match_message")
        if message.get("g") != self.code:
            raise MalefizError.keyed("error.match_other")
        kind = message.get("t")
        mark = len(self.outbox)
        if kind == "part":
            self._receive_part(by, message.get("d"), message.get("p"))
        elif kind == "act":
            self._receive_act(by, message.get("n"), message.get("a"))
        elif kind == "leave":
            self._receive_leave(by, message.get("n"), message.get("d"))
        else:
            raise MalefizError.keyed("error.match_message")
        if self.me == 0:  # the host passes it on to the others, before what it answers
            self.outbox.insert(mark, dict(message))

    def _receive_part(self, by: int, draw: object, text: object) -> None:
        due = self._due()
        if not isinstance(draw, int) or isinstance(draw, bool) or due is None or draw != due[0] or by not in due[1]:
            raise MalefizError.keyed("error.match_part_order", name=self.match.names[by])
        try:
            part = unb64(text, PART_BYTES)
        except (ValueError, binascii.Error):
            raise MalefizError.keyed("error.match_message") from None
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
        session = self.session
        name = self.match.names[by]
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
        self._account(entry, self._is_decision(entry))
        self._apply_leaves()
        self._settle()

    def learn(self, other: Ledger) -> None:
        """Take the dice parts ``other`` (another device's ledger of this game) knows and this one does not yet,
        each checked against its chain (a game that went no further elsewhere, but whose next draw did)."""
        ledger = self.match.ledger
        if other.anchors != ledger.anchors:
            raise MalefizError.keyed("error.match_fork")
        for device, (draw, part) in other.latest.items():
            if draw > ledger.revealed(device):
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
        table = cls(replace(match, actions=()), games, me, chain, language)
        for n, text in enumerate(match.actions):
            session = table.session
            if session is None:
                raise MalefizError.keyed("error.match_replay", n=n + 1, error=MalefizError.keyed("error.match_early"))
            by = table.owners[session.state.current_seat]
            try:
                table._receive_act(by, n, text)
            except MalefizError as error:
                raise MalefizError.keyed("error.match_replay", n=n + 1, error=error) from None
        return table

    # -- links ---------------------------------------------------------------------------------

    def link(self) -> str:
        """The match as short URL-safe text for a link's fragment (read back by :meth:`from_link`).

        Only the decisions are written, each as its place among the legal actions: the rolls follow from the
        dice parts, and a forced move or a pass from the rules. A whole four-player game fits a messenger link.
        """
        doc = self.match.to_json()
        doc["count"] = len(doc.pop("actions"))
        choices = bytearray()
        if self.session is not None:
            for entry in self.session.record.entries[: self._seen]:
                if isinstance(entry.action, Roll):
                    continue
                legal = list(self.session.game.legal_actions(entry.before))
                if len(legal) > 1:
                    _varint(choices, legal.index(entry.action))
        doc["choices"] = b64(bytes(choices))
        data = json.dumps(doc, separators=(",", ":")).encode()
        return deflate(data)

    @classmethod
    def from_link(cls, text: str, games: Games, me: int | None, chain: Chain | None, language: str = "en") -> Table:
        """The table of the match a :meth:`link` text holds, every action replayed and checked.

        Raises:
            MalefizError: for a text that is not such a link, or whose game does not check out.
        """
        if len(text) > MAX_MESSAGE:
            raise MalefizError.keyed("error.match_link")
        try:
            data = inflate(text, MAX_MESSAGE)
            doc = json.loads(data.decode("utf-8"))
            count, choices = doc.pop("count"), doc.pop("choices")
            if not isinstance(count, int) or not 0 <= count <= MAX_ACTIONS or not isinstance(choices, str):
                raise ValueError("count")
            doc["actions"] = []
            picks = iter(list(_varints(base64.urlsafe_b64decode(choices + "=" * (-len(choices) % 4)))))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError, zlib.error, binascii.Error):
            raise MalefizError.keyed("error.match_link") from None
        match = Match.from_json(doc)
        table = cls.replay(match, games, me, chain, language)
        for n in range(count):
            session = table.session
            if session is None or session.state.is_over:
                raise MalefizError.keyed("error.match_link")
            if session.state.is_chance:
                if table._dice.die is None:
                    raise MalefizError.keyed("error.match_link")
                text_action = f"d{table._dice.die.peek()}"
            else:
                legal = session.legal()
                if len(legal) == 1:
                    text_action = str(legal[0])
                else:
                    pick = next(picks, None)
                    if pick is None or pick >= len(legal):
                        raise MalefizError.keyed("error.match_link")
                    text_action = str(legal[pick])
            by = table.owners[session.state.current_seat]
            try:
                table._receive_act(by, n, text_action)
            except MalefizError as error:
                raise MalefizError.keyed("error.match_replay", n=n + 1, error=error) from None
        if next(picks, None) is not None:
            raise MalefizError.keyed("error.match_link")
        return table


def link_anchors(text: str) -> list[bytes]:
    """The devices' dice anchors in a :meth:`Table.link` text (which tell a device its game), without replaying it.

    Raises:
        MalefizError: for a text that is not such a link.
    """
    try:
        doc = json.loads(inflate(text, MAX_MESSAGE).decode("utf-8"))
        return [unb64(d["anchor"], PART_BYTES) for d in doc["devices"]]
    except (ValueError, KeyError, TypeError, RecursionError, zlib.error, binascii.Error):
        raise MalefizError.keyed("error.match_link") from None


def _varint(out: bytearray, value: int) -> None:
    """``value`` (≥ 0) appended to ``out`` seven bits a byte, the low bits first."""
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _varints(data: bytes) -> Iterator[int]:
    """The numbers :func:`_varint` wrote."""
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            yield value
            value = shift = 0
    if shift:
        raise ValueError("cut short")
