"""The fair dice of a game between devices: hash chains committed before, parts revealed when due."""

from __future__ import annotations

from collections import Counter

import pytest

from malefiz.core.dice import Dice
from malefiz.core.errors import MalefizError
from malefiz.core.fair import CHAIN_LENGTH, PART_BYTES, Chain, Ledger, draw_seed, game_code, takers


def chain(n: int) -> Chain:
    return Chain.from_secret(n.to_bytes(PART_BYTES, "big"))


def test_a_chain_is_its_secret_hashed_down_to_the_anchor() -> None:
    one = chain(1)
    assert len(one.links) == CHAIN_LENGTH + 1 and one.anchor == one.links[0]
    assert chain(1) == one and chain(2).anchor != one.anchor  # the same secret makes the same chain
    assert len({one.part(k) for k in range(100)}) == 100
    with pytest.raises(MalefizError, match="used all its 4096 draws"):
        one.part(CHAIN_LENGTH)
    with pytest.raises(ValueError):
        Chain.from_secret(b"short")
    secret, fresh = Chain.new()
    assert Chain.from_secret(secret) == fresh and len(secret) == PART_BYTES


def test_a_ledger_takes_each_part_that_fits_its_anchor_and_derives_the_ones_before() -> None:
    a, b = chain(1), chain(2)
    ledger = Ledger((a.anchor, b.anchor))
    assert ledger.part(0, 0) is None and ledger.revealed(0) == -1
    ledger = ledger.reveal(0, 0, a.part(0)).reveal(1, 3, b.part(3))  # device 1 skipped draws 0 to 2
    assert ledger.part(0, 0) == a.part(0) and ledger.part(0, 1) is None
    assert [ledger.part(1, k) for k in range(4)] == [b.part(k) for k in range(4)]
    assert ledger.missing(3, (0, 1)) == (0,)
    assert ledger.reveal(0, 7, a.part(7)).part(0, 5) == a.part(5)


def test_every_earlier_part_is_the_chains_whether_the_ledger_was_revealed_to_step_by_step_or_read_whole() -> None:
    """A ledger remembers each chain up to its latest part (a replayed game asks for every draw's part): what it
    gives is always the chain's own, however the parts came in, and for a ledger made from its latest parts
    alone (as a kept game is read)."""
    a, b = chain(3), chain(4)
    ledger = Ledger((a.anchor, b.anchor))
    for draw in (0, 1, 2, 5, 6, 40, 41, 300):
        ledger = ledger.reveal(0, draw, a.part(draw)).reveal(1, draw, b.part(draw))
        assert [ledger.part(0, k) for k in range(draw + 2)] == [a.part(k) for k in range(draw + 1)] + [None]
        assert [ledger.part(1, k) for k in range(0, draw + 1, 7)] == [b.part(k) for k in range(0, draw + 1, 7)]
    read = Ledger((a.anchor, b.anchor), {0: (299, a.part(299)), 1: (17, b.part(17))})
    assert [read.part(0, k) for k in range(300)] == [a.part(k) for k in range(300)]
    assert [read.part(1, k) for k in range(19)] == [b.part(k) for k in range(18)] + [None]
    with pytest.raises(MalefizError):  # a part of another chain that a chain's remembered parts cannot pass for
        read.reveal(1, 20, a.part(20))


@pytest.mark.parametrize(
    ("device", "draw", "part", "says"),
    [
        (1, 2, "other", "does not match what its device committed to"),  # a part of another chain
        (1, 2, "flipped", "does not match"),  # one bit changed
        (1, 1, "right", "came before"),  # a replay of draw 1
        (1, 0, "right", "came before"),  # out of order
        (2, 0, "right", "no device 2"),
        (0, -1, "right", "part for draw -1"),
    ],
)
def test_a_ledger_refuses_every_part_that_does_not_fit_and_stays_as_it_was(
    device: int, draw: int, part: str, says: str
) -> None:
    a, b = chain(1), chain(2)
    ledger = Ledger((a.anchor, b.anchor)).reveal(1, 1, b.part(1))
    right = b.part(max(draw, 0))
    value = {"other": a.part(max(draw, 0)), "flipped": bytes([right[0] ^ 1]) + right[1:], "right": right}[part]
    before = ledger
    with pytest.raises(MalefizError, match=says):
        ledger.reveal(device, draw, value)
    assert ledger == before


def test_a_device_that_knows_only_its_own_secret_cannot_foresee_a_roll() -> None:
    """With one device's part fixed, the other's unknown part makes every face as likely: 6,000 draws."""
    mine = chain(7).part(5)
    game = game_code("game=maedn&seats=human,human", (chain(7).anchor, chain(8).anchor))
    faces = Counter(Dice(draw_seed(game, 5, (mine, other.to_bytes(PART_BYTES, "big")))).peek() for other in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(900 <= n <= 1100 for n in faces.values()), faces  # 1,000 each, ±6 standard deviations
    # And the same parts always give the same roll, on every device.
    assert draw_seed(game, 5, (mine, bytes(16))) == draw_seed(game, 5, (mine, bytes(16)))
    assert draw_seed(game, 6, (mine, bytes(16))) != draw_seed(game, 5, (mine, bytes(16)))


def test_the_dice_of_a_draw_need_every_part_of_its_devices() -> None:
    a, b, c = chain(1), chain(2), chain(3)
    game = game_code("x", (a.anchor, b.anchor, c.anchor))
    ledger = Ledger((a.anchor, b.anchor, c.anchor)).reveal(0, 4, a.part(4))
    assert ledger.dice(game, 4, (0, 2)) is None
    ledger = ledger.reveal(2, 4, c.part(4))
    die = ledger.dice(game, 4, (0, 2))
    assert die is not None and die.seed == draw_seed(game, 4, (a.part(4), c.part(4)))
    assert takers((0, 1, 2), 4, roller=2, decider=0) == (0, 2) and takers((0, 2), 5, 2, None) == (0, 2)
