"""Games the tests share: one set up by a page address and played to its end by its computers."""

from __future__ import annotations

from malefiz.core.session import Session
from malefiz.games import GAMES


def played(address: str, language: str = "en") -> Session:
    """The game ``address`` sets up (every seat a computer's), played to its end: its record has every position."""
    s = Session.from_address(address, GAMES, language)
    while s.is_bot_turn():
        s.bot_step()
    assert s.state.is_over, f"a person's seat in {address}: only the computers' games are played out"
    return s
