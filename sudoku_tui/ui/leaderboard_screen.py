"""The Leaderboard screen: a day's daily ranking, and the streaks, of every player in
the store the game plays in (on a server, every player of the server).

Two tabs (Textual's ``TabbedContent``); the date, level and board change with
keys that work whichever widget has the focus. Names are drawn as plain text
(rich ``Text``, control characters escaped): a name is never markup. The
player's own row carries a mark as well as a colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date, timedelta
from typing import ClassVar, TypeVar

from rich.console import JustifyMethod
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
from .modal import Modal

BOARDS = tuple(DAILY_BOARDS.values())
OWN_STYLE = "bold reverse"
Read = TypeVar("Read")
# Rank, name, then the figures (time, hints or days), then "yes"/"no" set left like a word.
JUSTIFY: tuple[JustifyMethod, ...] = ("right", "left", "right", "right", "left")
# Each column at least as wide as its longest usual value (a name: players.names.NAME's
# longest), so the columns stay put from one day to the next.
MIN_WIDTHS = (4, 16, 7, 5, 3)


def ranking_table(headings: Sequence[str], rows: Iterable[tuple[bool, tuple[str, ...]]]) -> Table:
    """The rows under their headings; an own row (its flag True) is marked and stands out.
    Every cell is a ``Text``, so nothing in a name is read as markup."""
    table = Table(box=None, padding=(0, 1), header_style="bold")
    table.add_column("", width=1)  # the own row's mark
    for heading, justify, width in zip(headings, JUSTIFY, MIN_WIDTHS, strict=False):
        table.add_column(heading, justify=justify, no_wrap=True, min_width=width)
    for own, cells in rows:
        mark = Text(texts.OWN_ROW if own else " ")
        table.add_row(mark, *(Text(printable(cell)) for cell in cells), style=OWN_STYLE if own else "")
    return table


class LeaderboardScreen(Modal[None]):
    """The day's ranking and the streaks; Escape, Enter or b closes it."""

    # A box of steady size: the rows change with the keys, the box does not move.
    DEFAULT_CSS = """
    LeaderboardScreen > Vertical {
        width: 76;
        height: 22;
        max-width: 100%;
        max-height: 100%;
    }
    LeaderboardScreen TabbedContent, LeaderboardScreen ContentSwitcher, LeaderboardScreen TabPane {
        height: 1fr;
    }
    LeaderboardScreen TabPane {
        padding: 0;
    }
    LeaderboardScreen VerticalScroll {
        height: 1fr;
    }
    LeaderboardScreen #keys {
        color: $text-muted;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "close", texts.CLOSE),
        Binding("enter", "close", texts.CLOSE, show=False),
        # Priority: the tabs and the scroll would take the arrows and Tab for themselves.
        Binding("left,left_square_bracket", "day(-1)", texts.EARLIER, priority=True),
        Binding("right,right_square_bracket", "day(1)", texts.LATER, priority=True),
        Binding("l", "level", texts.LEVEL, priority=True),
        Binding("z", "board", texts.BOARD, priority=True),
        Binding("tab", "switch", texts.STREAKS, priority=True),
    ]

    def __init__(self, store: Store, player: str, today: date, *, owns_store: bool = False) -> None:
        """``owns_store``: the screen opened ``store`` for itself, and closes it with itself."""
        super().__init__()
        self.store = store
        self.owns_store = owns_store
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
            box.border_subtitle = texts.NOTE_CLOSES
            with TabbedContent(id="tabs"):
                with TabPane("Daily", id="daily"):
                    yield Label("", id="day", markup=False)
                    with VerticalScroll(id="daily-list"):
                        yield Static("", id="daily-rows")
                with TabPane("Streaks", id="streaks"):
                    yield Label(texts.STREAKS_TITLE, markup=False)
                    with VerticalScroll(id="streaks-list"):
                        yield Static("", id="streaks-rows")
            yield Label(texts.LEADERBOARD_KEYS, id="keys", markup=False)
            with Vertical(classes="buttons"):
                yield Button(texts.CLOSE, id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#daily-list").focus()  # the arrows up and down scroll a long ranking
        own_name = self._read(lambda: self.store.name_of(self.player), None)
        self._own = {self.player, *([own_name] if own_name else [])}
        self._show_streaks()
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

    def _show_rows(
        self, name: str, rows: Sequence[tuple[bool, tuple[str, ...]]] | None, headings: Sequence[str]
    ) -> None:
        """Put ``rows`` (None: the store failed) in the tab ``name``'s list, scrolled so the
        player's own row is in sight."""
        shown: Table | Text
        if rows is None:
            shown = Text(texts.STORE_NOT_READ)
        elif not rows:
            shown = Text(texts.NO_SOLVES if name == "daily" else texts.NO_STREAKS)
        else:
            shown = ranking_table(headings, rows)
        self.query_one(f"#{name}-rows", Static).update(shown)
        scroll = self.query_one(f"#{name}-list", VerticalScroll)
        own = next((line for line, (is_own, _) in enumerate(rows or []) if is_own), 0)
        # After the refresh, when the list knows its new height; a few rows above the own one show too.
        self.call_after_refresh(scroll.scroll_to, y=max(0, own - 3), animate=False)

    def _show_streaks(self) -> None:
        streaks = self._read(lambda: self.store.streak_ranking(self.today, STREAKS_LISTED), None)
        rows = None if streaks is None else [(self._is_own(s.player, s.name), streak_row(s)) for s in streaks]
        self._show_rows("streaks", rows, texts.STREAKS_HEADINGS)

    def _show_day(self) -> None:
        title = texts.ranking_title(self.day.isoformat(), self.level, self.board)
        self.query_one("#day", Label).update(title)
        solves = self._read(lambda: self.store.daily_ranking(self.day, self.level, self.board), None)
        rows = None if solves is None else [(self._is_own(s.player, s.name), solve_row(s)) for s in solves]
        self._show_rows("daily", rows, texts.SOLVES_HEADINGS)

    def action_day(self, step: int) -> None:
        """The day before or after; never past today (UTC), whose puzzle is the last there is."""
        self.day = min(self.day + timedelta(days=step), self.today)
        self._show_tab("daily")
        self._show_day()

    def action_level(self) -> None:
        self.level = LEVEL_KEYS[(LEVEL_KEYS.index(self.level) + 1) % len(LEVEL_KEYS)]
        self._show_tab("daily")
        self._show_day()

    def action_board(self) -> None:
        self.board = BOARDS[(BOARDS.index(self.board) + 1) % len(BOARDS)]
        self._show_tab("daily")
        self._show_day()

    def action_switch(self) -> None:
        tabs = self.query_one(TabbedContent)
        self._show_tab("streaks" if tabs.active == "daily" else "daily")

    def _show_tab(self, name: str) -> None:
        self.query_one(TabbedContent).active = name
        self.query_one(f"#{name}-list").focus()

    @on(TabbedContent.TabActivated)
    def _tab_clicked(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id is not None:
            self.query_one(f"#{event.pane.id}-list").focus()

    def on_unmount(self) -> None:
        if self.owns_store:
            self.store.close()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.close(None)
