"""The command line, the same commands for every game: ``python -m malefiz --help``.

``moves`` and ``apply`` take the game from the position document (its ``"game"``
key, or the first word of one-line notation); ``play`` and ``tournament`` from
``--game`` (default ``malefiz``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .core.dice import Dice, roll_for_start
from .core.document import read_position
from .core.errors import MalefizError
from .core.game import Game
from .core.play import play
from .core.tournament import load_bot, tournament
from .games import DEFAULT_GAME, GAMES, get_game

__all__ = ["main", "main_exit"]


def _read_text(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise MalefizError(f"cannot read {path}: {exc.strerror}") from None


def _read_position(args: argparse.Namespace) -> tuple[Game[Any, Any], Any]:
    default = args.game or DEFAULT_GAME
    game, state = read_position(_read_text(args.file, sys.stdin), GAMES, default)
    if args.game and game.name != args.game:
        raise MalefizError(f"--game {args.game}: the position is a {game.name} position")
    return game, state


def _cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    print(json.dumps(game.moves_document(state)), file=out)
    return 0


def _cmd_apply(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    try:
        value = json.loads(args.action)
    except json.JSONDecodeError:
        value = args.action  # a bare word such as pass, or the action's notation
    if isinstance(value, str) and value != "pass":
        action = game.parse_action(value)
    else:
        action = game.action_from_json(state, value)
    print(json.dumps(game.to_json(game.apply(state, action))), file=out)
    return 0


def _options(text: str | None) -> dict[str, bool]:
    if not text:
        return {}
    return {n.strip().replace("-", "_"): True for n in text.split(",") if n.strip()}


def _game_setup(args: argparse.Namespace) -> tuple[Game[Any, Any], str]:
    game = get_game(args.game or DEFAULT_GAME)
    board = args.board or game.boards[0]
    if board not in game.boards:
        raise MalefizError(f"--board: {game.title} has the boards {', '.join(game.boards)}, not {board!r}")
    return game, board


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game, board = _game_setup(args)
    counts = game.player_counts(board)
    players = args.players or counts[-1]
    if players not in counts:
        raise MalefizError(f"--players: {game.title} on the {board} board is for {counts[0]} to {counts[-1]} players")
    bot = load_bot(args.bot, game.bots)
    options = _options(args.options)
    state = game.new_game(board, players, options)
    seats = state.seats
    dice = Dice(args.seed)
    rollers = game.start_rollers(state)
    start = ""
    if rollers:  # the highest roll starts: the same dice roll for it
        first, rounds, dice = roll_for_start(rollers, dice)
        state = game.new_game(board, players, options, first=first)
        rolls = "; then ".join(", ".join(f"{c} {v}" for c, v in r) for r in rounds)
        start = f"who starts: {rolls}: {first} starts"
    names = ", ".join("+".join(colours) for colours in seats)
    neutral = getattr(state, "neutral", None)  # Mensch ärgere Dich nicht's three-player form
    if neutral:
        names += f"; {neutral} neutral"
    print(f"{game.title}, {board} board, seed {args.seed}: {names} ({args.bot} bots)", file=out)
    if start:
        print(start, file=out)
    turn = 0
    line = ""
    last = state
    for step in play(game, state, [bot] * len(seats), dice, random.Random(args.seed)):
        text = game.describe(step.before, step.action, step.after)
        if step.before.is_chance:
            if line:
                print(line, file=out)
            turn += 1
            line = f"{turn:5}  {step.before.current:<6}  {text}"
        else:
            line += f"  {text}"
        last = step.after
    if line:
        print(line, file=out)
    places = ["/".join("+".join(seats[s]) for s in place) for place in last.ranking]
    if len(seats) > 2 or any(len(c) > 1 for c in seats):
        print("ranking: " + ", ".join(f"{i}. {p}" for i, p in enumerate(places, 1)), file=out)
    print(f"winner: {places[0] if places else 'nobody'} after {turn} turns", file=out)
    return 0


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    game, board = _game_setup(args)
    names = [n.strip() for n in args.seats.split(",") if n.strip()]
    for name in names:
        load_bot(name, game.bots)  # refuse an unknown bot before anything is printed
    options = _options(args.options)
    game.new_game(board, len(names), options)  # refuse a bad option or seat count before the header
    prefix = "" if game.name == DEFAULT_GAME else f"{game.title}, "
    print(
        f"Tournament: {prefix}{args.games} games on the {board} board, seats {', '.join(names)}, seed {args.seed}"
        " (seat order rotates every game)",
        file=out,
    )
    result = tournament(game, names, args.games, args.seed, board, options)
    print(result.report(), file=out)
    return 0


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    boards = "; ".join(f"{g.name}: {', '.join(g.boards)}" for g in GAMES.values())
    options = "; ".join(f"{g.name}: {', '.join(g.option_names)}" for g in GAMES.values())
    parser.add_argument("--game", choices=sorted(GAMES), help=f"the game (default {DEFAULT_GAME})")
    parser.add_argument("--board", help=f"board side (default the game's first: {boards})")
    parser.add_argument("--options", help=f"comma-separated rule options ({options})")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m malefiz",
        description="Rules engine of Malefiz and Mensch ärgere Dich nicht: legal moves of a position, bot games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    moves = sub.add_parser(
        "moves",
        help="print the legal actions of a position as JSON",
        description=(
            "Read a position (the JSON position document, or one-line notation) and print its legal "
            'actions. Malefiz: {"moves": [{"from": .., "to": ..}]} in phase move (empty when the player must '
            'pass), {"places": [[x, y], ..]} in phase place; Mensch ärgere Dich nicht: {"moves": [{"colour": '
            '.., "from": "B" | place, "to": place}]}; both {"rolls": [1..6]} in phase roll.'
        ),
    )
    moves.add_argument("file", metavar="FILE", help="the position file, or - for standard input")
    moves.add_argument("--game", choices=sorted(GAMES), help="the game of a notation that names none")
    moves.set_defaults(run=_cmd_moves)
    step = sub.add_parser(
        "apply",
        help="apply one action to a position and print the next position document",
        description=(
            'ACTION is JSON: a move exactly as "moves" prints it, {"roll": n}, "pass" (or pass), and for Malefiz '
            '{"place": [x, y]}; the action\'s notation (d4, y:B-0, 2.13-2.9) is read too. An illegal action is '
            "a one-line error with exit status 2."
        ),
    )
    step.add_argument("file", metavar="FILE", help="the position file, or - for standard input")
    step.add_argument("action", metavar="ACTION", help="the action, as JSON")
    step.add_argument("--game", choices=sorted(GAMES), help="the game of a notation that names none")
    step.set_defaults(run=_cmd_apply)
    game = sub.add_parser("play", help="play a whole game between bots and print the transcript")
    _add_game_arguments(game)
    game.add_argument("--seed", type=int, default=0, help="seed of the dice and the bots (default 0)")
    game.add_argument("--players", type=int, help="number of players (default: as many as the board takes)")
    game.add_argument("--bot", default="greedy", help="the bot every seat uses (default greedy)")
    game.set_defaults(run=_cmd_play)
    cup = sub.add_parser(
        "tournament",
        help="play many bot games and print each seat's win rate",
        description="Play seeded games between bots with rotating seat order; print wins, win rates with 95%% "
        "confidence intervals and games per second.",
    )
    _add_game_arguments(cup)
    cup.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    cup.add_argument(
        "--seats",
        default="hard,medium",
        help="comma-separated bots, one per seat: easy, medium, hard, greedy, random or package.module:name"
        " (default hard,medium)",
    )
    cup.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
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
