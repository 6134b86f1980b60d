"""The package's data files: read beside the modules, else from the reader the web page's worker sets, else none."""

from __future__ import annotations

import pkgutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from malefiz.core import data

ROOT = Path(__file__).resolve().parent.parent.parent
TABLE = ("malefiz.games.maedn.learned", "endgame_cross.bin")


@pytest.fixture
def without_files(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The package as the web page has it, its data files left out; the paths asked of :data:`data.elsewhere`."""

    def missing(package: str, name: str) -> bytes | None:
        raise FileNotFoundError(data.path_of(package, name))  # as a zip without the file answers

    monkeypatch.setattr(pkgutil, "get_data", missing)
    asked: list[str] = []
    yield asked


def test_a_data_file_is_read_beside_the_modules() -> None:
    assert data.read(*TABLE) == (ROOT / data.path_of(*TABLE)).read_bytes()


def test_one_the_package_has_not_is_read_from_elsewhere_by_its_path(
    without_files: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def site(path: str) -> bytes | None:
        without_files.append(path)
        return (ROOT / path).read_bytes()

    monkeypatch.setattr(data, "elsewhere", site)
    assert data.read(*TABLE) == (ROOT / data.path_of(*TABLE)).read_bytes()
    assert without_files == ["malefiz/games/maedn/learned/endgame_cross.bin"]


def test_nowhere_or_a_reader_that_fails_gives_none(without_files: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert data.read(*TABLE) is None  # no reader set: CPython without the file

    def offline(path: str) -> bytes | None:
        raise OSError(f"{path}: the network is gone")

    monkeypatch.setattr(data, "elsewhere", offline)
    assert data.read(*TABLE) is None
    monkeypatch.setattr(data, "elsewhere", lambda path: None)
    assert data.read(*TABLE) is None
