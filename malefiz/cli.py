"""The command line, the same commands for every game: ``python -m malefiz --help``.

``moves`` and ``apply`` take the game from the position document (its ``"game"``
key, or the first word of one-line notation); ``play`` and ``tournament`` from
``--game`` (default ``malefiz``).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from .core.dice import Dice, roll_for_start
from .core.document import MAX_TEXT, decode_text, load_json, quote, read_position
from .core.errors import MalefizError
from .core.game import Game
from .core.play import play
from .core.tournament import check_tournament, guarded_bot, tournament
from .games import DEFAULT_GAME, GAMES, get_game

__all__ = ["MAX_LINE", "error_line", "main", "main_exit"]

MAX_LINE = 300
"""The longest error line printed; the messages themselves quote at most a short piece of the input."""


def error_line(exc: BaseException) -> str:
    """The one line printed for an error: ``error: `` and the message, line breaks made spaces, cut to MAX_LINE."""
    line = "error: " + re.sub(r"\s*[\r\n]+\s*", " ", str(exc)).strip()
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


def _read_text(path: str, stdin: TextIO) -> str:
    """The text of the file ``path`` (``-``: standard input): UTF-8, at most MAX_TEXT bytes."""
    where = "standard input" if path == "-" else path
    try:
        if path == "-":
            buffer = getattr(stdin, "buffer", None)
            if buffer is None:  # a text stream without bytes underneath (a test's StringIO)
                data = stdin.read(MAX_TEXT + 1).encode("utf-8", "surrogatepass")
            else:
                data = buffer.read(MAX_TEXT + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_TEXT + 1)
    except OSError as exc:
        raise MalefizError(f"cannot read {where}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a path with a NUL character
        raise MalefizError(f"cannot read {where}: {exc}") from None
    if len(data) > MAX_TEXT:
        raise MalefizError(f"{where}: longer than {MAX_TEXT} bytes, too long to be a position")
    return decode_text(data, where)


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
    text = args.action.strip()
    if len(text) > MAX_TEXT:
        raise MalefizError(f"action: longer than {MAX_TEXT} characters, too long to be an action")
    # JSON ({...}, [...], "...") or else the action's notation, a bare word such as pass included
    value = load_json(text, "action") if text.startswith(("{", "[", '"')) else text
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
        raise MalefizError(f"--board: {game.title} has the boards {', '.join(game.boards)}, not {quote(board)}")
    return game, board


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game, board = _game_setup(args)
    counts = game.player_counts(board)
    players = counts[-1] if args.players is None else args.players
    if players not in counts:
        raise MalefizError(f"--players: {game.title} on the {board} board is for {counts[0]} to {counts[-1]} players")
    bot = guarded_bot(args.bot, game.bots)
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
    check_tournament(game, names, args.games, board)  # refuse bad games, seats or bots before anything is printed
    options = _options(args.options)
    game.new_game(board, len(names), options)  # and a bad option or seat form
    prefix = "" if game.name == DEFAULT_GAME else f"{game.title}, "
    print(
        f"Tournament: {prefix}{args.games} games on the {board} board, seats {', '.join(names)}, seed {args.seed}"
        " (seat order rotates every game)",
        file=out,
    )
    result = tournament(game, names, args.games, args.seed, board, options)
    print(result.report(), file=out)
    return 0


def _whole_number(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (at most 18), optionally signed."""
    if re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()) is None:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 18 digits, got {quote(text)}")
    return int(text)


def _add_game_arguments(parser: argparse.ArgumentParser) -> None:
    boards = "; ".join(f"{g.name}: {', '.join(g.boards)}" for g in GAMES.values())
    options = "; ".join(f"{g.name}: {', '.join(g.option_names)}" for g in GAMES.values())
    parser.add_argument("--game", choices=sorted(GAMES), help=f"the game (default {DEFAULT_GAME})")
    parser.add_argument("--board", help=f"board side (default the game's first: {boards})")
    parser.add_argument("--options", help=f"comma-separated rule options ({options})")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what and how to get help), exit status 2, like every other error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message.splitlines()[0][:300]} (see {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m malefiz",
        description="Rules engine of Malefiz and Mensch ärgere Dich nicht: legal moves of a position, bot games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
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
    game.add_argument("--seed", type=_whole_number, default=0, help="seed of the dice and the bots (default 0)")
    game.add_argument("--players", type=_whole_number, help="number of players (default: as many as the board takes)")
    game.add_argument("--bot", default="greedy", help="the bot every seat uses (default greedy)")
    game.set_defaults(run=_cmd_play)
    cup = sub.add_parser(
        "tournament",
        help="play many bot games and print each seat's win rate",
        description="Play seeded games between bots with rotating seat order; print wins, win rates with 95%% "
        "confidence intervals and games per second.",
    )
    _add_game_arguments(cup)
    cup.add_argument("--games", type=_whole_number, default=100, help="number of games (default 100)")
    cup.add_argument(
        "--seats",
        default="hard,medium",
        help="comma-separated bots, one per seat: easy, medium, hard, greedy, random or package.module:name"
        " (default hard,medium)",
    )
    cup.add_argument("--seed", type=_whole_number, default=0, help="seed of the first game (default 0)")
    cup.set_defaults(run=_cmd_tournament)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (2 on bad input)."""
    args = _parser().parse_args(argv)
    try:
        status: int = args.run(args, out or sys.stdout)
    except MalefizError as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stderr.close()
        return 0
    return status


def main_exit() -> None:
    """Entry point of the ``malefiz`` console script."""
    sys.exit(main())
