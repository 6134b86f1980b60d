"""The team's worked positions (tests/malefiz/data/examples.txt): each rule's example must match exactly."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from malefiz.cli import main
from malefiz.games.malefiz.document import to_json
from tests.malefiz.helpers import actions, pos

EXAMPLES = [
    line.split(" | ")
    for line in (Path(__file__).parent / "data" / "examples.txt").read_text().splitlines()
    if line and not line.startswith("#")
]


@pytest.mark.parametrize(
    ("rule", "position", "expected"), EXAMPLES, ids=[f"{e[0]}-{e[1].split()[0]}" for e in EXAMPLES]
)
def test_example(rule: str, position: str, expected: str) -> None:
    assert actions(pos(position)) == set(expected.split())


@pytest.mark.parametrize(
    ("rule", "position", "expected"), EXAMPLES, ids=[f"{e[0]}-{e[1].split()[0]}" for e in EXAMPLES]
)
def test_example_through_the_command_line(rule: str, position: str, expected: str, tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(to_json(pos(position))))
    out = io.StringIO()
    assert main(["moves", str(path)], out) == 0
    printed = json.loads(out.getvalue())

    def loc(v: str | list[int]) -> str:
        return {"house": "h", "forest": "f"}[v] if isinstance(v, str) else f"{v[0]}.{v[1]}"

    if "places" in printed:
        found = {f"@{loc(p)}" for p in printed["places"]}
    else:
        found = {f"{loc(m['from'])}-{loc(m['to'])}" for m in printed["moves"]} or {"pass"}
    assert found == set(expected.split())
