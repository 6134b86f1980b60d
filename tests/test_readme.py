"""The shell examples of the README and of the guides in ``docs/`` (lines ``$ command`` and the output below them) run
and print what they say."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The README and the guides it leads to (their Python examples are doctests: ``--doctest-glob`` in pyproject.toml)."""


def examples() -> list[list[tuple[str, str]]]:
    """Every ``$ command`` in the sh blocks of the README and the guides, with the lines after it up to the next
    command, a list a block (a block's commands run in order, as a reader types them: a later one may read a file an
    earlier one wrote)."""
    found: list[list[tuple[str, str]]] = []
    text = "".join(page.read_text(encoding="utf-8") for page in PAGES)
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        commands: list[tuple[str, str]] = []
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    commands.append((command, "\n".join(output)))
                command, output = line[2:], []
            elif command is not None:
                output.append(line)
        if command is not None:
            commands.append((command, "\n".join(output)))
        if commands:
            found.append(commands)
    return found


def test_the_readme_has_shell_examples() -> None:
    assert sum(len(block) for block in examples()) >= 2


def test_every_guide_is_reached_from_the_readme_and_leads_back() -> None:
    """The README is the front door: each page of ``docs/`` is linked from it, and every link between them resolves."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    guides = PAGES[1:]
    assert guides, "docs/ holds no guide"
    for guide in guides:
        assert f"](docs/{guide.name})" in readme, f"the README does not lead to docs/{guide.name}"
        assert "](../README.md)" in guide.read_text(encoding="utf-8"), f"docs/{guide.name} does not lead back"
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name}: the link to {target} leads nowhere"


@pytest.mark.parametrize("block", examples(), ids=lambda block: block[0][0][:60])
def test_the_readme_shell_examples_print_what_the_readme_shows(block: list[tuple[str, str]], tmp_path: Path) -> None:
    for command, expected in block:  # in a folder of their own, so that the files they write go nowhere else
        python = command.replace("python -m malefiz", f"{sys.executable} -m malefiz")
        result = subprocess.run(["bash", "-c", python], capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert result.returncode == 0, f"{command}: {result.stderr}"
        assert result.stdout.strip() == expected.strip(), command
