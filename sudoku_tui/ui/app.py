"""SudokuApp: starts the game screen and holds what belongs to the whole app.

The game itself (its state, its actions) lives on :class:`.game_screen.GameScreen`
and the :class:`~sudoku_tui.game.session.Session` it draws.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette
from textual.content import Content
from textual.driver import Driver
from textual.geometry import Offset
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import ThemeProvider

from ..engine.warm import warm_up_in_background
from ..game import texts
from ..game.clock import TimeSource
from ..game.file_choice import PuzzleFolders
from ..game.players.identity import Identity
from ..game.session import Session
from ..game.store.local import OpenedStore, open_local_store
from .crash_report import keep_crash_report
from .game_screen import GameScreen
from .hint_area import HintArea
from .key_order import KeysInOrder
from .replay_screen import ReplayScreen
from .terminal_cursor import ShowsCursor
from .themes import HIDDEN_THEMES, OUR_THEMES, THEME_SETTING, sudoku_variables


class SudokuApp(App[None]):
    """The game."""

    TITLE = texts.TITLE
    # Textual's own palette key, in the game's language (Textual adds its own only where none is bound).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            App.COMMAND_PALETTE_BINDING,
            "command_palette",
            texts.PALETTE,
            show=False,
            key_display=App.COMMAND_PALETTE_DISPLAY,
            priority=True,
            tooltip=texts.PALETTE_TIP,
        )
    ]
    # Absolute, so subclasses defined elsewhere (tests, tools) still find it.
    CSS_PATH = Path(__file__).with_name("sudoku.tcss")

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        start_folder: str | Path | None = None,
        now: TimeSource = time.monotonic,
        store: OpenedStore | None = None,
        identity: Identity | None = None,
        folders: PuzzleFolders | None = None,
        warm_up: bool = True,
        crash_log: Path | None = None,
        tells_crash: bool = True,
        save_every: float | None = None,
    ) -> None:
        """``path``: a puzzle file to open at start. ``now``: what the game's clock
        reads (tests pass a still one, so a snapshot never shows a second pass).
        ``store``: the player store (the one in the data folder when None).
        ``identity``: who plays (the local player when None), and whether served.
        ``folders``: a served game opens puzzle files only from these.
        ``warm_up``: compile the search in the background as the game starts.
        ``crash_log``: where what went wrong is written if the game crashes (the
        player sees one sentence, never a traceback). ``tells_crash``: the game
        says that sentence itself (a served game leaves it to the server, which
        says it however the game ended). ``save_every``: seconds a change waits to be
        written, with every change made meanwhile (a served game's, where a hundred
        games share one store); None writes each change at once."""
        super().__init__()
        self.identity = identity if identity is not None else Identity()
        opened = store if store is not None else open_local_store(player=self.identity.player)
        self.session = Session(
            opened.store,
            player=self.identity.player,
            now=now,
            notify=lambda notice: self.game.notice(notice),
            start_folder=Path(start_folder) if start_folder is not None else None,
            folders=folders,
        )
        self.keys_in_order = KeysInOrder(self)
        self._take_theme()
        self.warm_up = warm_up
        self.crash_log = crash_log
        self.tells_crash = tells_crash
        self.game = GameScreen(
            self.session,
            Path(path) if path is not None else None,
            opened.notices,
            identity=self.identity,
            save_every=save_every,
        )
        # Textual's web driver (serve web) blurs the game as it starts, and may do so after the
        # page has already said it has the keyboard (the page focuses the game on load): that
        # first blur is the driver's, not the page's, and would leave the Footer empty.
        self._starts_blurred = os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver")

    # ---- the terminal's cursor ---------------------------------------------------------

    @property
    def cursor_position(self) -> Offset:
        """Where Textual leaves the terminal's cursor after each frame: on the selected cell
        while the game's board has the keys (Braille displays and magnifiers follow it),
        else where Textual's own widgets put it (a text box's insertion point)."""
        on_board = self._board_cursor()
        return on_board if on_board is not None else self._placed_cursor

    @cursor_position.setter
    def cursor_position(self, offset: Offset) -> None:
        self._placed_cursor = offset

    def _board_cursor(self) -> Offset | None:
        if not self.screen_stack or self.screen is not getattr(self, "game", None):
            return None  # a dialog, or the app starting or ending: Textual's own way
        return self.game.terminal_cursor()

    def post_display_hook(self) -> None:
        """After each frame: the cursor shows on the board, and hides again over a dialog."""
        driver = self._driver
        if isinstance(driver, ShowsCursor):
            driver.show_cursor(self._board_cursor() is not None)

    # ---- themes ----------------------------------------------------------------------

    def _take_theme(self) -> None:
        """The game's own themes join Textual's; the player's last choice (kept per player) is put on."""
        for theme in OUR_THEMES:
            self.register_theme(theme)
        for name in HIDDEN_THEMES:
            self.unregister_theme(name)
        chosen = self.session.keeper.setting(THEME_SETTING)
        if isinstance(chosen, str) and chosen in self.available_themes:
            self.theme = chosen
        self._theme_kept = self.theme

    def watch_theme(self, name: str) -> None:
        """A theme chosen in the palette is the player's from now on."""
        if name != getattr(self, "_theme_kept", name):
            self._theme_kept = name
            self.session.keeper.put_setting(THEME_SETTING, name)

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        return {**variables, **sudoku_variables(variables)}

    def format_title(self, title: str, sub_title: str) -> Content:
        """The header's title and what is in play, both at full strength: Textual dims the
        second, which then reads faintly in some themes."""
        return Content.assemble(Content(title), " — ", Content(sub_title)) if sub_title else Content(title)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if not self.screen_stack or not self.keys_in_order.admit(event):
                return  # the app is ending; or the key comes back when the one before it is handled
            target = self.focused or self.screen  # where Textual sends a key no priority binding takes
            await super().on_event(event)
            self.keys_in_order.routed(event, target)
            return
        await super().on_event(event)

    def get_driver_class(self) -> type[Driver]:
        """On a terminal, the driver that survives any byte typed and any size reported."""
        chosen = super().get_driver_class()
        from textual.drivers.linux_driver import LinuxDriver  # only reached where it imports

        if chosen is LinuxDriver:
            from .terminal_input import PlayerTerminalDriver  # built on LinuxDriver: imports where it does

            return PlayerTerminalDriver
        from textual.drivers.web_driver import WebDriver  # only reached where it imports

        if chosen is WebDriver:
            from .web_input import PlayerWebDriver  # built on WebDriver: imports where it does

            return PlayerWebDriver
        return chosen

    def _print_error_renderables(self) -> None:
        # Textual would print the traceback on the player's terminal (which, served,
        # shows the server's paths): it goes to the crash log, the player reads a sentence.
        if not self._exit_renderables:
            return
        with suppress(Exception):  # a crash: what the moves since the last write changed is kept
            self.session.flush()
        written = keep_crash_report(self._exit_renderables, self.crash_log)
        self._exit_renderables.clear()
        if self.tells_crash:
            said = texts.GAME_STOPPED if written is None else f"{texts.GAME_STOPPED}\n{texts.crash_written(written)}"
            print(said, file=sys.__stdout__, flush=True)

    def on_app_blur(self, event: events.AppBlur) -> None:
        if self._starts_blurred:
            self._starts_blurred = False
            event.prevent_default()  # Textual's own handler (the App's) is not called

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Over the game, what Textual or a widget would show as a toast (which would cover
        the board's right side and pile up) goes to the game's hint area; over another
        screen it stays a toast. Thread-safe, as Textual's is."""
        if not self.screen_stack or self.screen is not self.game:
            super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)
            return
        text = Content.from_markup(message).plain if markup else message
        self.game.post_message(HintArea.Told(text, title, severity != "information"))

    def get_default_screen(self) -> Screen[None]:
        # The game is the screen at the bottom of the stack; dialogs go over it.
        return self.game

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette: the game's actions by name, then Textual's own commands."""
        if screen is self.game:
            yield from self.game.commands()
        elif isinstance(screen, ReplayScreen):
            yield from screen.commands()
        names = texts.TEXTUAL_COMMANDS
        for command in super().get_system_commands(screen):  # Textual's, in the game's language
            yield command._replace(
                title=names.get(command.title, command.title), help=names.get(command.help, command.help)
            )

    def action_command_palette(self) -> None:
        """Textual's palette, with the search box's words in the game's language."""
        if self.use_command_palette and not self.screen.has_class("--textual-command-palette"):
            self.push_screen(CommandPalette(id="--command-palette", placeholder=texts.SEARCH_COMMANDS))

    def search_themes(self) -> None:
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=texts.SEARCH_THEMES))

    async def action_quit(self) -> None:
        """Quit, keeping the game in play."""
        self.session.quit()
        self.exit()

    def on_mount(self) -> None:
        # The first Solve, hint or New puzzle of a new install would wait for
        # the compiler: it runs now, on a thread of its own, as the game starts.
        if self.warm_up:
            warm_up_in_background()
        # SIGTERM (a stop) and SIGHUP (the terminal or the SSH connection went away) end
        # the game as quitting does: saved, and the terminal given back as it was.
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGHUP):
            with suppress(NotImplementedError, RuntimeError):  # no signals here (not the main thread)
                loop.add_signal_handler(signum, self._stop_for, signum)

    def _stop_for(self, signum: int) -> None:
        self.session.quit()
        self.exit(return_code=128 + signum)
