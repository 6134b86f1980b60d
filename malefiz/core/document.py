"""The document envelope: which game a position text belongs to, and reading it with that game.

A position is either a JSON document whose ``"game"`` key names the game, or a
one-line notation whose first word does (``maedn ...``); a notation that names
no game belongs to the default game (Malefiz's starts with its board name).
This is also the core of save files later.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import InvalidPositionError, MalefizError, NotationError

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "MAX_DEPTH",
    "MAX_ECHO",
    "MAX_TEXT",
    "b64",
    "check_envelope",
    "decode_text",
    "deflate",
    "inflate",
    "json_depth",
    "load_json",
    "phase_and_roll",
    "quote",
    "read_position",
    "shorten",
    "unb64",
]

P = TypeVar("P", bound=StrEnum)

MAX_TEXT = 1_000_000
"""The longest position text read (a real one is well under a kilobyte)."""

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects a JSON reader takes (a saved game or a position needs 5)."""

MAX_ECHO = 80
"""The most characters of its input an error message repeats: a longer piece is cut with an ellipsis."""


def quote(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters and an ellipsis when longer.

    Never fails: a number too long to print, or a value nested too deeply, is described instead.
    """
    try:
        text = repr(value)
    except ValueError:  # an int beyond sys.get_int_max_str_digits()
        return f"a number of about {int(value.bit_length() * 0.30103) if isinstance(value, int) else '?'} digits"
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shorten(text: str, limit: int = MAX_ECHO) -> str:
    """``text`` for an error message: as it is when short and printable, else as :func:`quote` shows it."""
    return text if len(text) <= limit and text.isprintable() and text.strip() == text and text else quote(text, limit)


def b64(data: bytes) -> str:
    """``data`` as URL-safe base64 without padding (how links and messages carry bytes)."""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: object, size: int | None = None) -> bytes:
    """The bytes a short :func:`b64` text holds (at most 64 characters; exactly ``size`` bytes when given).

    Raises:
        ValueError: (or ``binascii.Error``, a subclass) for anything else.
    """
    if not isinstance(text, str) or len(text) > 64:
        raise ValueError("not base64")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if size is not None and len(data) != size:
        raise ValueError("wrong length")
    return data


def deflate(data: bytes) -> str:
    """``data`` as a link's text: zlib-compressed, URL-safe base64 (read back by :func:`inflate`).

    >>> inflate(deflate(b"game"), 100)
    b'game'
    """
    return b64(zlib.compress(data, 9))


def inflate(text: str, limit: int) -> bytes:
    """The bytes a link's text holds: URL-safe base64 of zlib data (as save links and the links of games between
    devices are written), at most ``limit`` of them.

    Raises:
        ValueError: for text that is not such data whole (cut short, changed, with anything after its end).

    >>> import base64, zlib
    >>> inflate(base64.urlsafe_b64encode(zlib.compress(b"game")).decode().rstrip("="), 100)
    b'game'
    """
    packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    decompressor = zlib.decompressobj()
    data = decompressor.decompress(packed, limit)
    if decompressor.unconsumed_tail or decompressor.unused_data or not decompressor.eof:
        raise ValueError("incomplete")
    return data


def decode_text(data: bytes, where: str = "position") -> str:
    """``data`` read as UTF-8 text (a leading byte order mark is dropped).

    Raises:
        NotationError: for data longer than :data:`MAX_TEXT` bytes or that is not UTF-8, saying where the
            first bad byte is.
    """
    if len(data) > MAX_TEXT:
        raise NotationError(f"{where}: the text is too long ({len(data)} bytes) to be a position")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        raise NotationError(f"{where}: not UTF-8 text (byte 0x{bad} at offset {exc.start})") from None


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_depth(text: str, most: int = MAX_DEPTH) -> int | None:
    """How deeply the arrays and objects of the JSON ``text`` nest, found without recursion (strings are
    skipped); None as soon as it goes beyond ``most``. So a reader refuses too deep a text before parsing it,
    the same way in CPython and in Pyodide (whose stack a deep ``json.loads`` can overflow).

    >>> json_depth('{"a": [[1], "[[["]}'), json_depth("[" * 100 + "]" * 100), json_depth("1")
    (3, None, 0)
    """
    depth = deepest = 0
    for token in _BRACKETS.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > most:
                return None
            deepest = max(deepest, depth)
        elif bracket in "]}":
            depth -= 1
    return deepest


def load_json(text: str, where: str) -> object:
    """The value of the JSON ``text``.

    Raises:
        NotationError: for text that is not JSON, nests deeper than :data:`MAX_DEPTH`, or holds a number
            with more digits than Python reads (``sys.get_int_max_str_digits()``); one line that says what
            and where.
    """
    if json_depth(text) is None:
        raise NotationError(f"{where}: not valid JSON: nested too deeply (more than {MAX_DEPTH} levels)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"{where}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise NotationError(f"{where}: not valid JSON: nested too deeply") from None
    except ValueError:  # only the digit limit of int() gets here
        raise NotationError(f"{where}: not valid JSON: a number with too many digits") from None


def read_position(
    text: str, games: Mapping[str, Game[Any, Any]], default: str, where: str = "position"
) -> tuple[Game[Any, Any], Any]:
    """The game and the position that ``text`` (a JSON document or one-line notation) describes.

    Raises:
        MalefizError: for text that is not valid JSON or notation, names an unknown game,
            or describes an impossible position; the message says what and where.
    """
    if len(text) > MAX_TEXT:
        raise NotationError(f"{where}: the text is too long ({len(text)} characters) to be a position")
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        doc = load_json(stripped, where)
        name = doc.get("game", default) if isinstance(doc, dict) else default
        game = _game(name, games, f"{where}: game")
        return game, game.from_json(doc)
    first = stripped.split(None, 1)[0] if stripped else ""
    game = games[first] if first in games else games[default]
    return game, game.parse_position(stripped)


def _game(name: object, games: Mapping[str, Game[Any, Any]], where: str) -> Game[Any, Any]:
    if isinstance(name, str) and name in games:
        return games[name]
    raise MalefizError(f"{where}: unknown game {quote(name)}; expected one of {', '.join(games)}")


def check_envelope(doc: object, game: str, required: Sequence[str], optional: Sequence[str]) -> dict[str, Any]:
    """``doc`` as a dict, once it is a JSON object with every ``required`` key, no unknown key and ``game``.

    Raises:
        InvalidPositionError: naming the missing or unknown key, or the wrong game.
    """
    if not isinstance(doc, dict):
        raise InvalidPositionError(f"position: expected a JSON object, got {type(doc).__name__}")
    for key in required:
        if key not in doc:
            raise InvalidPositionError(f"position: missing key {key!r}")
    for key in doc:
        if key not in required and key not in optional:
            raise InvalidPositionError(
                f"position: unknown key {quote(key)}; expected {', '.join(required)}"
                f" and optionally {', '.join(optional)}"
            )
    if doc["game"] != game:
        raise InvalidPositionError(f'game: expected "{game}", got {quote(doc["game"])}')
    return doc


def phase_and_roll(doc: Mapping[str, Any], phases: type[P], move: P) -> tuple[P, int | None]:
    """The ``phase`` of a position document and its ``roll``: 1 to 6 in phase ``move``, null otherwise.

    Raises:
        InvalidPositionError: for an unknown phase or a roll that does not fit it.
    """
    phase_text = doc["phase"]
    names = [p.value for p in phases]
    if phase_text not in names:
        raise InvalidPositionError(f"phase: expected one of {', '.join(names)}, got {quote(phase_text)}")
    phase = phases(phase_text)
    roll = doc["roll"]
    if phase is move:
        if type(roll) is not int or not 1 <= roll <= 6:
            raise InvalidPositionError(f"roll: expected a number 1 to 6 in phase {move.value}, got {quote(roll)}")
    elif roll is not None:
        raise InvalidPositionError(f"roll: must be null in phase {phase_text}, got {quote(roll)}")
    return phase, roll
