"""The one loader of both games' shipped networks (malefiz.core.network.load)."""

from __future__ import annotations

from malefiz.core.network import Model, load


def test_a_network_is_built_once_and_kept() -> None:
    cross = load("malefiz.games.maedn.learned", "cross", "cross2")
    assert isinstance(cross, Model) and cross.colours == 2
    assert load("malefiz.games.maedn.learned", "cross", "cross2") is cross
    classic = load("malefiz.games.malefiz.learned", "classic", "classic2")
    assert isinstance(classic, Model) and classic is not cross


def test_a_form_without_weights_is_none() -> None:
    assert load("malefiz.games.maedn.learned", "star", "star4") is None
    assert load("malefiz.games.malefiz.learned", "classic", "classic4") is None
