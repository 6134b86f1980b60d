"""The package's data files (the endgame table), read where they are.

Installed from a wheel or a clone, a data file sits beside its modules and :func:`pkgutil.get_data` reads it.
The web page ships the package without its data files, so that a first visit does not download a table no game
of it may need: its worker sets :data:`elsewhere` to a reader that fetches a file from the site (``data/`` and
the file's path in the package) when a game first reads it, which the service worker keeps for offline visits
like every other file (``web/worker.js``).
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable

__all__ = ["Reader", "elsewhere", "path_of", "read"]

Reader = Callable[[str], "bytes | None"]
"""Reads a data file by its path in the package (``malefiz/games/maedn/learned/endgame_cross.bin``): its bytes, or
None when it cannot be had."""

elsewhere: Reader | None = None
"""Where a data file the package was installed without is read from (the web page's worker sets it)."""


def path_of(package: str, name: str) -> str:
    """The path of data file ``name`` of ``package`` in the package's tree.

    >>> path_of("malefiz.games.maedn.learned", "endgame_cross.bin")
    'malefiz/games/maedn/learned/endgame_cross.bin'
    """
    return f"{package.replace('.', '/')}/{name}"


def read(package: str, name: str) -> bytes | None:
    """Data file ``name`` of ``package``: beside its modules, else from :data:`elsewhere`; None when it is in
    neither place (a reader that fails counts as none: the caller goes on without the file)."""
    try:
        found = pkgutil.get_data(package, name)
    except OSError:
        found = None
    if found is None and elsewhere is not None:
        try:
            found = elsewhere(path_of(package, name))
        except Exception:  # a reader that breaks (a network gone): as if the file were not there
            found = None
    return found
