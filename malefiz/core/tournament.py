"""Bot tournaments: many seeded games with rotating seats, and win rates with confidence intervals.

Works for every game through the :class:`~malefiz.core.game.Game` protocol: a
seat wins a game when it is alone in the first place of the final ranking.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import ENGLISH, Translator
from .dice import Dice
from .document import quote
from .errors import MalefizError, Term
from .game import Bot, Game
from .play import play

__all__ = [
    "TURN_LIMIT",
    "SeatResult",
    "TournamentResult",
    "check_count",
    "check_seats",
    "check_tournament",
    "guarded_bot",
    "load_bot",
    "play_game",
    "tournament",
    "wilson",
    "winner_of",
]

TURN_LIMIT = 20_000
"""Rolls after which a game counts as a draw (only bots that never finish get there)."""


def load_bot(name: str, bots: Mapping[str, Bot]) -> Bot:
    """A bot by level name (one of ``bots``, e.g. ``hard``) or as ``package.module:name``.

    Raises:
        MalefizError: if there is no such level, module or callable, or the module fails to import.
    """
    if name in bots:
        return bots[name]
    if name == "human":  # a person's seat, as the page's address and play's --seats write it
        raise MalefizError.keyed("cli.error.bot_human", known=", ".join(bots))
    module_name, _, attr = name.partition(":")
    if not attr or not attr.isidentifier() or not all(part.isidentifier() for part in module_name.split(".")):
        raise MalefizError.keyed("cli.error.bot_unknown", bot=quote(name), known=", ".join(bots))
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a module that is missing, broken or raises while it is imported
        raise MalefizError.keyed("cli.error.bot_load", bot=quote(name), error=f"{type(exc).__name__}: {exc}") from None
    bot = getattr(module, attr, None)
    if not callable(bot):
        raise MalefizError.keyed("cli.error.bot_callable", bot=quote(name), module=quote(module_name), name=quote(attr))
    return bot  # type: ignore[no-any-return]


def guarded_bot(name: str, bots: Mapping[str, Bot]) -> Bot:
    """:func:`load_bot`, and for a bot loaded by module name a guard: an exception it raises, or an
    action it picks that is not one of the legal ones, becomes a :class:`MalefizError` naming the bot.

    Raises:
        MalefizError: as :func:`load_bot`; the guarded bot when it fails.
    """
    bot = load_bot(name, bots)
    if name in bots:  # a level of our own
        return bot

    def guarded(state: Any, actions: Sequence[Any], rng: Any) -> Any:
        try:
            action = bot(state, actions, rng)
            legal = action in actions
        except Exception as exc:
            raise MalefizError.keyed(
                "cli.error.bot_failed", bot=quote(name), error=f"{type(exc).__name__}: {exc}"
            ) from exc
        if not legal:
            raise MalefizError.keyed("cli.error.bot_illegal", bot=quote(name), action=quote(action))
        return action

    return guarded


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (0 to 1 for no games)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int,
    board: str | None = None,
    options: Mapping[str, bool] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Play one game, seat i played by ``bots[i]``; the final ranking (``()`` for a game cut off at TURN_LIMIT)."""
    state = game.new_game(board or game.boards[0], len(bots), options)
    last = state
    for step in play(game, state, bots, Dice(seed), random.Random(seed ^ 0x5EED), max_turns=TURN_LIMIT):
        last = step.after
    return tuple(last.ranking) if last.is_over else ()


def winner_of(ranking: tuple[tuple[int, ...], ...]) -> int | None:
    """The seat alone in first place of ``ranking``, or None (no ranking yet, or a shared first place)."""
    return ranking[0][0] if ranking and len(ranking[0]) == 1 else None


