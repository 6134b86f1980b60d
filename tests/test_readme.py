"""The README's shell examples (lines ``$ command`` and the output below them) run and print what it says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[list[tuple[str, str]]]:
    """Every ``$ command`` in the README's sh blocks, with the lines after it up to the next command, a list a
    block (a block's commands run in order, as a reader types them: a later one may read a file an earlier one
    wrote)."""
    found: list[list[tuple[str, str]]] = []
    text = (ROOT / "README.md").read_text(encoding="utf-8")
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


@pytest.mark.parametrize("block", examples(), ids=lambda block: block[0][0][:60])
def test_the_readme_shell_examples_print_what_the_readme_shows(block: list[tuple[str, str]], tmp_path: Path) -> None:
    for command, expected in block:  # in a folder of their own, so that the files they write go nowhere else
        python = command.replace("python -m malefiz", f"{sys.executable} -m malefiz")
        result = subprocess.run(["bash", "-c", python], capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert result.returncode == 0, f"{command}: {result.stderr}"
        assert result.stdout.strip() == expected.strip(), command
