"""The command line, the same commands for every game: ``python -m malefiz --help``.

``moves``, ``apply``, ``hint`` and ``draw`` take the game from the position document (its
``"game"`` key, or the first word of one-line notation); ``review`` from the saved
game; ``play`` and ``tournament`` from ``--game`` (default ``malefiz``). An error is one line on standard error
and exit status 2, in the language of the command's ``--lang``.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import re
import sys
from collections.abc import Sequence
from typing import Any, Final, NoReturn, TextIO

from . import __version__, transcript
from .core.actions import PASS
from .core.dice import Dice, roll_for_start
from .core.document import MAX_TEXT, decode_text, load_json, quote, read_position
from .core.errors import MalefizError
from .core.face import Marks, ranked_fields
from .core.game import Game
from .core.play import play
from .core.remote import Table
from .core.review import Review, rate
from .core.savefile import MAX_SAVE, SAVE_FORMAT, SAVE_VERSION, from_doc, from_link, load, save
from .core.session import Session
from .core.setup import MAX_NAME, MAX_SEED, Seat, Setup, seat_label
from .core.tournament import check_count, check_tournament, guarded_bot, tournament
from .games import DEFAULT_GAME, GAMES, get_game
from .i18n import DEFAULT_LANGUAGE, ENGLISH, LANGUAGES, Term, Translator
from .terminal import HUMAN, Left, seat_bots, seat_names

__all__ = ["BOT", "MAX_LINE", "error_line", "main", "main_exit"]

BOT = "greedy"
"""The bot of every seat of ``play`` without ``--bot`` or ``--seats``."""

MAX_LINE = 300
"""The longest error line printed; the messages themselves quote at most a short piece of the input."""
LINK = "#game="
"""What a shared link's address holds the game after (the page's *Share link*)."""
PLAY_LINK = "#play="
"""What a play link's address holds a game between devices after (``malefiz.together.PLAY``)."""


def error_line(exc: BaseException, t: Translator = ENGLISH) -> str:
    """The one line printed for an error: ``error: `` and the message (in ``t``'s language: ``Fehler: `` and
    :meth:`Translator.error <malefiz.i18n.Translator.error>`), line breaks made spaces, cut to MAX_LINE."""
    message = str(exc) if t.language == ENGLISH.language else t.error(exc)
    line = t("cli.error_line", message=re.sub(r"\s*[\r\n]+\s*", " ", message).strip())
    return line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"


_REASONS = {
    errno.ENOENT: "cli.why.no_file",
    errno.ENOTDIR: "cli.why.no_folder",
    errno.EISDIR: "cli.why.folder",
    errno.EACCES: "cli.why.not_allowed",
    errno.EPERM: "cli.why.not_allowed",
    errno.ENOSPC: "cli.why.full",
}
"""The catalogue keys of the reasons a file cannot be read or written that the command line tells in words."""


def _reason(exc: Exception) -> str:
    """Why a file cannot be read or written: a reason of :data:`_REASONS` in the command's language, else the
    system's words."""
    code = exc.errno if isinstance(exc, OSError) else None
    if code in _REASONS:
        return Term(_REASONS[code])
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


