"""The team's worked positions (tests/maedn/data/examples.txt): each rule's example must match exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from malefiz.games.maedn.document import from_json, moves_document, to_json
from tests.maedn.helpers import actions, pos

EXAMPLES = [
    line.split(" | ")
    for line in (Path(__file__).parent / "data" / "examples.txt").read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
]


def test_every_example_is_there() -> None:
    assert len(EXAMPLES) == 36
    assert len({e[0] for e in EXAMPLES}) == 36


@pytest.mark.parametrize(("rule", "position", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_example(rule: str, position: str, expected: str) -> None:
    assert actions(pos(position)) == set(expected.split())


@pytest.mark.parametrize(("rule", "position", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_example_as_the_moves_document(rule: str, position: str, expected: str) -> None:
    state = from_json(json.loads(json.dumps(to_json(pos(position)))))
    printed = moves_document(state)["moves"]
    letters = {"yellow": "y", "green": "g", "red": "r", "black": "k", "blue": "b", "purple": "p"}
    found = [f"{letters[m['colour']]}:{m['from']}-{m['to']}" for m in printed]
    assert len(found) == len(set(found)), "each distinct move once"
    assert set(found) == (set() if expected == "pass" else set(expected.split()))
