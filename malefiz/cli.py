"""The command line: ``python -m malefiz --help``."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from .board import BOARD_NAMES, COLOURS, Colour
from .bots import BOTS
from .dice import Dice
from .errors import MalefizError
from .notation import from_json, location_json, parse_position
from .play import play
from .rules import Move, Options, Pass, Phase, Place, Roll, State, legal_actions, new_game
from .tournament import load_bot, tournament

__all__ = ["main"]

SEAT_COLOURS: dict[int, tuple[Colour, ...]] = {
    2: ("red", "yellow"),
    3: ("red", "green", "yellow"),
    4: COLOURS,
}
"""Colours in play by number of players (opposite houses for two)."""


def _read_position(path: str, stdin: TextIO) -> State:
    if path == "-":
        text = stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise MalefizError(f"cannot read {path}: {exc.strerror}") from None
    stripped = text.strip()
    if not stripped.startswith(("{", "[")):
        return parse_position(stripped)
    try:
        doc = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise MalefizError(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    return from_json(doc)


def moves_document(state: State) -> dict[str, object]:
    """What ``moves`` prints for ``state``: moves, places or the die faces."""
    actions = legal_actions(state)
    if state.phase is Phase.PLACE:
        return {"places": [location_json(a.field) for a in actions if isinstance(a, Place)]}
    if state.phase is Phase.ROLL:
        return {"rolls": [a.value for a in actions if isinstance(a, Roll)]}
    document: dict[str, object] = {
        "moves": [{"from": location_json(a.start), "to": location_json(a.end)} for a in actions if isinstance(a, Move)]
    }
    if state.winner is not None:
        document["winner"] = state.winner
    return document


def _cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    state = _read_position(args.file, sys.stdin)
    print(json.dumps(moves_document(state)), file=out)
    return 0


def _option_set(text: str) -> Options:
    names = [n.strip().replace("-", "_") for n in text.split(",") if n.strip()]
    try:
        return Options.from_dict({n: True for n in names}, where="--options")
    except MalefizError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    colours = SEAT_COLOURS[args.players]
    state = new_game(colours, args.board, args.options)
    bot = BOTS[args.bot]
    print(f"Malefiz, {args.board} board, seed {args.seed}: {', '.join(colours)} ({args.bot} bots)", file=out)
    turn = 0
    line = ""
    for step in play(state, {c: bot for c in colours}, Dice(args.seed), random.Random(args.seed)):
        before, action, after = step.before, step.action, step.after
        if isinstance(action, Roll):
            if line:
                print(line, file=out)
            turn += 1
            line = f"{turn:5}  {before.current:<6}  rolls {action.value}"
        elif isinstance(action, Pass):
            line += "  no move: passes"
        elif isinstance(action, Move):
            line += f"  {action}"
            victim = before.occupant(action.end)
            if victim is not None:
                line += f" captures {'own pawn' if victim == before.current else victim}"
            if after.phase is Phase.PLACE:
                line += " takes the barricade"
        elif isinstance(action, Place):
            line += f", puts it on {str(action)[1:]}"
    if line:
        print(line, file=out)
    print(f"winner: {state_winner(after)} after {turn} turns", file=out)
    return 0


def state_winner(state: State) -> str:
    """The winner's colour, for the transcript."""
    return state.winner or "nobody"


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    names = [n.strip() for n in args.seats.split(",") if n.strip()]
    for name in names:
        load_bot(name)  # refuse an unknown bot before anything is printed
    print(
        f"Tournament: {args.games} games on the {args.board} board, seats {', '.join(names)}, seed {args.seed}"
        " (seat order rotates every game)",
        file=out,
    )
    result = tournament(names, args.games, args.seed, args.board, args.options)
    print(result.report(), file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m malefiz",
        description="Malefiz (Barricade) rules engine: legal moves of a position, bot games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    moves = sub.add_parser(
        "moves",
        help="print the legal actions of a position as JSON",
        description=(
            "Read a position (the JSON position document, or one-line notation) and print its legal "
            'actions: {"moves": [{"from": .., "to": ..}]} in phase move (empty when the player must '
            'pass), {"places": [[x, y], ..]} in phase place, {"rolls": [1..6]} in phase roll.'
        ),
    )
    moves.add_argument("file", metavar="FILE", help="the position file, or - for standard input")
    moves.set_defaults(run=_cmd_moves)
    game = sub.add_parser("play", help="play a whole game between bots and print the transcript")
    game.add_argument("--seed", type=int, default=0, help="seed of the dice and the bots (default 0)")
    game.add_argument("--players", type=int, choices=(2, 3, 4), default=4, help="number of players (default 4)")
    game.add_argument("--board", choices=BOARD_NAMES, default="classic", help="board side (default classic)")
    game.add_argument("--bot", choices=sorted(BOTS), default="greedy", help="the bot every seat uses (default greedy)")
    game.add_argument(
        "--options",
        type=_option_set,
        default=Options(),
        help="comma-separated rule options: " + ", ".join(Options.names()),
    )
    game.set_defaults(run=_cmd_play)
    cup = sub.add_parser(
        "tournament",
        help="play many bot games and print each seat's win rate",
        description="Play seeded games between bots with rotating seat order; print wins, win rates with 95%% "
        "confidence intervals and games per second.",
    )
    cup.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    cup.add_argument(
        "--seats",
        default="hard,medium",
        help="comma-separated bots, one per seat: " + ", ".join(BOTS) + " or package.module:name (default hard,medium)",
    )
    cup.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    cup.add_argument("--board", choices=BOARD_NAMES, default="classic", help="board side (default classic)")
    cup.add_argument("--options", type=_option_set, default=Options(), help="comma-separated rule options")
    cup.set_defaults(run=_cmd_tournament)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (2 on bad input)."""
    args = _parser().parse_args(argv)
    try:
        status: int = args.run(args, out or sys.stdout)
    except MalefizError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stderr.close()
        return 0
    return status


def main_exit() -> None:
    """Entry point of the ``malefiz`` console script."""
    sys.exit(main())
