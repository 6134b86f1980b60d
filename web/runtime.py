"""The site's lean Python runtime, built by :func:`build_runtime` (called from ``web/build.py``).

- ``malefiz.zip``: the package compiled for the runtime's Python (Pyodide's 3.14, not the build machine's) by
  ``web/compile.mjs`` under Node: sourceless ``.pyc`` files at the modules' paths (``malefiz/app.pyc``), which
  zipimport imports as they are. They are unchecked-hash ``.pyc`` (no file time in them) compiled with a fixed
  hash seed, and the zip's entries carry no time (1980-01-01): the same sources give the same bytes.
- ``data/``: the package's data files (:data:`PACKAGE_DATA`: the endgame table) at their paths in the package, as
  they are, outside the zip: the worker fetches one only when a game first reads it (:mod:`malefiz.core.data`), so
  a first visit does not download them; the service worker keeps them with every other file.
- ``pyodide/python_stdlib.zip``: the standard library (2.5 MB) trimmed to what the game and Pyodide import (0.9 MB).
  Which modules that is, is found by using them (:func:`trace_modules`: ``web/trace.mjs`` runs ``web/probe.py``
  under Pyodide with the whole library), and reading ``sys.modules`` after:

  - Pyodide's own start (its ``_pyodide`` and ``pyodide`` packages, ``asyncio`` for its event loop,
    ``traceback`` for errors: a third of what is kept);
  - every module of the package, and every module its source names in an ``import`` anywhere, inside functions
    too (:func:`package_imports`);
  - whole games of each kind between computers, and the page's calls (:class:`malefiz.app.App`) through a game of
    each kind, files saved and loaded, languages, another tab's changes;
  - the package's zip unpacked by Pyodide (as PyScript's ``files`` config does: zipfile reads the names in cp437),
    an error crossing into JavaScript, a result converted;
  - :data:`SAFETY`: modules imported only lazily, on paths none of the above may take (codecs asked for by name,
    ``_strptime``, Pyodide's proxies and timers), imported by the probe too so that what they import is kept.

  Each module in ``sys.modules`` is kept with its packages' ``__init__`` (:func:`stdlib_entries`); every other
  file goes. Lazily imported modules are the risk: one that none of this imports is missing on the page, and
  the page breaks where it is needed (``ModuleNotFoundError``, or ``LookupError: unknown encoding`` for a codec).
  Hence the safety list, and the imports named in the source however deep. The files stay source (``.py``):
  what the page imports is in the snapshot compiled already.
- ``pyodide/pyodide-lock.json``: only the original ``info`` (Pyodide refuses a lock without its ``abi_version``)
  and no packages: the site loads none.
- ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``: as Pyodide ships them (``web/build.py`` copies them).
- ``boot.mjs``: how Python starts, in the page's worker and in the snapshot (``web/boot.mjs`` as it is).
- ``snapshot.bin``: Pyodide's memory after it started as the page starts it and imported every module of the
  package (``web/snapshot.mjs``), without its pages of zeros (:func:`sparse`) and gzipped, after the line
  ``malefiz-snapshot <runtime id>`` (:func:`runtime_id`: a hash of every file the snapshot depends on), so that a
  worker can tell a snapshot of another runtime. The same build gives the same bytes (``web/snapshot.mjs`` makes the
  clocks and entropy it runs with deterministic): the site's version changes with what it is made of only.
- ``worker.js``: ``web/worker.js`` after the line ``const RUNTIME = "<runtime id>";`` (the worker checks the
  snapshot's header against it).

Standard library only (like ``web/build.py``); Node runs the three ``.mjs`` helpers.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import shutil
import struct
import subprocess
import tempfile
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final

WEB: Final = Path(__file__).resolve().parent

PACKAGE_ZIP: Final = "malefiz.zip"
STDLIB: Final = "pyodide/python_stdlib.zip"
LOCK: Final = "pyodide/pyodide-lock.json"
BOOT: Final = "boot.mjs"
SNAPSHOT: Final = "snapshot.bin"
WORKER: Final = "worker.js"

RUNTIME_FILES: Final = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    STDLIB,
    LOCK,
    PACKAGE_ZIP,
    BOOT,
)
"""Every file of the site a memory snapshot depends on (paths in the site): :func:`runtime_id` hashes them."""

SNAPSHOT_MAGIC: Final = b"malefiz-snapshot "
"""How ``snapshot.bin`` starts: then the runtime id and a newline, then the gzipped snapshot."""

ENTRY_TIME: Final = (1980, 1, 1, 0, 0, 0)
"""The time of every entry of the zips the build writes: none (the earliest a zip can say)."""

SAFETY: Final = (
    # errors: formatting a traceback (the page shows Python's errors), also for sourceless modules
    "traceback",
    "linecache",
    "tokenize",
    # the snapshot and the tests walk the package with it
    "pkgutil",
    # Pyodide's own Python, which the page's worker may use: proxies, timers, running code, coroutines
    "pyodide",
    "pyodide.ffi",
    "pyodide.ffi.wrappers",
    "pyodide.code",
    "pyodide.webloop",
    "asyncio",
    # text codecs Python may ask for by name (the page's text is UTF-8; the rest are small)
    "encodings.aliases",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.unicode_escape",
    "encodings.raw_unicode_escape",
    "encodings.cp437",  # zipfile reads the names of a zip's entries with it (Pyodide's unpackArchive)
    # lazily imported by modules the game uses (time.strptime, random's seeding by text, copying, dates)
    "_strptime",
    "datetime",
    "hashlib",
    "copy",
    "weakref",
    "warnings",
)
"""Modules kept whether the trace saw them or not (and traced: what they import as they load is kept too)."""


def node() -> str:
    """The ``node`` program (``make site`` runs ``npm ci`` first, so it is there)."""
    found = shutil.which("node")
    if found is None:
        raise SystemExit("node is not installed: the site's Python is compiled and traced under Node")
    return found


def run_node(*args: str | Path) -> None:
    """Run a script of web/ under Node with ``args``; stop the build with what it said when it fails."""
    result = subprocess.run([node(), *map(str, args)], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        # Node quotes the line a JavaScript error was thrown from: a whole minified file, left out
        said = "\n".join(line for line in (result.stdout + result.stderr).splitlines() if len(line) < 1000)
        raise SystemExit(f"node {Path(args[0]).name} failed:\n{said[-5000:]}")


def write_zip(target: Path, entries: Iterable[tuple[str, bytes]]) -> None:
    """A zip of ``entries`` (name, content; in this order) with no times in it: the same entries, the same bytes.

    A name ending in ``/`` is a folder's entry (its content must be empty).
    """
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=ENTRY_TIME)
            entry.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o644 << 16
            kind = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            archive.writestr(entry, data, compress_type=kind, compresslevel=9)


PACKAGE_DATA: Final = ("*.bin",)
"""The package's data files (read with :func:`malefiz.core.data.read`): on the site in ``data/``, not in the zip."""

