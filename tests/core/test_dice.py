"""Seeded dice."""

from __future__ import annotations

from collections import Counter

from malefiz.core.dice import Dice, roll_value


def test_same_seed_same_rolls() -> None:
    a, b = Dice(7), Dice(7)
    rolls_a, rolls_b = [], []
    for _ in range(100):
        va, a = a.roll()
        vb, b = b.roll()
        rolls_a.append(va)
        rolls_b.append(vb)
    assert rolls_a == rolls_b
    assert rolls_a != [roll_value(8, n) for n in range(100)]


def test_a_die_resumes_from_its_count() -> None:
    d = Dice(3)
    for _ in range(5):
        _, d = d.roll()
    assert d == Dice(3, 5)
    assert d.peek() == roll_value(3, 5)


def test_faces_are_fair() -> None:
    counts = Counter(roll_value(11, n) for n in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < c < 10_500 for c in counts.values())


def test_known_sequence_is_stable() -> None:
    # Pinned so that a change of generator (which would break saved games and
    # links) is noticed; tests/test_pyodide.py checks the same under Pyodide.
    assert [roll_value(0, n) for n in range(12)] == [2, 3, 2, 3, 2, 2, 1, 2, 6, 4, 6, 6]
    assert [roll_value(2026, n) for n in range(12)] == [2, 4, 5, 4, 1, 2, 2, 1, 3, 2, 4, 3]
