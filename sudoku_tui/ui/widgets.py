"""Small widgets of the game screen: the board's frame and the puzzle number box."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.containers import Container
from textual.message import Message
from textual.widgets import Input

from .board import Board


class BoardArea(Container):
    """Centres the board and tells it how much room it has."""

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(Board).offer_room(event.size)


class PuzzleNumber(Input):
    """The puzzle number box.

    Enter submits (``Input.Submitted``); Escape posts :class:`Abandoned`, and
    leaving it any other way posts :class:`Left`, so the app can show the
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