def _read_text(path: str, stdin: TextIO, most: int = MAX_TEXT, what: str = "cli.what.position") -> str:
    """The text of the file ``path`` (``-``: standard input): UTF-8, at most ``most`` bytes, not empty; ``what``:
    the catalogue key of what it should hold, for the errors."""
    where: str = Term("cli.stdin") if path == "-" else path
    try:
        if path == "-":
            buffer = getattr(stdin, "buffer", None)  # None: a text stream without bytes underneath (a StringIO)
            data = stdin.read(most + 1).encode("utf-8", "surrogatepass") if buffer is None else buffer.read(most + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(most + 1)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL character
        raise MalefizError.keyed("cli.error.read", file=where, reason=_reason(exc)) from None
    if len(data) > most:
        raise MalefizError.keyed("cli.error.long", file=where, most=most, what=Term(what))
    text = decode_text(data, ENGLISH(where) if path == "-" else path)
    if not text.strip():
        raise MalefizError.keyed("cli.error.empty", file=where, what=Term(what))
    return text


NOTATION_WORDS: Final = frozenset(GAMES) | {board for game in GAMES.values() for board in game.boards}
"""The words a position's one-line notation starts with: a game's name, or a board's (Malefiz's positions)."""


def _is_notation(given: str) -> bool:
    """Whether a position argument is the position itself in one-line notation rather than a file's name: words, the
    first a game's or a board's name, and no file of that name."""
    words = given.split()
    return len(words) > 1 and words[0] in NOTATION_WORDS and not os.path.exists(given)


def _read_position(args: argparse.Namespace) -> tuple[Game[Any, Any], Any]:
    """The position of the file ``args.file`` (or of the one-line notation given in its place); with ``--game``, one
    of that game."""
    text = args.file if _is_notation(args.file) else _read_text(args.file, sys.stdin)
    game, state = read_position(text, GAMES, DEFAULT_GAME)
    if args.game and game.name != args.game:
        raise MalefizError.keyed("cli.error.game", game=args.game, title=game.title)
    return game, state


def _cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    print(json.dumps(game.moves_document(state)), file=out)
    return 0


def _cmd_apply(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    text = args.action.strip()
    if len(text) > MAX_TEXT:
        raise MalefizError.keyed("cli.error.action_long", most=MAX_TEXT)
    # JSON ({...}, [...], "...") or else the action's notation, a bare word such as pass included
    value = load_json(text, "action") if text.startswith(("{", "[", '"')) else text
    if isinstance(value, str) and value != "pass":
        action = game.parse_action(value)
    else:
        action = game.action_from_json(state, value)
    print(json.dumps(game.to_json(game.apply(state, action))), file=out)
    return 0


def _options(text: str | None, game: Game[Any, Any]) -> dict[str, bool]:
    """``--options``: comma-separated names of ``game``'s rule options (``extra-roll-on-six`` too)."""
    names = [n.strip().replace("-", "_") for n in (text or "").split(",") if n.strip()]
    for name in names:
        if name not in game.option_names:
            raise MalefizError.keyed("cli.error.option", option=quote(name), known=", ".join(game.option_names))
    return dict.fromkeys(names, True)


def _game_setup(args: argparse.Namespace) -> tuple[Game[Any, Any], str]:
    game = get_game(args.game or DEFAULT_GAME)
    board = args.board or game.boards[0]
    if board not in game.boards:
        raise MalefizError.keyed("cli.error.board", title=game.title, boards=", ".join(game.boards), board=quote(board))
    return game, board


def _cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    game, board = _game_setup(args)
    t = Translator(args.lang)
    if args.seats is not None:  # a bot or a person (human) a seat
        names = seat_names(args.seats, game)
        if args.bot is not None:
            raise MalefizError.keyed("cli.error.bot_seats", bot=quote(args.bot))
        if args.players is not None and args.players != len(names):
            raise MalefizError.keyed("cli.error.players_seats", players=args.players, n=len(names))
        bots = seat_bots(game, names, board, t, out, echo=not sys.stdin.isatty())
    else:
        players = game.player_counts(board)[-1] if args.players is None else args.players
        check_count(game, board, players, "--players")
        names = [args.bot or BOT] * players
        bots = [guarded_bot(name, game.bots) for name in names]
    options = _options(args.options, game)
    state = game.new_game(board, len(names), options)
    if args.save is not None:
        _check_writable(args.save)
    seats = state.seats
    dice = Dice(args.seed)
    rollers = game.start_rollers(state)
    start = ""
    if rollers:  # the highest roll starts: the same dice roll for it
        first, rounds, dice = roll_for_start(rollers, dice)
        state = game.new_game(board, len(names), options, first=first)
        rolls = t("cli.then").join(", ".join(f"{t.colour_noun(c)} {v}" for c, v in r) for r in rounds)
        start = t("cli.who_starts", rolls=rolls, first=t.colour_noun(first))
    colours = ", ".join(transcript.colours(c, t) for c in seats)
    neutral = getattr(state, "neutral", None)  # Mensch ärgere Dich nicht's three-player form
    if neutral:
        colours += "; " + t("cli.neutral", colour=t.colour_noun(neutral))
    who = (
        t("cli.bots", bot=transcript.level(names[0], t))
        if args.seats is None
        else ", ".join(transcript.level(n, t) for n in names)
    )
    print(transcript.header(game, board, args.seed, f"{colours} ({who})", t), file=out)
    if start:
        print(start, file=out)
    steps: list[Any] = []  # each step as it is made: a person who leaves mid-turn keeps what they did
    printed = turns = 0

    def said(number: int, turn: Sequence[Any]) -> str:
        texts = "  ".join(game.describe(s.before, s.action, s.after, t) for s in turn)
        return transcript.turn_line(number, turn[0].before.current, t, texts)

    try:
        for turns, turn in enumerate(
            transcript.turns(play(game, state, bots, dice, random.Random(args.seed)), steps), 1
        ):
            print(said(turns, turn), file=out)
            printed += len(turn)
    except Left:  # a person left: the game so far is said (and saved)
        if steps[printed:]:
            turns += 1
            print(said(turns, steps[printed:]), file=out)
        print(t("term.left"), file=out)
    actions, last = [s.action for s in steps], steps[-1].after if steps else state
    for line in transcript.ending(seats, last, turns, t):
        print(line, file=out)
    if args.save is not None:
        _write(args.save, json.dumps(_saved(game, board, options, names, args.seed, actions, last)))
    return 0


def _check_writable(path: str) -> None:
    """``--save``'s file can be written (asked before the game is played, so that a bad place is said at once; an
    existing file is left as it is until the game is over)."""
    if "\0" in path:
        raise MalefizError.keyed("cli.error.save_nul")
    folder = os.path.dirname(path) or "."
    reason = ""
    if os.path.isdir(path):
        reason = "cli.why.folder"
    elif not os.path.isdir(folder):
        reason = "cli.why.no_folder"
    elif not os.access(path if os.path.exists(path) else folder, os.W_OK):
        reason = "cli.why.not_allowed"
    if reason:
        raise MalefizError.keyed("cli.error.write", file=path, reason=Term(reason))


def _write(path: str, text: str) -> None:
    """Write ``--save``'s file."""
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL character
        raise MalefizError.keyed("cli.error.write", file=path, reason=_reason(exc)) from None


def _saved(
    game: Game[Any, Any],
    board: str,
    options: dict[str, bool],
    bots: Sequence[str],
    seed: int,
    actions: list[Any],
    last: Any,
) -> dict[str, Any]:
    """A bot game as the page's save file (:mod:`malefiz.core.savefile`), read back and checked action by action
    as the page reads one: the page's *Load* shows it with its review, ``review`` prints it. A seat's bot that is no
    level of the game's (``package.module:name``) is saved as a person named after it, so that the page's review
    marks its mistakes too."""
    names = frozenset(n for n, on in options.items() if on)
    colours = game.seat_colours(board, len(bots), names)
    seats = tuple(
        Seat(c, c.capitalize())  # a person at the terminal: a person of the page, called by the colour
        if bot == HUMAN
        else Seat(c, c.capitalize(), "bot", bot)
        if bot in game.bots
        else Seat(c, bot.rpartition(":")[2][:MAX_NAME])
        for c, bot in zip(colours, bots, strict=True)
    )
    setup = Setup(game=game, board=board, seats=seats, options=names, seed=seed)
    doc = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.name,
        "setup": setup.to_query(),
        "seed": seed,
        "dice": 0,
        "games": 0,
        "actions": [str(a) for a in actions],
        "position": game.to_json(last),
    }
    return save(from_doc(doc, GAMES))


def _cmd_hint(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    if args.top is not None and args.top < 1:
        raise MalefizError.keyed("cli.error.top", top=args.top)
    t = Translator(args.lang)
    chances = game.face.chances(state)
    doc = {
        "turn": state.current,
        "chances": {"+".join(colours): round(c, 3) for colours, c in zip(state.seats, chances, strict=True)},
        "actions": [
            {
                "action": str(r.action),
                "chance": round(r.chance, 3),
                "then": [str(a) for a in r.then],
                "words": game.face.hint_words(state, r.action, t),
            }
            for r in rate(game, game.face, state)[: args.top]
        ],
    }
    print(json.dumps(doc, ensure_ascii=False), file=out)
    return 0


def _cmd_draw(args: argparse.Namespace, out: TextIO) -> int:
    game, state = _read_position(args)
    best = [r.action for r in rate(game, game.face, state)[:3] if r.action != PASS] if args.hint else []
    marks = Marks(hint=best[0], ranked=ranked_fields(game.face, state, best)) if best else Marks()
    print(game.face.render(state, marks, {}, Translator(args.lang)), file=out)
    return 0


def _between_devices(text: str) -> Session:
    """The game a play link of a game between devices holds (every action and roll checked, as a watcher's page
    checks it)."""
    session = Table.from_link(text.strip().partition(PLAY_LINK)[2], GAMES, None, None).session
    if session is None:  # (before the roll for who starts)
        raise MalefizError.keyed("error.match_link")
    return session


def _cmd_review(args: argparse.Namespace, out: TextIO) -> int:
    given = args.file
    text = given if LINK in given or PLAY_LINK in given else _read_text(given, sys.stdin, MAX_SAVE, "cli.what.save")
    session = _between_devices(text) if PLAY_LINK in text else None
    if session is None:
        session = from_link(text.strip().partition(LINK)[2], GAMES) if LINK in text else load(text, GAMES)
    game, record, setup = session.game, session.record, session.setup
    t = Translator(args.lang)
    reviewer = session.reviewer
    review: Review = reviewer.review(record)
    seats = record.start.seats
    labels = [seat_label(seat, colours, t) for seat, colours in zip(setup.seats, seats, strict=True)]
    who = [
        label + (f" [{transcript.level(seat.level, t)}]" if seat.kind == "bot" else "")
        for seat, label in zip(setup.seats, labels, strict=True)
    ]
    print(transcript.header(game, setup.board, session.seed, ", ".join(who), t), file=out)
    print(t("cli.chances", list=", ".join(transcript.colours(colours, t) for colours in seats)), file=out)

    def percents(chances: Sequence[float]) -> str:
        return " ".join(f"{c:4.0%}" for c in chances)

    width = transcript.colour_width(t)
    print(f"{0:5}  {t('cli.start'):<{width}}  {percents(review.points[0][1])}", file=out)
    mistakes = review.mistakes()
    session.set_language(t.language)
    handed = session.handed_words()  # who plays a seat changed: said before the turn it holds from
    index = turns = 0
    for turns, turn in enumerate(transcript.turns(record.entries), 1):
        for said in range(index, index + len(turn)):
            for words in handed.get(said, ()):
                print(f"{'':5}  {words}", file=out)
        texts = []
        for entry in turn:
            text = game.describe(entry.before, entry.action, entry.after, t)
            mistake = mistakes.get(index)
            if mistake is not None:
                best = " ".join(str(a) for a in (mistake.best.action, *mistake.best.then))
                loss, chance = round(mistake.loss * 100), f"{mistake.best.chance:.0%}"
                text += t("cli.mistake", loss=loss, best=best, chance=chance)
            texts.append(text)
            index += 1
        chances = percents(reviewer.chances(turn[-1].after))
        print(transcript.turn_line(turns, turn[0].before.current, t, chances, "  ".join(texts)), file=out)
    for seat, label in enumerate(labels):
        average = review.average_loss(seat)
        if average is None:
            undecided = "review.undecided_end" if session.state.is_over else "review.undecided"  # the page's words
            print(t(undecided, who=label), file=out)
            continue
        mine = review.of(seat)
        mistaken = t.count("cli.mistakes", sum(m.is_mistake for m in mine))
        decisions = t.count("cli.decisions", len(mine))
        print(t("cli.seat", who=label, loss=t.decimal(average * 100), decisions=decisions, mistakes=mistaken), file=out)
    for line in transcript.ending(seats, record.state, turns, t):
        print(line, file=out)
    return 0


def _cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    game, board = _game_setup(args)
    names = seat_names(args.seats, game)
    check_tournament(game, names, args.games, board)  # refuse bad games, seats or bots before anything is printed
    options = _options(args.options, game)
    game.new_game(board, len(names), options)  # and a bad option or seat form
    t = Translator(args.lang)
    where = {"title": game.title, "board": t(f"view.board.{board}"), "seed": args.seed}
    seats = ", ".join(transcript.level(name, t) for name in names)
    print(t("tournament.heading", games=t.count("tournament.games", args.games), seats=seats, **where), file=out)
    result = tournament(game, names, args.games, args.seed, board, options)
    print(result.report(t, lambda name: transcript.level(name, t)), file=out)
    return 0


def _whole_number(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (at most 18), optionally signed."""
    if re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()) is None:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most 18 digits, got {quote(text)}")
    return int(text)


def _seed(text: str) -> int:
    """An argparse type: a seed, a whole number below MAX_SEED (what a save file keeps: every game ``play`` prints,
    ``--save`` writes too)."""
    digits = text.strip()
    if re.fullmatch(r"\+?[0-9]{1,19}", digits) is None or int(digits) >= MAX_SEED:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to {MAX_SEED - 1}, got {quote(text)}")
    return int(digits)


def _add_game_arguments(parser: argparse.ArgumentParser, t: Translator) -> None:
    boards = "; ".join(f"{g.name}: {', '.join(g.boards)}" for g in GAMES.values())
    options = "; ".join(f"{g.name}: {', '.join(g.option_names)}" for g in GAMES.values())
    parser.add_argument("--game", choices=sorted(GAMES), help=t("cli.help.game", default=DEFAULT_GAME))
    parser.add_argument("--board", help=t("cli.help.board", boards=boards))
    parser.add_argument("--options", help=t("cli.help.options", options=options))


def _add_position_arguments(parser: argparse.ArgumentParser, t: Translator, action: str = "") -> None:
    """The arguments of a command that reads a position: its file (and an ``action`` to apply to it) and
    ``--game``, which refuses a position of another game (the position names its own game)."""
    parser.add_argument("file", metavar="FILE", help=t("cli.help.file"))
    if action:
        parser.add_argument("action", metavar="ACTION", help=action)
    parser.add_argument("--game", choices=sorted(GAMES), help=t("cli.help.position_game"))


def _add_language_argument(parser: argparse.ArgumentParser, t: Translator, what: str, dest: str = "lang") -> None:
    """``--lang``: the language of a command's words (``what``: ``cli.help.lang.<what>``; before the command:
    ``dest`` top_lang, which the command's own ``--lang`` overrides); no default here, :func:`main` fills it in."""
    said = t(f"cli.help.lang.{what}")
    said = said if what == "errors" else t("cli.help.lang.also", what=said)
    parser.add_argument(
        "--lang", dest=dest, choices=LANGUAGES, help=t("cli.help.lang", what=said, languages=", ".join(LANGUAGES))
    )


_USAGE: Final = (
    (r"the following arguments are required: (?P<names>.+)", "cli.usage.required"),
    (r"unrecognized arguments: (?P<words>.+)", "cli.usage.unrecognised"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)", "cli.usage.ambiguous"),
    (r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)", "cli.usage.choice"),
    (r"argument (?P<arg>[^:]+): invalid \S+ value: (?P<value>.+)", "cli.usage.value"),
    (r"argument (?P<arg>[^:]+): expected one argument", "cli.usage.one"),
    (r"argument (?P<arg>[^:]+): expected a whole number of at most 18 digits, got (?P<value>.+)", "cli.usage.whole"),
    (r"argument (?P<arg>[^:]+): expected a whole number from 0 to (?P<most>\d+), got (?P<value>.+)", "cli.usage.seed"),
)
"""argparse's own usage errors (and those of this module's argument types) and the keys that say them."""


def usage_error(message: str, t: Translator) -> str:
    """A usage error's ``message`` (argparse's English) in ``t``'s language; as it is in English, and when it is
    none that :data:`_USAGE` knows."""
    if t.language != ENGLISH.language:
        for pattern, key in _USAGE:
            found = re.fullmatch(pattern, message)
            if found is not None:
                return t(key, **found.groupdict())
    return message


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what and how to get help) in the language of the command's
    ``--lang``, exit status 2, like every other error."""

    t: Translator = ENGLISH

    def error(self, message: str) -> NoReturn:
        said = usage_error(message.splitlines()[0], self.t)[:300]
        self.exit(2, f"{self.prog}: {self.t('cli.usage.line', message=said, prog=self.prog)}\n")


def _language(argv: Sequence[str] | None) -> str:
    """The language a command line's ``--lang`` names (read before the rest, so that a usage error is said in it);
    the default when it names none or one there is not."""

    class Early(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            raise ValueError(message)

    early = Early(add_help=False)
    early.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE)
    try:
        known, _ = early.parse_known_args(argv)
    except ValueError:
        return DEFAULT_LANGUAGE
    language: str = known.lang
    return language


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its own words (usage, the sections' headings) in the language of :attr:`t`."""

    t: Translator = ENGLISH

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.t("cli.help.usage") + " " if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        words = {"positional arguments": "cli.help.positional", "options": "cli.help.named"}
        super().start_section(self.t(words[heading]) if heading in words else heading)


def _parser(t: Translator = ENGLISH) -> argparse.ArgumentParser:
    """The command line's parser, its help and usage errors in ``t``'s language."""
    language = t

    class Formatter(_Formatter):  # argparse's formatter_class, in this parser's language
        t = language

    parser = _Parser(
        prog="malefiz" if os.path.basename(sys.argv[0]) == "malefiz" else "python -m malefiz",  # the script or -m
        description=t("cli.help.description"),
        formatter_class=Formatter,
        add_help=False,
    )
    parser.add_argument("-h", "--help", action="help", help=t("cli.help.help"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=t("cli.help.version"))
    _add_language_argument(parser, t, "every", dest="top_lang")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    def command(name: str, run: Any) -> argparse.ArgumentParser:
        each = sub.add_parser(
            name,
            help=t(f"cli.help.{name}"),
            description=t(f"cli.help.{name}.about"),
            formatter_class=Formatter,
            add_help=False,
        )
        each.add_argument("-h", "--help", action="help", help=t("cli.help.help"))
        each.set_defaults(run=run)
        return each

    moves = command("moves", _cmd_moves)
    _add_position_arguments(moves, t)
    _add_language_argument(moves, t, "errors")
    step = command("apply", _cmd_apply)
    _add_position_arguments(step, t, t("cli.help.action"))
    _add_language_argument(step, t, "errors")
    hint = command("hint", _cmd_hint)
    _add_position_arguments(hint, t)
    hint.add_argument("--top", type=_whole_number, help=t("cli.help.top"))
    _add_language_argument(hint, t, "words")
    draw = command("draw", _cmd_draw)
    _add_position_arguments(draw, t)
    draw.add_argument("--hint", action="store_true", help=t("cli.help.draw_hint"))
    _add_language_argument(draw, t, "titles")
    look = command("review", _cmd_review)
    look.add_argument("file", metavar="FILE", help=t("cli.help.review_file"))
    _add_language_argument(look, t, "review")
    game = command("play", _cmd_play)
    _add_game_arguments(game, t)
    game.add_argument("--seed", type=_seed, default=0, help=t("cli.help.play_seed", most=MAX_SEED - 1))
    game.add_argument("--players", type=_whole_number, help=t("cli.help.players"))
    game.add_argument("--bot", help=t("cli.help.bot", default=BOT))
    game.add_argument("--seats", help=t("cli.help.play_seats"))
    game.add_argument("--save", metavar="FILE", help=t("cli.help.save"))
    _add_language_argument(game, t, "transcript")
    cup = command("tournament", _cmd_tournament)
    _add_game_arguments(cup, t)
    cup.add_argument("--games", type=_whole_number, default=100, help=t("cli.help.games"))
    cup.add_argument("--seats", default="hard,medium", help=t("cli.help.tournament_seats"))
    cup.add_argument("--seed", type=_seed, default=0, help=t("cli.help.tournament_seed", most=MAX_SEED - 1))
    _add_language_argument(cup, t, "table")
    for each in (parser, *sub.choices.values()):
        if isinstance(each, _Parser):
            each.t = t
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 2 on bad input or output that cannot be written (a full
    disk), the error one line on standard error in the command's language (``--lang``); 130 on Ctrl-C."""
    stream = out or sys.stdout
    try:
        args = _parser(Translator(_language(argv))).parse_args(argv)
        args.lang = args.lang or args.top_lang or DEFAULT_LANGUAGE  # the command's own --lang, else the one before
        t = Translator(args.lang)
        try:
            status: int = args.run(args, stream)
            stream.flush()  # here, so that a full disk is told as an error, not at exit
        except MalefizError as exc:
            print(error_line(exc, t), file=sys.stderr)
            return 2
        except BrokenPipeError:  # the reader stopped early (| head): not an error
            _drop_output(stream)
            return 0
        except OSError as exc:  # the files read and --save's are told above: this is the output
            _drop_output(stream)
            error = MalefizError.keyed("cli.error.output", reason=_reason(exc))
            print(error_line(error, t), file=sys.stderr)
            return 2
    except KeyboardInterrupt:  # Ctrl-C: stopped, no traceback
        return 130
    return status


def _drop_output(stream: TextIO) -> None:
    """Send what is left of standard output to nowhere, so that Python's flush at exit cannot fail a second time
    (the reader is gone, the disk is full)."""
    if stream is sys.stdout:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)
        except (OSError, ValueError):  # no file underneath (a test's capture): nothing flushes it at exit
            pass


def main_exit() -> None:
    """Entry point of the ``malefiz`` console script."""
    sys.exit(main())
