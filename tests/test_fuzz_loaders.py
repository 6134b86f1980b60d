"""Fuzzing every text loader (issue 16, point 8): random and mutated input gives a result or a MalefizError.

Each loader either returns something valid (a position that prints and reads back the same,
has legal actions and a JSON document) or raises :class:`MalefizError` with a one-line
message; never another exception. A JSON document handed in is never changed by reading it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from malefiz.core import savefile
from malefiz.core.document import decode_text, load_json, read_position
from malefiz.core.errors import MalefizError
from malefiz.core.setup import Setup
from malefiz.games import GAMES, maedn
from malefiz.games.maedn.rules import legal_actions as maedn_actions
from malefiz.games.maedn.state import State as MaednState
from malefiz.games.malefiz import document as malefiz
from malefiz.games.malefiz import notation as malefiz_notation
from malefiz.games.malefiz.rules import legal_actions as malefiz_actions
from malefiz.games.malefiz.state import State as MalefizState
from malefiz.shelf import GAME_PREFIX, Shelf, read
from tests.malefiz.helpers import CLASSIC_START, FAST_START

FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MALEFIZ_TEXTS = [
    f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?",
    f"classic r:2.13,h,h,h,h g:6.13,h,h,h,h y:10.13,h,h,h,h b:h,h,h,h,h x:{CLASSIC_START} g4 +own",
    f"classic r:6.7,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START.replace('6.7,', '')} r!6 +six +rows2",
    f"classic r:7.1,8.0,h,h,h y:h,h,h,h,h x:{CLASSIC_START.replace('8.1,', '3.9,')} r*",
    f"fast r:f,1.8,h,h g:h,h,h,h y:h,h,h,h x:{FAST_START} y? +start",
    "fast r:5.2,h,h,h y:h,h,h,h x:5.1,4.3,6.3,3.4,7.4 r!",
]
MAEDN_TEXTS = [
    "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B y?",
    "maedn cross y:0,17,B,B r:25,B,B,B r4",
    "maedn star y:3,20,B,B k:47,B,B,B y4 +forced",
    "maedn cross y:15,B,B,B g:B,B,B,B r:38,B,B,B k:B,B,B,B seats:yr,gk y3",
    "maedn cross y:5,B,B,B g:B,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3",
    "maedn cross y:B,B,B,B r:5,B,B,B y?/2 +three",
    "maedn cross y:40,41,42,43 g:40,41,42,43 r:5,B,B,B finished:y,g g*",
    "maedn cross y:7,10,10,B r:B,B,B,B y5 +back +three +nojump +barriers +forced",
]
MALEFIZ_DOCS = [malefiz.to_json(malefiz_notation.parse_position(t)) for t in MALEFIZ_TEXTS]
MAEDN_DOCS = [maedn.to_json(maedn.parse_position(t)) for t in MAEDN_TEXTS]
MALEFIZ_ACTIONS = ["d4", "pass", "h-2.13", "2.13-2.9", "f-5.5", "@8.7"]
MAEDN_ACTIONS = ["d4", "pass", "y:B-0", "y:15-18", "k:39-43"]
QUERIES = [
    "?board=fast&seats=human,bot:greedy,bot&seed=3&pace=instant&options=extra_roll_on_six&first=yellow&names=Ann,Bob",
    "?seats=human,bot&colours=green,blue",
    "?game=maedn&board=star&seats=human,bot:hard,bot&seed=3&options=three_rolls&first=yellow",
    "?game=maedn&seats=human,bot&position=maedn+cross+y:0,17,B,B+r:25,B,B,B+r4",
    f"?seats=human,human&position=classic+r:h,h,h,h,h+y:h,h,h,h,h+x:{CLASSIC_START}+r?&undo=off",
]

# Characters the notations, JSON and addresses are made of, plus any character at all.
CHARS = st.one_of(
    st.sampled_from(list('0123456789.,:;-+!?*/ &=%_Bbghkprxyf{}[]"\\\n')),
    st.sampled_from(["\u0663", "\uff10", "\udcff", "\x00", "…", "ß"]),
    st.characters(),
)


EDITS = st.sampled_from([1, 1, 1, 2, 2, 3, 4])
"""How many edits a mutated sample gets: mostly one, so that it is often still (nearly) valid."""
SPOT = st.integers(0, 2**16)
"""Where an edit goes, modulo the length (st.integers(0, len) would favour the start)."""


@st.composite
def mutated(draw: st.DrawFn, samples: list[str]) -> str:
    """One of ``samples`` after a few random edits: insert, delete, replace or repeat characters, swap tokens."""
    text = draw(st.sampled_from(samples))
    for _ in range(draw(EDITS)):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "replace", "repeat", "swap", "drop"]))
        if kind in ("swap", "drop"):
            tokens = text.split(" ")
            i = draw(SPOT) % len(tokens)
            j = draw(SPOT) % len(tokens)
            if kind == "swap":
                tokens[i], tokens[j] = tokens[j], tokens[i]
            else:
                del tokens[i]
            text = " ".join(tokens)
            continue
        i = draw(SPOT) % (len(text) + 1)
        if kind == "insert":
            text = text[:i] + draw(st.text(CHARS, min_size=1, max_size=3)) + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 3)) :]
        elif kind == "replace":
            text = text[:i] + draw(CHARS) + text[i + 1 :]
        else:
            j = min(len(text), i + draw(st.integers(1, 12)))
            text = text[:j] + text[i:j] * draw(st.integers(1, 3)) + text[j:]
    return text


def texts(samples: list[str]) -> st.SearchStrategy[str]:
    """Random text, and (three times as often) the samples mutated."""
    return st.one_of(st.text(CHARS, max_size=60), mutated(samples), mutated(samples), mutated(samples))


JSON_VALUES: st.SearchStrategy[Any] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.integers(-2, 60),
        st.floats(allow_nan=False),
        st.text(CHARS, max_size=8),
        st.sampled_from(["house", "forest", "B", "red", "yellow", "black", "roll", "move", "place", "over", "cross"]),
        st.sampled_from([[], {}]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=6),
        st.dictionaries(st.text(CHARS, max_size=8), inner, min_size=1, max_size=4),
    ),
    max_leaves=12,
)


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) inside ``value``, the top level's own included."""
    found: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found.append((value, key))
            found.extend(_slots(inner))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found.append((value, i))
            found.extend(_slots(inner))
    return found


