"""The README's shell examples (lines ``$ command`` and the output below them) run and print what it says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[tuple[str, str]]:
    """Every ``$ command`` in the README's sh blocks, with the lines after it up to the next command."""
    found: list[tuple[str, str]] = []
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        command: str | None = None
        output: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(output)))
                command, output = line[2:], []
            elif command is not None:
                output.append(line)
        if command is not None:
            found.append((command, "\n".join(output)))
    return found


def test_the_readme_has_shell_examples() -> None:
    assert len(examples()) >= 2


@pytest.mark.parametrize(("command", "expected"), examples())
def test_a_readme_shell_example_prints_what_the_readme_shows(command: str, expected: str) -> None:
    python = command.replace("python -m malefiz", f"{sys.executable} -m malefiz")
    result = subprocess.run(["bash", "-c", python], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected.strip()