@dataclass(frozen=True)
class SeatResult:
    """How one seat did."""

    name: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        """Share of games won."""
        return self.wins / self.games if self.games > 0 else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% confidence interval of :attr:`rate`."""
        return wilson(self.wins, self.games)


@dataclass(frozen=True)
class TournamentResult:
    """The seats' results and how fast the games went."""

    seats: tuple[SeatResult, ...]
    games: int
    seconds: float

    def report(self, t: Translator = ENGLISH, label: Callable[[str], str] = str) -> str:
        """A readable table in ``t``'s language, each seat's bot named by ``label``.

        >>> print(TournamentResult((SeatResult("hard", 3, 4), SeatResult("medium", 1, 4)), 4, 2.0).report())
        seat                           wins  win rate   95% interval
        1. hard                           3     75.0%   30.1% - 95.4%
        2. medium                         1     25.0%   4.6% - 69.9%
        4 games in 2.0 s (2.00 games/s)
        """

        def percent(share: float) -> str:
            return t.decimal(share * 100) + "%"

        seat, wins, rate_word, interval = (t(f"tournament.{key}") for key in ("seat", "wins", "rate", "interval"))
        lines = [f"{seat:<28}{wins:>7}{rate_word:>10}   {interval}"]
        for i, s in enumerate(self.seats):
            lo, hi = s.interval
            within = f"{percent(lo)} - {percent(hi)}"
            lines.append(f"{i + 1}. {label(s.name):<25}{s.wins:>7}{percent(s.rate):>10}   {within}")
        rate = self.games / self.seconds if self.seconds else float("inf")
        games = t.count("tournament.games", self.games)
        lines.append(t("tournament.speed", games=games, seconds=t.decimal(self.seconds), rate=t.decimal(rate, 2)))
        return "\n".join(lines)


def check_count(game: Game[Any, Any], board: str, players: int, option: str) -> None:
    """Refuse a number of ``players`` that ``board`` does not take, naming the command line's ``option``.

    Raises:
        MalefizError: ``--seats: Malefiz on the classic board is for 2 to 4 players, got 1``.
    """
    counts = game.player_counts(board)
    if players not in counts:
        raise MalefizError.keyed(
            "cli.error.count",
            option=option,
            title=game.title,
            board=Term(f"view.board.{board}"),
            low=counts[0],
            high=counts[-1],
            n=players,
        )


def check_seats(game: Game[Any, Any], names: Sequence[str], board: str) -> list[Bot]:
    """The bots of ``names`` (``--seats``), once ``board`` takes that many seats (:func:`check_count`).

    Raises:
        MalefizError: for a seat count the board does not take or a bot :func:`load_bot` does not find.
    """
    check_count(game, board, len(names), "--seats")
    return [guarded_bot(n, game.bots) for n in names]


def check_tournament(game: Game[Any, Any], names: Sequence[str], games: int, board: str) -> list[Bot]:
    """The bots of ``names``, once ``games`` is 1 or more and ``board`` takes that many seats.

    Raises:
        MalefizError: naming the command line's option (``--games``, ``--seats``) that is wrong.
    """
    if games < 1:
        raise MalefizError.keyed("cli.error.games", games=quote(games))
    return check_seats(game, names, board)


def tournament(
    game: Game[Any, Any],
    names: Sequence[str],
    games: int,
    seed: int = 0,
    board: str | None = None,
    options: Mapping[str, bool] | None = None,
) -> TournamentResult:
    """Play ``games`` games; game g seats the bots rotated by g, so each seat plays every turn position.

    Raises:
        MalefizError: for fewer than one game, an unknown bot, or a seat count the board does not take
            (see :func:`check_tournament`); for a bot loaded by module name that fails while playing.
    """
    board_name = board or game.boards[0]
    bots = check_tournament(game, names, games, board_name)
    n = len(bots)
    wins = [0] * n
    begin = time.perf_counter()
    for g in range(games):
        shift = g % n
        order = [(i + shift) % n for i in range(n)]
        winner = winner_of(play_game(game, [bots[i] for i in order], seed + g, board_name, options))
        if winner is not None:
            wins[order[winner]] += 1
    seconds = time.perf_counter() - begin
    return TournamentResult(tuple(SeatResult(names[i], wins[i], games) for i in range(n)), games, seconds)