@st.composite
def mutated_docs(draw: st.DrawFn, samples: list[dict[str, Any]]) -> Any:
    """One of ``samples`` (a fresh copy) after a few edits: a value replaced, removed or added anywhere."""
    doc: Any = copy.deepcopy(draw(st.sampled_from(samples)))
    for _ in range(draw(EDITS)):
        slots = _slots(doc)
        if not slots:
            break
        container, key = draw(st.sampled_from(slots))
        kind = draw(st.sampled_from(["replace", "remove", "add", "copy"]))
        if kind == "replace":
            container[key] = draw(JSON_VALUES)
        elif kind == "remove":
            del container[key]
        elif kind == "copy":  # another part of the document (a pawn list as the turn, a colour twice, ...)
            other, other_key = draw(st.sampled_from(slots))
            container[key] = copy.deepcopy(other[other_key])
        elif isinstance(container, dict):
            container[draw(st.one_of(st.text(CHARS, max_size=8), st.sampled_from(list(container))))] = draw(JSON_VALUES)
        else:
            container.insert(key, draw(JSON_VALUES))
    return doc


def documents(samples: list[dict[str, Any]]) -> st.SearchStrategy[Any]:
    """Random JSON values, and (three times as often) the sample documents mutated."""
    return st.one_of(JSON_VALUES, mutated_docs(samples), mutated_docs(samples), mutated_docs(samples))


def refused_clearly(exc: MalefizError) -> None:
    message = str(exc)
    assert message and "\n" not in message, message
    assert len(message) < 400, message[:500]


def loads_or_refuses(load: Callable[[], Any]) -> Any:
    """``load()``, or None once it raised a MalefizError with a clear message."""
    try:
        return load()
    except MalefizError as exc:
        refused_clearly(exc)
        return None


def check_malefiz(state: MalefizState) -> None:
    assert malefiz_notation.parse_position(malefiz_notation.format_position(state)) == state
    assert malefiz.from_json(json.loads(json.dumps(malefiz.to_json(state)))) == state
    malefiz_actions(state)


def check_maedn(state: MaednState) -> None:
    assert maedn.parse_position(str(state)) == state
    assert maedn.from_json(json.loads(json.dumps(maedn.to_json(state)))) == state
    maedn_actions(state)


@FUZZ
@given(texts(MALEFIZ_TEXTS))
def test_malefiz_notation(text: str) -> None:
    state = loads_or_refuses(lambda: malefiz_notation.parse_position(text))
    if state is not None:
        check_malefiz(state)


