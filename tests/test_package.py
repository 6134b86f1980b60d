"""The package as a developer installs it: the wheel ``pip`` builds from the repository holds every module, the data
files the rules read (the endgame table, the learned weights), the type hints' marker and the licence, and nothing
else; its version is the package's own."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import malefiz

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_holds_the_package_its_data_its_types_and_its_licence(tmp_path: Path) -> None:
    source = tmp_path / "source"  # a copy: building leaves build/ and *.egg-info behind, not in the repository
    shutil.copytree(ROOT / "malefiz", source / "malefiz", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(source),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("malefiz-*.whl")
    assert wheel.name.startswith(f"malefiz-{malefiz.__version__}-py3-none-any")
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "malefiz").rglob("*.py")}
    assert modules <= names
    assert "malefiz/py.typed" in names
    assert "malefiz/games/maedn/learned/endgame_cross.bin" in names
    assert not [n for n in names if n.startswith(("tests/", "e2e/", "web/", "bench/", "train/"))]
    info = f"malefiz-{malefiz.__version__}.dist-info"
    assert f"{info}/licenses/LICENSE" in names
    with zipfile.ZipFile(wheel) as archive:
        assert "malefiz = malefiz.cli:main_exit" in archive.read(f"{info}/entry_points.txt").decode()
        metadata = archive.read(f"{info}/METADATA").decode()
    assert f"Version: {malefiz.__version__}" in metadata and "License-Expression: MIT" in metadata
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and all("extra ==" in line for line in requires)  # the rules need only the standard library
