"""Malefiz *hard* on the learned evaluation, as bots for ``bench/paired.py`` and ``bench/strength.py`` (issue 27).

    python bench/paired.py malefiz_learned:learned_search hard --against one_ply_front --board classic

``learned_one``: the network alone, one ply (the self-play player of ``train/malefiz_td.py``).
``learned_search``: *hard*'s search over the next player's rolls and replies (:class:`.bots.Search`, one ply
deep) valuing positions by the network (:class:`.learned.Learned`); barricades as *hard* puts them.
``learned_search2``: the same two plies deep, as *hard* searches.
Forms without a network play as *hard*.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from malefiz.games.malefiz.bots import Search, _hard_place, hard
from malefiz.games.malefiz.learned import Learned, chances, model_for
from malefiz.games.malefiz.rules import apply
from malefiz.games.malefiz.state import Action, Place, State

__all__ = ["learned_one", "learned_search", "learned_search2"]


def learned_one(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The action after which the network gives the mover the best chance (a barricade taken put where the
    network likes it best)."""
    model = model_for(state)
    if model is None or len(actions) == 1:
        return hard(state, actions, rng)
    me = state.turn
    return max(actions, key=lambda a: chances(model, apply(state, a))[me])


_SEARCH_MODELS: dict[str, Learned] = {}


def _search(state: State, actions: Sequence[Action], rng: random.Random, depth: int) -> Action:
    model = model_for(state)
    if model is None or len(actions) == 1:
        return hard(state, actions, rng)
    key = f"{state.board.name}{len(state.players)}"
    search_model = _SEARCH_MODELS.get(key)
    if search_model is None:
        search_model = _SEARCH_MODELS[key] = Learned(model)
    if isinstance(actions[0], Place):
        return _hard_place(state, search_model)
    return Search(state, actions, depth=depth, model=search_model).run()


def learned_search(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """*hard*'s search one ply deep on the network."""
    return _search(state, actions, rng, 1)


def learned_search2(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """*hard*'s search two plies deep on the network."""
    return _search(state, actions, rng, 2)