@FUZZ
@given(documents(MALEFIZ_DOCS))
def test_malefiz_json(doc: Any) -> None:
    before = copy.deepcopy(doc)
    state = loads_or_refuses(lambda: malefiz.from_json(doc))
    assert doc == before  # reading never changes the document
    if state is not None:
        check_malefiz(state)


@FUZZ
@given(texts(MAEDN_TEXTS))
def test_maedn_notation(text: str) -> None:
    state = loads_or_refuses(lambda: maedn.parse_position(text))
    if state is not None:
        check_maedn(state)


@FUZZ
@given(documents(MAEDN_DOCS))
def test_maedn_json(doc: Any) -> None:
    before = copy.deepcopy(doc)
    state = loads_or_refuses(lambda: maedn.from_json(doc))
    assert doc == before
    if state is not None:
        check_maedn(state)


@FUZZ
@given(texts(MALEFIZ_ACTIONS + MAEDN_ACTIONS))
def test_actions_in_notation(text: str) -> None:
    for parse in (malefiz_notation.parse_action, maedn.parse_action):
        action = loads_or_refuses(lambda parse=parse: parse(text))  # type: ignore[misc]
        if action is not None:
            assert parse(str(action)) == action


@FUZZ
@given(
    st.one_of(
        texts(MALEFIZ_TEXTS + MAEDN_TEXTS),
        mutated([json.dumps(d) for d in MALEFIZ_DOCS + MAEDN_DOCS]),
        st.builds(json.dumps, documents(MALEFIZ_DOCS + MAEDN_DOCS)),
    )
)
def test_read_position(text: str) -> None:
    found = loads_or_refuses(lambda: read_position(text, GAMES, "malefiz"))
    if found is not None:
        game, state = found
        assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
        game.legal_actions(state)


