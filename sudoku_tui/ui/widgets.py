"""Small widgets of the game screen: the board's frame, the puzzle bar and the status line."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Label, ProgressBar

from .board import Board
from .layout import choose_plan


class DigitCounts(Widget):
    """How many of each value are still to place, one value a line, beside the board.

    A value that is all placed shows ``✓``; the value chosen for highlighting
    is marked ``›`` and drawn in reverse video.
    """

    DEFAULT_CSS = """
    DigitCounts {
        width: 6;
        height: auto;
        margin-left: 1;
    }
    DigitCounts > .digit-counts--chosen { text-style: bold reverse; }
    DigitCounts > .digit-counts--done { color: $foreground 40%; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"digit-counts--chosen", "digit-counts--done"}
    WIDTH = 7  # with its margin: what it takes from the board's room

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[tuple[str, int]] = []  # (symbol, left to place)
        self.chosen = 0

    def show(self, symbols: str, left: list[int], chosen: int) -> None:
        rows = list(zip(symbols, left, strict=True))
        if (rows, chosen) != (self.rows, self.chosen):
            resized = len(rows) != len(self.rows)
            self.rows, self.chosen = rows, chosen
            self.refresh(layout=resized)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)

    def render_line(self, y: int) -> Strip:
        if y >= len(self.rows):
            return Strip.blank(self.size.width, self.rich_style)
        symbol, left = self.rows[y]
        chosen = y + 1 == self.chosen
        text = f"{'›' if chosen else ' '}{symbol} {left if left else '✓':>2}"
        style = self.rich_style
        if chosen:
            style += self.get_component_rich_style("digit-counts--chosen")
        elif not left:
            style += self.get_component_rich_style("digit-counts--done")
        return Strip([Segment(text, style)]).extend_cell_length(self.size.width, self.rich_style)


class BoardArea(Horizontal):
    """Centres the board (with the digit counts beside it) and tells it how much room it has.

    The counts show only where they leave the board the drawing it would
    have without them: a board never gets smaller for them.
    """

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size)

    def fit(self, room: Size) -> None:
        board = self.query_one(Board)
        counts = self.query_one(DigitCounts)
        shape = board.play.shape
        narrower = Size(max(room.width - DigitCounts.WIDTH, 0), room.height)
        alone, beside = choose_plan(shape, room.width, room.height), choose_plan(shape, *narrower)
        shown = beside is not None and beside == alone
        counts.display = shown
        board.offer_room(narrower if shown else room)


class PuzzleNumber(Input):
    """The puzzle number box.

    Enter submits (``Input.Submitted``); Escape posts :class:`Abandoned`, and
    leaving it any other way posts :class:`Left`, so the screen can show the
    number in play again.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "abandon", "Back to board"),
        Binding("enter", "submit", "Show puzzle"),
    ]

    class Abandoned(Message):
        """Escape: forget the typed text and go back to the board."""

    class Left(Message):
        """The box lost the focus."""

    def action_abandon(self) -> None:
        self.post_message(self.Abandoned())

    def on_blur(self) -> None:
        self.post_message(self.Left())


class PuzzleBar(Horizontal):
    """The puzzle number, its range, and a hint about what was typed."""

    @staticmethod
    def parts() -> ComposeResult:
        """Its widgets, composed by the screen (so they exist as soon as the screen does)."""
        yield Label("Puzzle", id="number-label")
        yield PuzzleNumber("0", id="number", compact=True, disabled=True, select_on_focus=True)
        yield Label("", id="range")
        yield Label("", id="hint")

    @property
    def number_box(self) -> PuzzleNumber:
        return self.query_one("#number", PuzzleNumber)

    def show_range(self, text: str, enabled: bool) -> None:
        self.query_one("#range", Label).update(text)
        self.number_box.disabled = not enabled

    def show_number(self, number: int) -> None:
        self.number_box.value = str(number)

    def say(self, text: str) -> None:
        self.query_one("#hint", Label).update(text)


class StatusLine(Horizontal):
    """What is going on, the selected cell's marks (or a progress bar), the mode, the clock."""

    @staticmethod
    def parts() -> ComposeResult:
        """Its widgets, composed by the screen (so they exist as soon as the screen does)."""
        yield Label("", id="status", markup=False)
        yield Label("", id="cell-info", markup=False)
        yield ProgressBar(id="progress", show_eta=False)
        yield Label("", id="mode")
        yield Label("", id="clock")

    def say(self, text: str) -> None:
        self.query_one("#status", Label).update(text)

    def show_bar(self, shown: bool, total: float | None = 100) -> None:
        """The progress bar takes the place of the cell's marks while it shows;
        ``total`` None makes it pulse (no end known)."""
        bar = self.query_one("#progress", ProgressBar)
        if shown:
            bar.update(total=total, progress=0)
        bar.display = shown
        self.query_one("#cell-info", Label).display = not shown

    def progress(self, done: int, total: int) -> None:
        self.query_one("#progress", ProgressBar).update(total=total, progress=done)

    def show_cell(self, mode: str, pencil: bool, info: str) -> None:
        mode_label = self.query_one("#mode", Label)
        mode_label.update(mode)
        mode_label.set_class(pencil, "-pencil")
        self.query_one("#cell-info", Label).update(info)

    def show_clock(self, text: str) -> None:
        """Called every second: a time that did not change draws nothing, and one of the same
        width only itself (a new layout would redraw the whole screen under a dialog)."""
        clock = self.query_one("#clock", Label)
        shown = str(clock.content)
        if text != shown:
            clock.update(text, layout=cell_len(text) != cell_len(shown))
