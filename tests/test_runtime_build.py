"""The pure parts of the site's runtime build (web/runtime.py): imports found in the source, the standard library
entries kept, zips without times, the runtime id, the snapshot's header and the worker's first line."""

from __future__ import annotations

import doctest
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import runtime  # noqa: E402
from runtime import (  # noqa: E402
    RUNTIME_FILES,
    SAFETY,
    package_imports,
    read_snapshot,
    runtime_id,
    snapshot_header,
    stdlib_entries,
    trim_lock,
    trim_stdlib,
    worker_script,
    write_zip,
)


def test_the_doctests_hold() -> None:
    assert doctest.testmod(runtime).failed == 0


def test_imports_are_found_anywhere_in_the_source_but_the_packages_own(tmp_path: Path) -> None:
    package = tmp_path / "malefiz"
    (package / "core").mkdir(parents=True)
    (package / "__init__.py").write_text("from __future__ import annotations\nimport json, os.path as p\n")
    (package / "core" / "late.py").write_text(
        "from . import sibling\nfrom ..core import x\nimport malefiz.app\nfrom malefiz.core import y\n"
        "def f():\n    import _strptime\n    from urllib.parse import quote, urlsplit\n    from html import *\n"
        "class C:\n    def g(self):\n        if True:\n            import zlib\n"
    )
    (package / "notes.txt").write_text("import not_python\n")
    assert package_imports(package) == {
        "__future__",
        "json",
        "os.path",
        "_strptime",
        "urllib.parse",
        "urllib.parse.quote",
        "urllib.parse.urlsplit",
        "html",
        "zlib",
    }


def test_the_real_package_names_what_it_uses() -> None:
    found = package_imports(ROOT / "malefiz")
    assert {"random", "json", "re", "dataclasses", "html", "urllib.parse", "zlib", "importlib"} <= found
    assert not [n for n in found if n == "malefiz" or n.startswith(("malefiz.", "__future__."))]


def test_each_module_keeps_its_file_and_its_packages_folders_in_the_librarys_order() -> None:
    names = [
        "a.py",
        "asyncio/",
        "asyncio/__init__.py",
        "asyncio/events.py",
        "asyncio/tasks.py",
        "email/",
        "email/__init__.py",
        "pkg/",
        "pkg/sub/",
        "pkg/sub/__init__.py",
        "pkg/sub/leaf.py",
        "pkg/__init__.py",
        "abc.py",
    ]
    assert stdlib_entries(names, ["pkg.sub.leaf", "asyncio.events", "asyncio", "pkg", "pkg.sub", "abc"]) == [
        "asyncio/",
        "asyncio/__init__.py",
        "asyncio/events.py",
        "pkg/",
        "pkg/sub/",
        "pkg/sub/__init__.py",
        "pkg/sub/leaf.py",
        "pkg/__init__.py",
        "abc.py",
    ]
    # a module of no file (built in, frozen, the package's own) keeps nothing
    assert stdlib_entries(names, ["sys", "builtins", "malefiz.app"]) == []
    assert stdlib_entries(names, ["a"]) == ["a.py"]


def test_zips_hold_no_time_and_the_same_entries_give_the_same_bytes(tmp_path: Path) -> None:
    entries = [("pkg/", b""), ("pkg/__init__.py", b"x = 1\n" * 100), ("a.py", b"")]
    write_zip(tmp_path / "one.zip", entries)
    write_zip(tmp_path / "two.zip", iter(entries))
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "one.zip") as archive:
        infos = archive.infolist()
        assert [(i.filename, archive.read(i)) for i in infos] == entries
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
    assert [i.is_dir() for i in infos] == [True, False, False]
    assert infos[1].compress_type == zipfile.ZIP_DEFLATED


def test_trimming_keeps_the_entries_as_they_were(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "whole.zip", "w") as whole:
        for name in ("json/", "json/__init__.py", "json/tool.py", "os.py", "this.py"):
            whole.writestr(name, "" if name.endswith("/") else f"# {name}\n")
    kept = trim_stdlib(tmp_path / "whole.zip", tmp_path / "lean.zip", ["json", "os", "sys"])
    assert kept == ["json/", "json/__init__.py", "os.py"]
    with zipfile.ZipFile(tmp_path / "lean.zip") as lean:
        assert lean.namelist() == kept and lean.read("os.py") == b"# os.py\n"


def test_the_lock_file_keeps_its_info_and_loses_every_package(tmp_path: Path) -> None:
    info = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
    (tmp_path / "lock.json").write_text(json.dumps({"info": info, "packages": {"numpy": {"name": "numpy"}}}))
    trim_lock(tmp_path / "lock.json", tmp_path / "lean.json")
    assert json.loads((tmp_path / "lean.json").read_text()) == {"info": info, "packages": {}}


def test_the_runtime_id_changes_with_the_content_of_every_runtime_file_and_nothing_else(tmp_path: Path) -> None:
    for name in RUNTIME_FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(name.encode())
    (tmp_path / "index.html").write_text("page")
    first = runtime_id(tmp_path)
    assert len(first) == 16 and int(first, 16) >= 0
    (tmp_path / "index.html").write_text("another page")
    assert runtime_id(tmp_path) == first
    seen = {first}
    for name in RUNTIME_FILES:
        (tmp_path / name).write_bytes(b"changed " + name.encode())
        seen.add(runtime_id(tmp_path))
    assert len(seen) == len(RUNTIME_FILES) + 1
    (tmp_path / RUNTIME_FILES[0]).unlink()
    with pytest.raises(FileNotFoundError):
        runtime_id(tmp_path)


def test_a_snapshot_names_its_runtime_in_its_first_line() -> None:
    data = snapshot_header("0123456789abcdef") + b"\x1f\x8b\x08rest\nwith newlines"
    assert read_snapshot(data) == ("0123456789abcdef", b"\x1f\x8b\x08rest\nwith newlines")
    for bad in (b"", b"\x1f\x8b\x08", b"malefiz-snapshot 0123", b"other-snapshot 0123456789abcdef\n\x1f\x8b"):
        with pytest.raises(ValueError):
            read_snapshot(bad)


def test_the_worker_starts_with_its_runtime() -> None:
    script = worker_script("0123456789abcdef", 'importScripts("x");\n')
    assert script.splitlines() == ['const RUNTIME = "0123456789abcdef";', 'importScripts("x");']


def test_the_safety_list_is_standard_library_names_without_repeats() -> None:
    assert len(set(SAFETY)) == len(SAFETY)
    assert all(name and not name.startswith("malefiz") for name in SAFETY)


def test_the_site_style_sheet_loses_its_comments_and_nothing_else() -> None:
    import build

    assert doctest.testmod(build).failed == 0
    source = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    served = build.css_without_comments(source)
    assert "/*" not in served and len(served) < len(source) - 4_000  # the comments are some 6 KB
    assert "".join(served.split()) == "".join(re.sub(r"/\*.*?\*/", "", source, flags=re.S).split())
