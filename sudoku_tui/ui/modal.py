"""The one base of every dialog: a centred framed box that closes once.

While a dialog is up, the game's keys are out of the binding chain and
nothing behind it can change; Textual gives the focus back to the widget
that had it when the dialog is dismissed.
"""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")


class Modal(ModalScreen[ResultType]):
    """A dialog: its content goes in one ``Vertical`` (the framed box)."""

    DEFAULT_CSS = """
    Modal {
        align: center middle;
    }
    Modal > Vertical {
        width: auto;
        height: auto;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    Modal .buttons {
        width: 100%;
        height: auto;
        align-horizontal: center;
    }
    Modal .buttons.-end {
        align-horizontal: right;
    }
    Modal .buttons.-end Button {
        margin-left: 2;
    }
    """

    def close(self, result: ResultType) -> None:
        """Dismiss with ``result``, once: Enter on a button and the screen's own
        Enter binding may both fire, and a second dismiss would close the
        screen below."""
        if self.is_active:
            self.dismiss(result)
