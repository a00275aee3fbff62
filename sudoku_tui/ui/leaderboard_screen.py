"""The Leaderboard screen: a day's daily ranking, and the streaks, of every player in
the store the game plays in (on a server, every player of the server).

Two tabs (Textual's ``TabbedContent``); the date, level and board change with
keys that work whichever widget has the focus. Names are drawn as plain text
(rich ``Text``, control characters escaped): a name is never markup. The
player's own row carries a mark as well as a colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import ClassVar, TypeVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Label, Static, TabbedContent, TabPane

from ..engine.board.levels import LEVEL_KEYS
from ..game import texts
from ..game.players.leaderboard import DAILY_BOARDS, STREAKS_LISTED, solve_row, streak_row
from ..game.printable import printable
from ..game.store.interface import Store, StoreError
from ..game.store.records import RankedSolve, RankedStreak
from .modal import Modal

BOARDS = tuple(DAILY_BOARDS.values())
OWN_STYLE = "bold reverse"
Read = TypeVar("Read")


def ranking_table(headings: Iterable[str], rows: Iterable[tuple[bool, tuple[str, ...]]]) -> Table:
    """The rows under their headings; an own row (its flag True) is marked and stands out.
    Every cell is a ``Text``, so nothing in a name is read as markup."""
    table = Table(box=None, expand=True, padding=(0, 1), header_style="bold")
    table.add_column("", width=1)  # the own row's mark
    for number, heading in enumerate(headings):
        table.add_column(heading, justify="left" if number == 1 else "right", no_wrap=True)
    for own, cells in rows:
        style = OWN_STYLE if own else ""
        mark = Text(texts.OWN_ROW if own else " ")
        table.add_row(mark, *(Text(printable(cell)) for cell in cells), style=style)
    return table


class LeaderboardScreen(Modal[None]):
    """The day's ranking and the streaks; Escape, Enter or b closes it."""

    DEFAULT_CSS = """
    LeaderboardScreen > Vertical {
        width: 76;
        max-width: 100%;
        max-height: 100%;
    }
    LeaderboardScreen TabbedContent {
        height: auto;
    }
    LeaderboardScreen TabPane {
        height: auto;
        padding: 0;
    }
    LeaderboardScreen VerticalScroll {
        height: auto;
        max-height: 13;
    }
    LeaderboardScreen #keys {
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
        # Priority: the tabs and the scroll would take the arrows and Tab for themselves.
        Binding("left,left_square_bracket", "day(-1)", "Earlier", priority=True),
        Binding("right,right_square_bracket", "day(1)", "Later", priority=True),
        Binding("l", "level", "Level", priority=True),
        Binding("z", "board", "Board", priority=True),
        Binding("tab", "switch", "Streaks", priority=True),
    ]

    def __init__(self, store: Store, player: str, today: date) -> None:
        super().__init__()
        self.store = store
        self.player = player
        self.today = today
        self.day, self.level, self.board = today, "medium", BOARDS[0]
        self._own: set[str] = {player}  # the player's id and own name: how their rows are found

    def start_at(self, day: date, level: str | None, board: str) -> None:
        """Open on this daily puzzle's ranking (what the daily does not have stays as it is)."""
        self.day = min(day, self.today)
        self.level = level if level in LEVEL_KEYS else self.level
        self.board = board if board in BOARDS else self.board

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.LEADERBOARD
            box.border_subtitle = "Esc closes"
            with TabbedContent(id="tabs"):
                with TabPane("Daily", id="daily"):
                    yield Label("", id="day", markup=False)
                    with VerticalScroll(can_focus=False):
                        yield Static("", id="solves")
                with TabPane("Streaks", id="streaks"):
                    yield Label(texts.STREAKS_TITLE, markup=False)
                    with VerticalScroll(can_focus=False):
                        yield Static("", id="streak-rows")
            yield Label(texts.LEADERBOARD_KEYS, id="keys", markup=False)
            with Vertical(classes="buttons"):
                yield Button("Close", id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()
        own_name = self._read(lambda: self.store.name_of(self.player), None)
        self._own = {self.player, *([own_name] if own_name else [])}
        streaks = self._read(lambda: self.store.streak_ranking(self.today, STREAKS_LISTED), None)
        self.query_one("#streak-rows", Static).update(self._streaks(streaks))
        self._show_day()

    def _read(self, reading: Callable[[], Read], failed: Read) -> Read:
        """What ``reading`` returns, or ``failed`` when the store fails (the player is told)."""
        try:
            return reading()
        except StoreError as error:
            self.notify(printable(str(error)), severity="error", markup=False)
            return failed

    def _is_own(self, player: str, name: str | None) -> bool:
        """The player's own row: their id, or their name (a key linked to another player
        reads that player's rows, whose id is the other key's)."""
        return player in self._own or (name is not None and name in self._own)

    def _streaks(self, streaks: list[RankedStreak] | None) -> Table | Text:
        if streaks is None:
            return Text(texts.STORE_NOT_READ)
        if not streaks:
            return Text(texts.NO_STREAKS)
        rows = ((self._is_own(streak.player, streak.name), streak_row(streak)) for streak in streaks)
        return ranking_table(texts.STREAKS_HEADINGS, rows)

    def _solves(self, solves: list[RankedSolve] | None) -> Table | Text:
        if solves is None:
            return Text(texts.STORE_NOT_READ)
        if not solves:
            return Text(texts.NO_SOLVES)
        rows = ((self._is_own(solve.player, solve.name), solve_row(solve)) for solve in solves)
        return ranking_table(texts.SOLVES_HEADINGS, rows)

    def _show_day(self) -> None:
        title = texts.ranking_title(self.day.isoformat(), self.level, self.board)
        self.query_one("#day", Label).update(title)
        solves = self._read(lambda: self.store.daily_ranking(self.day, self.level, self.board), None)
        self.query_one("#solves", Static).update(self._solves(solves))

    def action_day(self, step: int) -> None:
        """The day before or after; never past today (UTC), whose puzzle is the last there is."""
        self.day = min(self.day + timedelta(days=step), self.today)
        self.query_one(TabbedContent).active = "daily"
        self._show_day()

    def action_level(self) -> None:
        self.level = LEVEL_KEYS[(LEVEL_KEYS.index(self.level) + 1) % len(LEVEL_KEYS)]
        self.query_one(TabbedContent).active = "daily"
        self._show_day()

    def action_board(self) -> None:
        self.board = BOARDS[(BOARDS.index(self.board) + 1) % len(BOARDS)]
        self.query_one(TabbedContent).active = "daily"
        self._show_day()

    def action_switch(self) -> None:
        tabs = self.query_one(TabbedContent)
        tabs.active = "streaks" if tabs.active == "daily" else "daily"

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.close(None)