DATA: Final = "data"
"""The site's folder of the package's data files, each at its path in the package (``web/worker.js`` reads it)."""


def data_files(source_root: Path) -> dict[str, Path]:
    """The package's data files under ``source_root``: each by its path in the package
    (``malefiz/games/maedn/learned/endgame_cross.bin``)."""
    return {
        p.relative_to(source_root).as_posix(): p
        for pattern in PACKAGE_DATA
        for p in (source_root / "malefiz").rglob(pattern)
    }


def compile_package(pyodide: Path, source_root: Path, target: Path) -> list[str]:
    """Compile ``source_root/malefiz`` for Pyodide's Python (``web/compile.mjs``) into the zip ``target`` and copy
    the package's data files (:func:`data_files`) into the folder :data:`DATA` beside it; return the zip's entry
    names (``malefiz/app.pyc``, ...), sorted."""
    with tempfile.TemporaryDirectory(prefix="malefiz-pyc-") as temporary:
        compiled = Path(temporary)
        run_node(WEB / "compile.mjs", pyodide, source_root, compiled)
        files = {p.relative_to(compiled).as_posix(): p for p in compiled.rglob("*.pyc")}
        names = sorted(files)
        write_zip(target, ((name, files[name].read_bytes()) for name in names))
    folder = target.parent / DATA
    shutil.rmtree(folder, ignore_errors=True)
    for name, path in data_files(source_root).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, folder / name)
    return names


def package_imports(package: Path) -> set[str]:
    """Every absolute module name the ``.py`` files under ``package`` import, anywhere in them (in functions too).

    ``from a.b import c`` names ``a.b`` and ``a.b.c`` (``c`` may be a module; ``from __future__ import x`` names
    ``__future__`` alone); relative imports name the package's own modules and are left out, and so are the
    package's own (absolute) names.
    """
    names: set[str] = set()
    for source in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_bytes(), str(source))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                if node.module != "__future__":  # its names are the compiler's features
                    names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    own = package.name
    return {n for n in names if n != own and not n.startswith(own + ".")}


