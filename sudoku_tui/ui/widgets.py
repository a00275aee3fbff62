"""Small widgets of the game screen: the board's frame, the puzzle bar and the status line."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer, TimerCallback
from textual.widget import Widget
from textual.widgets import Footer, Input, Label, ProgressBar
from textual.widgets._footer import FooterKey

from ..game import texts
from ..game.printable import printable
from .board import Board
from .drawing.layout import choose_plan
from .gone_widgets import let_gone_widgets_go


class DigitCounts(Widget):
    """How many of each value are still to place, one value a line, beside the board.

    A value that is all placed shows ``✓``; the value chosen for highlighting
    is marked ``›`` and drawn in reverse video. A heading on the line above says
    what the numbers are.
    """

    DEFAULT_CSS = """
    DigitCounts {
        width: 6;
        height: auto;
        margin-left: 1;
        border-top: solid $sudoku-line;  /* as the board's light lines: it reads in every theme */
        border-title-align: center;
        border-title-color: $sudoku-on-surface;
    }
    DigitCounts > .digit-counts--chosen { text-style: bold reverse; }
    DigitCounts > .digit-counts--done { color: $sudoku-muted; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"digit-counts--chosen", "digit-counts--done"}
    WIDTH = 7  # with its margin: what it takes from the board's room

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = texts.COUNTS_HEADING
        self.rows: list[tuple[str, int]] = []  # (symbol, left to place)
        self.chosen = 0
        self._looks: tuple[Style, Style, Style] | None = None
        self._looks_applied: object = None  # the component styles the looks were made from

    def show(self, symbols: str, left: list[int], chosen: int) -> None:
        rows = list(zip(symbols, left, strict=True))
        if (rows, chosen) != (self.rows, self.chosen):
            resized = len(rows) != len(self.rows)
            self.rows, self.chosen = rows, chosen
            self.refresh(layout=resized)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows)

    def _styles(self) -> tuple[Style, Style, Style]:
        """The plain, chosen and done styles, worked out again only when Textual applied the
        CSS anew (as the board's looks): a widget's style walks its ancestors, which twice a
        line was a good part of a value's redraw."""
        applied = self._component_styles.get("digit-counts--chosen")
        if self._looks is None or applied is not self._looks_applied:
            self._looks_applied = applied
            base = self.rich_style
            chosen = base + self.get_component_rich_style("digit-counts--chosen")
            self._looks = (base, chosen, base + self.get_component_rich_style("digit-counts--done"))
        return self._looks

    def render_line(self, y: int) -> Strip:
        base, chosen_style, done_style = self._styles()
        if y >= len(self.rows):
            return Strip.blank(self.size.width, base)
        symbol, left = self.rows[y]
        chosen = y + 1 == self.chosen
        text = f"{'›' if chosen else ' '}{symbol} {left if left else '✓':>2}"
        style = chosen_style if chosen else base if left else done_style
        return Strip([Segment(text, style)]).extend_cell_length(self.size.width, base)


ROOM_PANEL_WIDTH = 25  # a room's panel beside the board, with its margin (ui/rooms.py)


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
        # A room's panel (or the ghost race's) has its place whatever the board's size.
        if self.query_one("#room").display or self.query_one("#ghost").display:
            room = Size(max(room.width - ROOM_PANEL_WIDTH, 0), room.height)
        narrower = Size(max(room.width - DigitCounts.WIDTH, 0), room.height)
        alone, beside = choose_plan(shape, room.width, room.height), choose_plan(shape, *narrower)
        shown = beside is not None and beside == alone
        counts.display = shown
        board.offer_room(narrower if shown else room)


