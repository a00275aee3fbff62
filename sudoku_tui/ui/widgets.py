"""Small widgets of the game screen: the board's frame, the puzzle bar and the status line."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.message import Message
from textual.widgets import Input, Label, ProgressBar

from .board import Board


class BoardArea(Container):
    """Centres the board and tells it how much room it has."""

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Board).offer_room(event.size)


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
        self.query_one("#clock", Label).update(text)
