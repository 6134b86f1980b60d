"""The pace a family waits for: the time the page is told to wait and walk while three computers play a round.

These are the waits the app schedules (each screen's ``bot_delay`` and its walk, ``frames`` times
``frame_ms``), summed without running a clock; the time the computers think in the browser on top of
that is measured by ``bench/round_time.py``.
"""

from __future__ import annotations

import statistics

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.core.screen import Screen
from malefiz.core.setup import PACES


def scheduled_rounds(game: str, pace: str, seed: int, rounds: int) -> list[int]:
    """The scheduled milliseconds of each round of the three computers after a person's turn."""
    app = App(MemoryStorage())
    screen: Screen | None = app.open(
        f"?game={game}&seats=human,bot:medium,bot:medium,bot:medium&seed={seed}&pace={pace}&forced=off"
    )
    found: list[int] = []
    waited: int | None = None
    while len(found) < rounds:
        assert screen is not None and not screen.winner
        if screen.bot_delay is not None:
            waited = (waited or 0) + screen.bot_delay
            screen = app.think()
            while screen is None:
                screen = app.think()
            waited += len(screen.frames) * screen.frame_ms
        elif screen.can_roll:
            if waited is not None:
                found.append(waited)
                waited = None
            screen = app.roll()
        else:
            screen = app.click(screen.labels[0][0])
    return found


@pytest.mark.parametrize("game", ["maedn", "malefiz"])
def test_a_round_of_three_computers_takes_about_two_seconds_at_normal_pace(game: str) -> None:
    rounds = [t for seed in (1, 2, 3) for t in scheduled_rounds(game, "normal", seed, 12)]
    assert statistics.median(rounds) <= 2000, rounds
    assert statistics.mean(rounds) <= 2200, rounds


def test_slow_is_for_watching_and_instant_does_not_wait() -> None:
    slow = scheduled_rounds("maedn", "slow", 1, 6)
    normal = scheduled_rounds("maedn", "normal", 1, 6)
    assert all(s >= 2 * n for s, n in zip(slow, normal, strict=True)), (slow, normal)
    assert scheduled_rounds("maedn", "instant", 1, 6) == [0] * 6
    assert [PACES[p].act for p in ("slow", "normal", "fast", "instant")] == sorted(
        (PACES[p].act for p in PACES), reverse=True
    )