class GameFooter(Footer):
    """The Footer, rebuilt only when the keys it shows (or whether they are enabled) changed.

    Textual's Footer builds its keys anew each time bindings may have changed,
    which the game says after every value, mark and undo (several times a key):
    that rebuilding was most of what such a key cost a served game's process.
    """

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._shown: tuple[object, ...] | None = None  # what the keys were last built from
        self._check_pending = False

    def _what_it_shows(self) -> tuple[object, ...]:
        """Everything the Footer's keys are built from (see ``Footer.compose``)."""
        active = self.screen.active_bindings
        shown = tuple((binding, enabled, tooltip) for (_, binding, enabled, tooltip) in active.values() if binding.show)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        palette_key = None if palette is None else palette[1:]
        return (self._bindings_ready, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE, shown, palette_key)

    def compose(self) -> ComposeResult:
        self._shown = self._what_it_shows()
        self.call_after_refresh(self._fit)
        yield from super().compose()

    def on_resize(self) -> None:
        for key in self.query(FooterKey):
            key.display = True
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Keys that do not fit whole go, from the last: a key cut short ("? Pist") reads as
        nonsense, and F1 lists them all. English fits 80 columns; German and Spanish do not."""
        keys = [key for key in self.query(FooterKey) if not key.has_class("-command-palette")]
        palette = [key for key in self.query(FooterKey) if key.has_class("-command-palette") and key.display]
        right = palette[0].region.x if palette else self.region.right
        fits = True
        for key in keys:
            fits = fits and key.region.right <= right
            key.display = fits

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._check_pending:
            self._check_pending = True  # one check for any number of calls before the next refresh
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._check_pending = False
        if self._what_it_shows() != self._shown:
            await self.recompose()
            self._forget_removed_keys()

    def _forget_removed_keys(self) -> None:
        """Each key watches the Footer's ``compact``, and Textual forgets the watchers of
        removed keys only when ``compact`` changes, which in a game it never does: every
        rebuild kept its old keys alive, some 10 KB each, for as long as the game ran.
        Saying ``compact`` changed (to the same value) drops them."""
        self.mutate_reactive(Footer.compact)
        let_gone_widgets_go()


class PuzzleNumber(Input):
    """The puzzle number box.

    Enter submits (``Input.Submitted``); Escape posts :class:`Abandoned`, and
    leaving it any other way posts :class:`Left`, so the screen can show the
    number in play again.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "abandon", texts.BACK_TO_BOARD),
        Binding("enter", "submit", texts.SHOW_PUZZLE),
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
        yield Label(texts.PUZZLE_LABEL, id="number-label")
        yield PuzzleNumber("0", id="number", compact=True, disabled=True, select_on_focus=True)
        yield Label("", id="range")
        yield Label("", id="hint", markup=False)  # it quotes what was typed

    @property
    def number_box(self) -> PuzzleNumber:
        return self.query_one("#number", PuzzleNumber)

    def show_range(self, text: str, enabled: bool) -> None:
        self.query_one("#range", Label).update(text)
        self.number_box.disabled = not enabled

    def show_number(self, number: int) -> None:
        self.number_box.value = str(number)

    def say(self, text: str) -> None:
        self.query_one("#hint", Label).update(printable(text))


def show_text(label: Label, text: str) -> None:
    """Put plain ``text`` in a one-line label of the status line, laying the screen out
    again only when the label's size may change: a layout costs far more than a
    repaint, and the status line changes on every key. Control characters are escaped."""
    text = printable(text, lines=True)
    before = label.content
    if not isinstance(before, str):
        label.update(text)
        return
    if before == text:
        return
    room = label.content_size.width
    length, length_before = cell_len(text), cell_len(before)
    width = label.styles.width
    # Both on one line in the room the label has, and a label as wide as its text keeps its length.
    same_size = "\n" not in text and max(length, length_before) <= room
    same_size = same_size and (length == length_before or (width is not None and width.is_fraction))
    label.update(text, layout=not same_size)


class QuietProgressBar(ProgressBar):
    """Textual's progress bar without the timer that updates its time estimate every second
    (none is shown): a served game that idles wakes for its clock alone."""

    def __init__(self, *, id: str, show_eta: bool) -> None:
        # With an end from the start: a bar with none pulses, waking the game 15 times a second.
        super().__init__(total=100, id=id, show_eta=show_eta)

    def set_interval(
        self,
        interval: float,
        callback: TimerCallback | None = None,
        *,
        name: str | None = None,
        repeat: int = 0,
        pause: bool = False,
    ) -> Timer:
        # ProgressBar's one interval (set as it mounts) updates that estimate: made paused.
        return super().set_interval(interval, callback, name=name, repeat=repeat, pause=True)


class StatusLine(Horizontal):
    """What is going on, the selected cell's marks (or a progress bar), the mode, the clock."""

    @staticmethod
    def parts() -> ComposeResult:
        """Its widgets, composed by the screen (so they exist as soon as the screen does)."""
        yield Label("", id="status", markup=False)
        yield Label("", id="cell-info", markup=False)
        yield QuietProgressBar(id="progress", show_eta=False)
        yield Label("", id="mode")
        yield Label("", id="clock")

    def say(self, text: str) -> None:
        show_text(self.query_one("#status", Label), text)

    def show_bar(self, shown: bool, total: float | None = 100) -> None:
        """The progress bar takes the place of the cell's marks while it shows;
        ``total`` None makes it pulse (no end known)."""
        bar = self.query_one("#progress", ProgressBar)
        # Hidden, it has an end: Textual animates a bar with none (15 frames a second) even unseen.
        bar.update(total=total if shown else 100, progress=0)
        bar.display = shown
        self.query_one("#cell-info", Label).display = not shown

    def progress(self, done: int, total: int) -> None:
        self.query_one("#progress", ProgressBar).update(total=total, progress=done)

    def show_cell(self, mode: str, pencil: bool, info: str) -> None:
        mode_label = self.query_one("#mode", Label)
        show_text(mode_label, mode)
        mode_label.set_class(pencil, "-pencil")
        show_text(self.query_one("#cell-info", Label), info)

    def show_clock(self, text: str) -> None:
        show_text(self.query_one("#clock", Label), text)
