"""Every game's :class:`~malefiz.core.session.Table`, by game name: what the page plays (Malefiz first)."""

from __future__ import annotations

from typing import Final

from ..core.session import Table
from .maedn.table import TABLE as MAEDN_TABLE
from .malefiz.table import TABLE as MALEFIZ_TABLE

__all__ = ["MAEDN_TABLE", "MALEFIZ_TABLE", "TABLES"]

TABLES: Final[dict[str, Table]] = {"malefiz": MALEFIZ_TABLE, "maedn": MAEDN_TABLE}
"""The tables by game name, as ``game=`` in a page address names them."""