def trace_modules(pyodide: Path, package_zip: Path, extra: Iterable[str]) -> tuple[list[str], list[str]]:
    """The modules the site's Python imports (``web/trace.mjs`` running ``web/probe.py``, the ``extra`` modules
    imported too), and the names of ``extra`` that are no module there."""
    with tempfile.TemporaryDirectory(prefix="malefiz-trace-") as temporary:
        names, out = Path(temporary) / "extra.json", Path(temporary) / "trace.json"
        names.write_text(json.dumps(sorted(set(extra))), encoding="utf-8")
        run_node(WEB / "trace.mjs", pyodide, package_zip, WEB / "probe.py", names, out)
        found = json.loads(out.read_text(encoding="utf-8"))
    return list(found["modules"]), list(found["missing"])


def stdlib_entries(names: Iterable[str], modules: Iterable[str]) -> list[str]:
    """The entries of the standard library's zip (``names``, in their order) that ``modules`` need: each module's
    file (``a/b.py`` or ``a/b/__init__.py``) and the folder entries of its packages.

    >>> stdlib_entries(["json/", "json/__init__.py", "json/tool.py", "os.py", "re/", "re/_parser.py"], ["json", "re"])
    ['json/', 'json/__init__.py', 're/']
    """
    wanted: set[str] = set()
    for module in modules:
        parts = module.split(".")
        path = "/".join(parts)
        wanted.update((f"{path}.py", f"{path}/__init__.py", f"{path}/"))
        wanted.update("/".join(parts[:i]) + "/" for i in range(1, len(parts)))
    return [name for name in names if name in wanted]


def trim_stdlib(source: Path, target: Path, modules: Iterable[str], pyodide: Path | None = None) -> list[str]:
    """Write ``target``: the zip ``source`` (Pyodide's standard library) with only what ``modules`` need, compiled
    for the runtime's Python when ``pyodide`` (the folder of the Pyodide that compiles) is given; return the entries
    kept (before compiling).

    Pyodide ships its library as source, which its Python compiles at every import of every start (nothing can
    keep the bytecode in a zip): compiled once here, a plain start imports it as it is.
    """
    with zipfile.ZipFile(source) as archive:
        kept = stdlib_entries(archive.namelist(), modules)
        if pyodide is None:
            write_zip(target, ((name, archive.read(name)) for name in kept))
            return kept
        with tempfile.TemporaryDirectory(prefix="malefiz-stdlib-") as temporary:
            sources, compiled = Path(temporary) / "src", Path(temporary) / "out"
            for name in kept:
                if name.endswith(".py"):
                    (sources / name).parent.mkdir(parents=True, exist_ok=True)
                    (sources / name).write_bytes(archive.read(name))
            run_node(WEB / "compile.mjs", pyodide, sources, compiled, ".")
            write_zip(
                target,
                (
                    (f"{name}c", (compiled / f"{name}c").read_bytes()) if name.endswith(".py") else (name, b"")
                    for name in kept
                ),
            )
    return kept


def trim_lock(source: Path, target: Path) -> None:
    """Write ``target``: Pyodide's lock file ``source`` with its ``info`` and no packages."""
    info = json.loads(source.read_text(encoding="utf-8"))["info"]
    target.write_text(json.dumps({"info": info, "packages": {}}, separators=(",", ":")) + "\n", encoding="utf-8")


def runtime_id(out: Path) -> str:
    """The runtime of the site in ``out``: a SHA-256 over the path and content of every file a memory snapshot
    depends on (:data:`RUNTIME_FILES`), 16 hex digits."""
    digest = hashlib.sha256()
    for name in RUNTIME_FILES:
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def snapshot_header(runtime: str) -> bytes:
    """The line ``snapshot.bin`` starts with, for a snapshot of ``runtime``.

    >>> snapshot_header("0123456789abcdef")
    b'malefiz-snapshot 0123456789abcdef\\n'
    """
    return SNAPSHOT_MAGIC + runtime.encode("ascii") + b"\n"


def read_snapshot(data: bytes) -> tuple[str, bytes]:
    """The runtime id and the gzipped snapshot of the bytes of a ``snapshot.bin``.

    Raises:
        ValueError: when ``data`` does not start with a snapshot's header.
    """
    line, newline, rest = data.partition(b"\n")
    if not newline or not line.startswith(SNAPSHOT_MAGIC):
        raise ValueError("not a malefiz snapshot")
    return line[len(SNAPSHOT_MAGIC) :].decode("ascii"), rest


SNAPSHOT_PAGE: Final = 4096
"""The pages :func:`sparse` leaves out when they are all zeros (about half of a snapshot's memory is)."""


