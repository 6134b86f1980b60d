"""Use the game's Python the way the site does, to learn what of the standard library it imports.

Run under Pyodide by ``web/trace.mjs`` (see :func:`web.runtime.trace_modules`), with the whole standard library and
the compiled package on ``sys.path``; ``trace.mjs`` then reads ``sys.modules``. This file imports nothing at its
top but what Pyodide has imported already as it started (``importlib``, ``random``): what it imports is what the
game imports.

- every module of the package (``pkgutil.walk_packages``; the build's snapshot does the same) but
  ``malefiz.__main__`` (the command line, which runs as it is imported);
- every module the package's source names in an ``import`` anywhere, inside functions too (``extra``), and the
  safety list (:data:`web.runtime.SAFETY`);
- whole games of each kind and board, computers against each other, headless (:func:`malefiz.core.play.play`,
  every bot level for a while), and Mensch ärgere Dich nicht's endgame table, not in the package's zip but read as
  the page's worker reads it (``trace.mjs`` puts the site's ``data/`` at ``/lib/data``);
- the page's calls (:class:`malefiz.app.App`): the setup screen, a game of each kind played by a person and a
  computer through clicks, hints, undo and redo, the move list, saving and loading files (a broken one too),
  links, languages, paces, another tab's changes, a rematch.
"""

from __future__ import annotations

import importlib
import random


def import_everything(extra: list[str]) -> list[str]:
    """Import every module of the package and every name of ``extra``; return the names of ``extra`` that are no
    module here (``from collections.abc import Callable`` names ``collections.abc.Callable`` too)."""
    import pkgutil

    import malefiz

    for module in pkgutil.walk_packages(malefiz.__path__, "malefiz."):
        if not module.name.endswith(".__main__"):  # the command line: it runs as it is imported
            importlib.import_module(module.name)
    missing = []
    for name in extra:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    return missing


def play_games() -> None:
    """Computers play whole games of every game on every board; every bot level plays part of one."""
    from malefiz.core.dice import Dice
    from malefiz.core.play import play
    from malefiz.core.tournament import play_game
    from malefiz.games import GAMES

    for game in GAMES.values():
        for seed, board in enumerate(game.boards, start=1):
            players = game.player_counts(board)[-1]
            assert play_game(game, [game.bots["greedy"]] * players, seed, board), f"{game.name} {board} never ended"
        for level, bot in game.bots.items():
            state = game.new_game(game.boards[0], 2)
            for number, _step in enumerate(play(game, state, [bot, bot], Dice(5), random.Random(5))):
                if number > 40 and level != "greedy":
                    break
    from malefiz.core import data
    from malefiz.games.maedn.learned import endgame

    assert data.read(endgame.__name__.rpartition(".")[0], endgame.FILE) is None, "the endgame table is in the zip"

    def read(path: str) -> bytes | None:
        with open("/lib/data/" + path, "rb") as file:
            return file.read()

    data.elsewhere = read
    assert len(endgame.table()) == endgame.SIZE**2, "the endgame table is not in the site's data/"


def use_the_app() -> None:
    """The page's calls, as the page makes them, for a game of each kind from the setup screen to its end."""
    from malefiz.app import App, MemoryStorage, key_command
    from malefiz.core.screen import log_changes
    from malefiz.core.spatial import nearest, toward, zoom_to
    from malefiz.games import GAMES

    for name, game in GAMES.items():
        app = App(MemoryStorage(), ["de-DE", "en"], rng=random.Random(2))
        app.motion_setting(False)
        app.sound_setting()
        app.arrive("", "")
        app.open(f"?game={name}&board={game.boards[-1]}")
        app.preview(name, game.boards[0], game_changed=True)
        app.seat_notes([("game", name), ("board", game.boards[0])])
        app.set_language("en")
        app.start_from_form([("game", name), ("board", "nowhere")])
        app.open(f"?game={name}&board={game.boards[0]}&seats=human,bot:hard&seed=3")
        session = app.session
        assert session is not None
        shown = (0, 0)
        for turn in range(2000):
            if session.state.is_over:
                break
            if turn == 3:
                app.hint()
                app.undo()
                app.redo()
                app.line(0)
                app.set_pace("instant")
                app.save_file()
            if session.is_bot_turn() or session.play_forced():
                screen = app.think()
                while screen is None and app.thinking():
                    screen = app.think()
            elif session.state.is_chance:
                screen = app.roll()
            else:
                choice = session.choices()[0]
                if choice.piece is not None and session.selected != choice.piece:
                    app.click(choice.piece)
                screen = app.click(choice.field)
            if screen is not None:
                _clear, _html, shown = log_changes(screen.log, shown)
        assert session.state.is_over, f"{name}: the game by the page's calls never ended"
        saved = app.save_file()
        assert saved is not None
        app.load_file(saved[1], len(saved[1]))
        app.load_file("{not json", 9)
        app.load_file(None, 10**9)
        app.link("http://127.0.0.1/")
        app.question("new")
        app.changed(None)
        app.rematch()
        game_id = app.game_id
        app.to_setup("")
        if game_id is not None:
            app.kept_file(game_id)
            app.continue_game(game_id)
            app.delete(game_id)
        app.set_language("de")
        app.set_sound(True)
        app.set_motion(True)
        app.screen()
        app.open("?seats=human,human&board=huge")
    key_command("ArrowUp")
    spots = {"a": (10.0, 10.0), "b": (40.0, 10.0)}
    toward(spots, "a", "right")
    nearest(spots, 12.0, 11.0)
    zoom_to([(10.0, 10.0, 5.0)], 400.0, 300.0)


def main(extra: list[str]) -> list[str]:
    """Everything above, ``malefiz.bridge.reseed()`` last (when there is a bridge); the names of ``extra`` that are
    no module here."""
    missing = import_everything(extra)
    play_games()
    use_the_app()
    bridge = importlib.import_module("malefiz.bridge")
    bridge.reseed()
    return missing