def _surrogates_kept(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")  # a lone surrogate makes bytes that are not UTF-8


@FUZZ
@given(st.one_of(st.binary(max_size=40), mutated(MALEFIZ_TEXTS + MAEDN_TEXTS).map(_surrogates_kept)))
def test_decoding_and_json(data: bytes) -> None:
    text = loads_or_refuses(lambda: decode_text(data))
    if text is not None:
        loads_or_refuses(lambda: load_json(text, "position"))


def test_json_that_python_cannot_hold_is_refused_clearly() -> None:
    for text in ["[" * 100_000, '{"roll": ' + "9" * 5000 + "}", "{", '"\\ud800"x']:
        loads_or_refuses(lambda text=text: load_json(text, "position"))  # type: ignore[misc]
        loads_or_refuses(lambda text=text: read_position(text, GAMES, "malefiz"))  # type: ignore[misc]


# A page address reaches Python as the browser's location.search: ASCII, anything else %-escaped, and
# parse_qs decodes a bad escape to U+FFFD, so no lone surrogate (\udcff) can be in it.
QUERY_CHARS = st.one_of(
    st.sampled_from(list("0123456789.,:;-+!?*/ &=%_Bbghkprxyf")),
    st.sampled_from(["%FF", "%ED%B3%BF", "%00", "%26", "%3D", "%2C", "+", "%20", "\u0663", "\uff10"]),
    st.characters(exclude_categories=["Cs"]),
)


@st.composite
def queries(draw: st.DrawFn) -> str:
    """A sample address with a few edits: characters inserted, replaced or deleted, parameters swapped or dropped."""
    params = draw(st.sampled_from(QUERIES)).lstrip("?").split("&")
    for _ in range(draw(EDITS)):
        kind = draw(st.sampled_from(["insert", "replace", "delete", "swap", "drop"]))
        i = draw(SPOT) % len(params)
        if kind in ("swap", "drop"):
            j = draw(SPOT) % len(params)
            if kind == "swap":
                params[i], params[j] = params[j], params[i]
            elif len(params) > 1:
                del params[i]
            continue
        text = params[i]
        k = draw(SPOT) % (len(text) + 1)
        if kind == "insert":
            text = text[:k] + draw(QUERY_CHARS) + text[k:]
        elif kind == "replace":
            text = text[:k] + draw(QUERY_CHARS) + text[k + 1 :]
        else:
            text = text[:k] + text[k + draw(st.integers(1, 3)) :]
        params[i] = text
    return "?" + "&".join(params)


@FUZZ
@given(st.one_of(st.lists(QUERY_CHARS, max_size=30).map("".join), queries(), queries(), queries()))
def test_page_address(query: str) -> None:
    setup = loads_or_refuses(lambda: Setup.from_query(query, GAMES))
    if setup is not None:
        assert Setup.from_query(setup.to_query(), GAMES) == setup


def _kept_samples() -> tuple[list[str], list[str]]:
    """A few games as the browser keeps them (the shelf's text) and as save files, after some actions."""
    from malefiz.app import App, MemoryStorage

    kept: list[str] = []
    saved: list[str] = []
    for query in QUERIES[:3]:
        storage = MemoryStorage()
        app = App(storage, ["en"], rng=random.Random(3))
        app.open(query.replace("human", "bot:greedy") + "&pace=instant")
        for _ in range(8):
            while app.think() is None and app.thinking():
                pass
        kept.extend(v for k, v in storage.kept.items() if k.startswith(GAME_PREFIX))
        found = app.save_file()
        assert found is not None
        saved.append(found[1])
    storage = MemoryStorage()  # a game of people, kept with its review's values
    app = App(storage, ["en"], rng=random.Random(3))
    app.open("?board=fast&seats=human,human&seed=5")
    s = app.session
    assert s is not None
    while len(s.record) < 30:
        assert s.roll() if s.state.is_chance else s.play(s.legal()[-1])
    app.screen()
    while app.work():
        pass
    texts = [v for k, v in storage.kept.items() if k.startswith(GAME_PREFIX)]
    assert texts and all(json.loads(text)["review"] for text in texts)
    kept.extend(texts)
    return kept, saved


KEPT, SAVED = _kept_samples()


@FUZZ
@given(st.one_of(mutated(KEPT), mutated(SAVED), st.sampled_from(KEPT)))
def test_a_kept_game_or_a_save_file_is_read_or_refused_and_a_start_never_fails(text: str) -> None:
    from malefiz.app import App, MemoryStorage

    found = read("aaaaaaaaaa", text, GAMES)  # never raises: a problem is a value
    assert found.text == text
    loads_or_refuses(lambda: savefile.load(text, GAMES))
    storage = MemoryStorage()
    storage.kept[GAME_PREFIX + "aaaaaaaaaa"] = text
    app = App(storage, ["de"])
    loads_or_refuses(lambda: Shelf(storage, GAMES).load("aaaaaaaaaa"))
    assert app.open("").view == "setup"  # the list of games is made whatever is kept
    screen = app.open(QUERIES[0] + "&id=aaaaaaaaaa")
    assert screen.view in ("setup", "play")
    assert storage.kept[GAME_PREFIX + "aaaaaaaaaa"] == text  # nothing kept is thrown away or overwritten


def _reviewed() -> tuple[str, list[Any], int]:
    """A game of two people as a save file, and its review's values as the browser keeps them (every decision)."""
    from malefiz.core.session import Session

    s = Session.from_address("?board=fast&seats=human,human&seed=5", GAMES)
    rng = random.Random(5)
    while len(s.record) < 60 and not s.state.is_over:
        assert s.roll() if s.state.is_chance else s.play(rng.choice(s.legal()))
    for _ in s.review_work():
        pass
    return json.dumps(savefile.save(s)), json.loads(json.dumps(s.review_kept())), s.review_valued()


REVIEWED, REVIEW_VALUES, VALUED = _reviewed()


@FUZZ
@given(st.one_of(JSON_VALUES, mutated_docs([{"review": REVIEW_VALUES}]).map(lambda doc: doc.get("review"))))
def test_kept_review_values_are_taken_back_whole_or_not_at_all_and_never_fail(values: Any) -> None:
    # The values the shelf keeps beside a game are the browser's own, but a broken or edited store must never stop
    # the game from opening: every value is checked, and anything off is worked out again.
    s = savefile.load(REVIEWED, GAMES)
    taken = s.restore_review(values)
    assert taken in (0, len(values) if isinstance(values, list) else -1)
    assert s.review_valued() == taken
    if taken:
        fresh = savefile.load(REVIEWED, GAMES)
        assert fresh.restore_review(REVIEW_VALUES) == VALUED
        played = {i for i, _ in values}
        for i, entry in enumerate(s.record.entries):  # what was taken back names legal actions of each position
            if i in played:
                assert entry.action in [r.action for r in s.reviewer.rated(entry.before)]
