"""How long the links of play from afar are (issue 28): a whole game's play link, and the invitation and the reply
(not part of `make test`).

    python bench/links.py [--games 20]

Each game is played to the end between devices (every seat a computer on its own device, each device its own
dice chain), as the page plays it (:class:`malefiz.core.remote.Table`); the play link (:meth:`Table.link`) of the
whole game is measured, with the page's address in front (``https://<user>.github.io/malefiz/#play=``, 37
characters). A messenger shows a link of a few thousand characters whole; SMS and some mail programs cut much
shorter ones, which is why the link holds only the decisions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from malefiz.core.fair import PART_BYTES, Chain, Ledger
from malefiz.core.remote import Match, Table
from malefiz.games import GAMES

PAGE = "https://user.github.io/malefiz/#play="

FORMS = {
    "Mensch ärgere Dich nicht, cross, 4 players": "game=maedn&seats=bot:medium,bot:medium,bot:medium,bot:medium",
    "Mensch ärgere Dich nicht, cross, 2 players": "game=maedn&seats=bot:medium,bot:medium",
    "Mensch ärgere Dich nicht, star, 6 players": "game=maedn&board=star&seats=" + ",".join(["bot:medium"] * 6),
    "Malefiz, classic, 4 players": "game=malefiz&seats=bot:medium,bot:medium,bot:medium,bot:medium",
    "Malefiz, classic, 2 players": "game=malefiz&seats=bot:medium,bot:medium",
}


def play(setup: str, seed: int) -> Table:
    """A whole game of ``setup``, each seat on its own device; the host's table at the end."""
    seats = len(setup.split("seats=")[1].split(","))
    chains = [Chain.from_secret((seed * 16 + i).to_bytes(PART_BYTES, "big")) for i in range(seats)]
    match = Match(
        setup, tuple(f"D{i}" for i in range(seats)), tuple(range(seats)), Ledger(tuple(c.anchor for c in chains))
    )
    tables = [Table(match, GAMES, i, chains[i]) for i in range(seats)]
    while True:
        moved = True
        while moved:  # every message through the host, as the page passes them on
            moved = False
            for i, table in enumerate(tables):
                outbox, table.outbox = table.outbox, []
                for message in outbox:
                    moved = True
                    for j in [0] if i else [j for j in range(1, seats) if j != message["by"]]:
                        tables[j].receive(dict(message))
        session = tables[0].session
        assert session is not None
        if session.state.is_over:
            return tables[0]
        for table in tables:
            if table.session is not None and table.session.is_bot_turn():
                table.session.bot_step()
                table.sync()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"A whole game's play link, with the page's address in front ({len(PAGE)} characters); {args.games} games")
    print(f"{'form':46} {'actions':>8} {'median':>7} {'longest':>8}")
    for name, setup in FORMS.items():
        tables = [play(setup, 1_000_000 + g) for g in range(args.games)]
        lengths = [len(PAGE) + len(t.link()) for t in tables]
        actions = statistics.median(len(t.match.actions) for t in tables)
        print(f"{name:46} {actions:8.0f} {statistics.median(lengths):7.0f} {max(lengths):8d}")


if __name__ == "__main__":
    main()
