"""The Statistics screen: games per board and level, the daily streak, and recent solve times.

The chart is Textual's own ``Sparkline``: one bar per recent solve, taller
for a longer time, with no library beyond Textual and readable at 80x24;
the first and last times and the best are written beside it, since bars
alone give no numbers. A single solve has no other to be taller or shorter
than (the Sparkline would fill its whole width): it is one bar with its
time, board and date beside it, and a sentence says the chart grows.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Label, OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from ..game import texts
from ..game.clock import format_elapsed
from ..game.printable import printable
from ..game.stats_report import room_games_lines
from ..game.store.statistics import PlayedGame, RecentSolve, Statistics, mistakes_text
from .commands import command
from .modal import Modal

BAR = "\u2588\u2588"  # a bar of the chart, two columns wide so it reads as a bar beside the text


def _time(seconds: float | None) -> str:
    return "-" if seconds is None else format_elapsed(seconds)


def boards_table(stats: Statistics) -> Table:
    """Per board and level: started, solved by the player, best and median time."""
    table = Table(box=None, expand=True, padding=(0, 1), header_style="bold")
    for name, justify in ((texts.BOARD, "left"), (texts.LEVEL, "left"), (texts.STARTED, "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    table.add_column(texts.SOLVED_COLUMN, justify="right")
    table.add_column(texts.BEST, justify="right")
    table.add_column(texts.MEDIAN, justify="right")
    for board in stats.boards:
        table.add_row(
            Text(board.board),
            Text(board.level or "-"),
            str(board.started),
            str(board.solved),
            _time(board.best),
            _time(board.median),
        )
    return table


def streak_text(stats: Statistics) -> str:
    return texts.streak_line(stats.current_streak, stats.longest_streak)


def recent_text(stats: Statistics) -> str:
    times = [solve.seconds for solve in stats.recent]
    if not times:
        return texts.NO_SOLVE_YET
    if len(times) == 1:
        return texts.one_solve_so_far(format_elapsed(times[0]))
    return texts.recent_solves(
        len(times), format_elapsed(times[0]), format_elapsed(times[-1]), format_elapsed(min(times))
    )


def one_solve_chart(solve: RecentSolve) -> Text:
    """The chart of a single solve: its bar, as tall as the chart, and what it was beside it."""
    time = format_elapsed(solve.seconds)
    detail = texts.one_solve_bar(time, solve.board, solve.level, solve.day.isoformat())
    return Text("\n".join([BAR, BAR, f"{BAR} {printable(detail)}"]))


def history_list(stats: Statistics) -> OptionList:
    """The games ended last, one a line, to choose one to replay."""
    options = [
        Option(
            texts.played_game(game.day.isoformat(), game.board, game.level, game.outcome, format_elapsed(game.seconds)),
            id=str(index),
        )
        for index, game in enumerate(stats.history)
    ]
    return OptionList(*options, id="history", compact=True)


class StatisticsScreen(Modal[PlayedGame | None]):
    """The player's statistics; Escape, Enter or t closes it; R (or Enter in the history)
    closes it with the game chosen in the history, which the game then replays."""

    DEFAULT_CSS = """
    StatisticsScreen > Vertical {
        width: 76;
        max-width: 100%;
        max-height: 100%;
    }
    StatisticsScreen #boards {
        height: auto;
        max-height: 12;
        margin-bottom: 1;
    }
    StatisticsScreen Sparkline, StatisticsScreen #chart {
        height: 3;
        margin: 0 1;
    }
    StatisticsScreen #history {
        height: auto;
        max-height: 5;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t", "close", texts.CLOSE),
        Binding("enter", "close", texts.CLOSE, show=False),
        command("R", "replay", texts.REPLAY_CHOSEN, texts.REPLAY_CHOSEN_TIP),
    ]

    def __init__(self, stats: Statistics | None, problem: str = "", saving: bool = True) -> None:
        super().__init__()
        self.stats = stats
        self.problem = printable(problem, lines=True)  # why there are no statistics to show
        self.saving = saving  # False: the store keeps nothing, so the statistics are this run's alone

    def compose(self) -> ComposeResult:
        stats = self.stats
        with Vertical() as box:
            box.border_title = texts.STATISTICS
            box.border_subtitle = texts.NOTE_CLOSES
            if not self.saving:
                yield Label(texts.STATS_NOT_SAVED, id="not-saved", markup=False)
            if stats is None:
                yield Label(self.problem, id="problem", markup=False)
            else:
                if stats.boards:
                    yield Static(boards_table(stats), id="boards")
                    yield Label(mistakes_text(stats), id="mistakes", markup=False)
                else:
                    yield Label(texts.NO_GAMES_YET, id="boards")
                yield Label(streak_text(stats), id="streak", markup=False)
                yield Label(recent_text(stats), id="recent", markup=False)
                if len(stats.recent) == 1:
                    yield Static(one_solve_chart(stats.recent[0]), id="chart")
                elif stats.recent:
                    yield Sparkline([solve.seconds for solve in stats.recent], id="chart")
                if stats.rooms:
                    yield Label("\n".join(room_games_lines(stats)), id="rooms", markup=False)
                if stats.history:
                    yield Label(texts.HISTORY_HEADING, id="history-heading", markup=False)
                    yield history_list(stats)
            with Vertical(classes="buttons"):
                yield Button(texts.CLOSE, id="close", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.close(None)

    def chosen(self) -> PlayedGame | None:
        """The game highlighted in the history (the last one ended, until another is chosen)."""
        if self.stats is None or not self.stats.history:
            return None
        highlighted = self.query_one("#history", OptionList).highlighted
        return self.stats.history[highlighted or 0]

    def action_replay(self) -> None:
        game = self.chosen()
        if game is None:
            self.app.bell()
        else:
            self.close(game)

    @on(OptionList.OptionSelected, "#history")
    def _history_chosen(self) -> None:
        self.action_replay()