def sparse(memory: bytes) -> bytes:
    """``memory`` without its pages of zeros, as ``boot.mjs``'s ``expand()`` reads it back: its size and the page size
    (two 32-bit little-endian numbers), a bitmap of the pages kept (bit ``i % 8`` of byte ``i // 8`` for page ``i``),
    then those pages. A restore then unpacks half the bytes (gunzip's time follows what it writes).

    >>> packed = sparse(bytes(5000) + b"x")  # two pages, the first all zeros: 8 + 1 + the last 905 bytes
    >>> len(packed), packed[8], packed[-1:]
    (914, 2, b'x')
    >>> expand(sparse(b"abc" + bytes(9000))) == b"abc" + bytes(9000)
    True
    """
    pages = -(-len(memory) // SNAPSHOT_PAGE)
    kept = bytearray(-(-pages // 8))
    parts = []
    for i in range(pages):
        page = memory[i * SNAPSHOT_PAGE : (i + 1) * SNAPSHOT_PAGE]
        if page.count(0) != len(page):
            kept[i // 8] |= 1 << (i % 8)
            parts.append(page)
    return struct.pack("<II", len(memory), SNAPSHOT_PAGE) + bytes(kept) + b"".join(parts)


def expand(packed: bytes) -> bytes:
    """The memory :func:`sparse` packed (as ``boot.mjs``'s ``expand()`` unpacks it, for the tests).

    Raises:
        ValueError: for bytes that are not such a packing.
    """
    if len(packed) < 8:
        raise ValueError("not a sparse snapshot")
    size, page = struct.unpack_from("<II", packed)
    pages = -(-size // page) if page else -1
    at = 8 + -(-pages // 8)
    if pages < 0 or at > len(packed):
        raise ValueError("not a sparse snapshot")
    memory = bytearray(size)
    for i in range(pages):
        if packed[8 + i // 8] >> (i % 8) & 1:
            n = min(page, size - i * page)
            memory[i * page : i * page + n] = packed[at : at + n]
            at += n
    if at != len(packed):
        raise ValueError("not a sparse snapshot")
    return bytes(memory)


def write_snapshot(out: Path) -> int:
    """Make the memory snapshot of the site in ``out`` (``web/snapshot.mjs``) and write ``snapshot.bin``; return
    the snapshot's size before gzip."""
    with tempfile.TemporaryDirectory(prefix="malefiz-snapshot-") as temporary:
        raw = Path(temporary) / "snapshot"
        run_node(WEB / "snapshot.mjs", out, raw)
        data = raw.read_bytes()
    packed = gzip.compress(sparse(data), compresslevel=9, mtime=0)
    (out / SNAPSHOT).write_bytes(snapshot_header(runtime_id(out)) + packed)
    return len(data)


def worker_script(runtime: str, source: str) -> str:
    """``worker.js``: the worker's source after the line naming the runtime its snapshot must be of.

    >>> worker_script("0123456789abcdef", "self.onmessage = null;\\n")
    'const RUNTIME = "0123456789abcdef";\\nself.onmessage = null;\\n'
    """
    return f"const RUNTIME = {json.dumps(runtime)};\n{source}"


def write_worker(out: Path, source: Path = WEB / "worker.js") -> None:
    """Write ``worker.js`` for the site in ``out`` (``source`` missing: the runtime line alone)."""
    text = source.read_text(encoding="utf-8") if source.exists() else ""
    (out / WORKER).write_text(worker_script(runtime_id(out), text), encoding="utf-8")


def build_runtime(pyodide: Path, source_root: Path, out: Path) -> None:
    """Write the runtime into the site ``out``, whose ``pyodide/`` holds Pyodide's three runtime files already:
    ``malefiz.zip``, the trimmed standard library and lock file, ``boot.mjs``, ``snapshot.bin``, ``worker.js``."""
    started = time.monotonic()
    compile_package(pyodide, source_root, out / PACKAGE_ZIP)
    extra = sorted(package_imports(source_root / "malefiz") | set(SAFETY))
    modules, _missing = trace_modules(pyodide, out / PACKAGE_ZIP, extra)
    trim_stdlib(pyodide / "python_stdlib.zip", out / STDLIB, modules, pyodide)
    trim_lock(pyodide / "pyodide-lock.json", out / LOCK)
    shutil.copyfile(WEB / BOOT, out / BOOT)
    write_snapshot(out)
    write_worker(out)
    print(f"runtime {runtime_id(out)} built in {time.monotonic() - started:.1f} s")
