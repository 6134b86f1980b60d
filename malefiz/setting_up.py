"""The app's setup screen (a part of :class:`malefiz.app.App`): each game's form, filled in with its last setup; the
games kept on the shelf (continue, delete, download); the table of wins; *Start game*."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Final

from .between import Address
from .core.errors import MalefizError
from .core.face import Marks
from .core.screen import Screen
from .core.setup import Setup, asked_in, chosen_in, nearest_setup, setup_address
from .page import chosen_steps, form_steps, players_range, query_from_form, seat_notes
from .shelf import latest_html, remember_setup, remembered_setups, shelf_html
from .tally import TALLY_KEY, counted, read_tally, tally_html
from .together import TOGETHER_PREFIX
from .together_view import KEPT

if TYPE_CHECKING:
    from .core.session import Session
    from .core.setup import Games
    from .i18n import Translator
    from .shelf import Shelf, Storage
    from .together import Together

__all__ = ["FORM_KEY", "SHOWN_KEY", "SettingUp", "game_address"]

SHOWN_KEY: Final = "malefiz.shown"
"""The address of the game a tab shows, in the tab's own storage (``sessionStorage``): the bare page opened in that
tab again (the rules pages' *Back to the game*) shows that game again."""
FORM_KEY: Final = "malefiz.form"
"""In the tab's storage: the setup form as the person left it, as a page address query (a reload of the tab fills
it in again; another tab has its own)."""


def game_address(setup: Setup, game_id: str) -> str:
    """The page address of the game ``game_id``: its setup, then its identity.

    >>> from malefiz.games import GAMES
    >>> game_address(Setup.from_query("?seats=human,human&seed=3", GAMES), "k3f9a2bq7x")[-21:]
    '&seed=3&id=k3f9a2bq7x'
    """
    return f"{setup.to_query()}&id={game_id}"


class SettingUp:
    """What :class:`malefiz.app.App` does on the setup screen (a mixin: the app's own state is declared here for the
    type checker)."""

    session: Session | None
    game_id: str | None
    together: Together | None
    followed: str
    following_game: str
    storage: Storage
    tab: Storage
    shelf: Shelf
    games: Games
    address: Address | None
    t: Translator
    pace: str
    chosen: tuple[str | None, str | None]
    clock: Callable[[], float]
    _thinking: Iterator[None] | None
    _reviewing: Iterator[None] | None
    _filled: set[str]
    _boards: dict[str, str]

    def keep(self) -> bool:
        raise NotImplementedError

    if TYPE_CHECKING:  # :class:`malefiz.between.BetweenDevices`'s, beside this one in the app

        def kept_between_html(self, now: float) -> str: ...

        def open_together(self, query: str, fragment: str) -> Screen: ...

    def start(self, setup: Setup, notice: str = "", game_id: str | None = None) -> Screen:
        raise NotImplementedError

    def resume(self, session: Session, game_id: str, revision: int, notice: str = "", keep_now: bool = False) -> Screen:
        raise NotImplementedError

    def setup_screen(
        self,
        error: str = "",
        game: str | None = None,
        board: str | None = None,
        form_error: str = "",
        filled: Setup | None = None,
    ) -> Screen:
        """The setup screen: the latest game in progress to continue and any ``error`` at the top, the games in
        progress (the shelf), the form, and the chosen board's start position beside it.

        The form of a game is filled in with the last setup started of that game the first time the screen shows
        that game after it was entered (its board chosen, unless ``board`` names one); otherwise the page keeps it
        as the person left it. ``form_error``: what does not fit in the setup the form describes. ``filled``: a setup
        to fill the form in with instead (what a page address that is refused asked for besides its fault)."""
        self.session = None
        self.game_id = None
        hang_up = self.together.hang_up() if self.together is not None else []  # the others learn this device left
        self.together = None
        self.followed = self.following_game = ""
        self._thinking = self._reviewing = None
        self.tab.remove(SHOWN_KEY)
        latest, remembered = remembered_setups(self.storage, self.games)
        game = game or self.chosen[0] or latest
        name = game if game is not None and game in self.games else next(iter(self.games))
        if filled is None or filled.game.name != name:
            filled = remembered.get(name) if name not in self._filled else None
        self._filled.add(name)
        board = board or (filled.board if filled else None)
        chosen = self.games[name]
        board = board if board is not None and board in chosen.boards else self._boards.get(name, chosen.boards[0])
        self.chosen = (name, board)
        self._boards[name] = board
        listing, now = self.shelf.listing(), self.clock()
        return Screen(
            view="setup",
            game=name,
            board=board,
            title=chosen.title,
            board_svg=self._start_svg(name, board, filled.to_query() if filled else self.tab.get(FORM_KEY)),
            language=self.t.language,
            error=error,
            form_error=form_error,
            latest=self.kept_between_html(now) + latest_html(listing, self.games, self.t, now),
            form=(*chosen_steps(name, board), *(form_steps(filled) if filled else ())),
            shelf=shelf_html(listing, self.games, self.t, now),
            tally=tally_html(
                read_tally(self.storage.get(TALLY_KEY)), {n: g.title for n, g in self.games.items()}, self.t
            ),
            pace=self.pace,
            net=tuple(hang_up),
        )

    def count_win(self, game_id: str | None) -> None:
        """The game shown, ``game_id``, is over: the table of wins counts it (once: :func:`malefiz.tally.counted`)."""
        s = self.session
        if s is None or game_id is None or not s.state.is_over:
            return
        tally = counted(read_tally(self.storage.get(TALLY_KEY)), game_id, s)
        if tally is not None:
            self.storage.set(TALLY_KEY, tally.to_text())

    def keep_form(self, game: str) -> None:
        """The person has filled in the form of ``game`` already (while Python started): the setup screen keeps it
        as they left it instead of filling in the last setup."""
        self._filled.add(game)

    def seat_notes(self, fields: Iterable[tuple[str, str]]) -> tuple[tuple[str, str, str], ...]:
        """What each seat row of the form says about its colour (:func:`malefiz.page.seat_notes`), for the form's
        ``fields`` as they are now (asked after every change of the form: the tab keeps them, :data:`FORM_KEY`)."""
        fields = list(fields)
        self.tab.set(FORM_KEY, query_from_form(fields))
        return seat_notes(fields, self.t, self.games)

    def form_board(self, fields: Iterable[tuple[str, str]]) -> str:
        """The board beside the form for its ``fields`` as they are now: asked after every change of the form."""
        query = query_from_form(fields)
        return self._start_svg(*chosen_in(query, self.games), query)

    def _start_svg(self, name: str, board: str, query: str | None) -> str:
        """The start position of game ``name`` on ``board`` with the colours that play in the setup the form's
        ``query`` describes (a partner's second colour and a neutral one included); every colour while it
        describes none that can start (one player, another board)."""
        game = self.games[name]
        try:
            setup = Setup.from_query(query, self.games) if query else None
            if setup is not None and setup.game is game and setup.board == board:
                return game.face.render(game.new_game(board, setup.colours, setup.options), Marks(), {}, self.t)
        except (MalefizError, ValueError):  # a setup that cannot start (the form says why on Start game)
            pass
        return game.face.board_svg(board, self.t)

    def form_in_progress(self, query: str) -> tuple[str | None, str | None, Setup | None]:
        """The game, the board and the setup to show on the setup screen of the page address ``query`` (one without
        seats): the form this tab kept (:data:`FORM_KEY`; as much of it as makes a setup), unless the address names
        another game or board."""
        game, board = asked_in(query, self.games)
        kept = self.tab.get(FORM_KEY)
        if kept is None:
            return game, board, None
        kept_game, kept_board = chosen_in(kept, self.games)
        if (game or kept_game) != kept_game or (board or kept_board) != kept_board:
            return game, board, None
        try:
            setup = Setup.from_query(kept, self.games)
        except MalefizError:
            setup = nearest_setup(kept, self.games)
        return kept_game, kept_board, setup

    def preview(self, game: str, board: str, game_changed: bool = False) -> Screen:
        """The setup screen for another chosen game or board (another game: its first board).

        >>> from malefiz.app import App, MemoryStorage
        >>> app = App(MemoryStorage())
        >>> screen = app.preview("maedn", "classic", game_changed=True)
        >>> screen.view, screen.game, screen.board
        ('setup', 'maedn', 'cross')
        """
        screen = self.setup_screen("", game, None if game_changed else board)
        self.address = Address("replace", f"?game={screen.game}&board={screen.board}")  # a reload shows the same
        return screen

    def start_from_form(self, fields: Iterable[tuple[str, str]]) -> Screen | None:
        """*Start game*: the game the form's fields describe, or the setup screen with what does not fit
        (None: nothing to do)."""
        query = query_from_form(fields, self.pace)
        wanted = players_range(query, self.games)
        if wanted is not None:
            return self._form_error(self.t("page.no_players", low=wanted[0], high=wanted[1]), query)
        try:
            setup = Setup.from_query(query, self.games)
        except MalefizError as error:
            return self._form_error(self.t.error(error), query)
        if setup is None:
            return None
        remember_setup(self.storage, setup, self.games)
        self.tab.remove(FORM_KEY)  # started: the setup screen fills the form in with this setup from now on
        self.address = Address("push", setup.to_query())
        return self.start(setup)

    def _form_error(self, error: str, query: str) -> Screen:
        game, board = chosen_in(query, self.games)
        return self.setup_screen("", game, board, form_error=error)

    def to_setup(self, query: str) -> Screen:
        """Back to the setup screen (the game stays on the shelf; Back returns to it)."""
        self.keep()
        self.address = Address("push", setup_address(query))
        game, board = chosen_in(query, self.games)
        return self.setup_screen("", game, board)

    def continue_game(self, game_id: str) -> Screen | None:
        """*Continue* on the shelf: the game kept as ``game_id`` (it stays kept when it cannot be read); *Back to the
        game* of a game between devices (``together:<code>``)."""
        if game_id.startswith(KEPT):
            query = f"?together={game_id.removeprefix(KEPT)}"
            screen = self.open_together(query, "")
            self.address = Address("push", query) if self.together is not None else self.address
            return screen
        try:
            found = self.shelf.load(game_id)
        except MalefizError as error:
            return self.setup_screen(self.t("shelf.unreadable", error=self.t.error(error)))
        if found is None:
            return self.setup_screen()
        session, revision = found
        self.address = Address("push", game_address(session.setup, game_id))
        return self.resume(session, game_id, revision)

    def delete(self, game_id: str) -> Screen:
        """*Delete* on the shelf, or of a game between devices kept (``together:<code>``; the page asks first:
        :meth:`question`)."""
        if game_id.startswith(KEPT):
            self.storage.remove(TOGETHER_PREFIX + game_id.removeprefix(KEPT))
            return self.setup_screen()
        self.shelf.remove(game_id)
        return self.setup_screen()

    def kept_file(self, game_id: str) -> tuple[str, str] | None:
        """*Download* of a kept game that cannot be read: its file name and the text exactly as kept."""
        shelved = self.shelf.get(game_id)
        return None if shelved is None else (f"malefiz-kept-{game_id}.json", shelved.text)
