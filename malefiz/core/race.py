"""Who finishes first when each player in turn finishes with its own chance: shared by every game's win estimate."""

from __future__ import annotations

__all__ = ["chances", "first_to_finish"]


def first_to_finish(rates: list[float], me: int, mover: int | None = None) -> float:
    """The chance that player ``me`` finishes first when player ``mover`` moves next (default: the one after ``me``).

    Each player finishes on its turn with its own chance (its rate),
    the players taking turns in order.
    """
    n = len(rates)
    misses = [1.0 - r for r in rates]
    all_miss = 1.0
    for m in misses:
        all_miss *= m
    before = 1.0
    k = (me + 1) % n if mover is None else mover
    while k != me:
        before *= misses[k]
        k = (k + 1) % n
    return rates[me] * before / (1.0 - all_miss)


def chances(rates: list[float], mover: int, sharpness: float = 1.0) -> list[float]:
    """Every player's chance to finish first, player ``mover`` moving next, each rate raised to ``sharpness``.

    With ``sharpness`` 1 this is :func:`first_to_finish` for every player;
    :data:`SHARPNESS` has the powers that match real games.
    """
    n = len(rates)
    sharp = [r**sharpness for r in rates]
    # As in first_to_finish, without its common divisor ``1 - all_miss``: with
    # tiny sharpened rates that is below the float's precision, so the shares
    # are normalised by their sum instead.
    found = [0.0] * n
    before = 1.0
    for k in range(n):
        i = (mover + k) % n
        found[i] = sharp[i] * before
        before *= 1.0 - sharp[i]
    total = sum(found)
    if total == 0.0:
        return [1.0 / n] * n
    return [p / total for p in found]
