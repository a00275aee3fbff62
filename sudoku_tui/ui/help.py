"""F1 help: every key of the game with what it does.

The list is read from the bindings themselves (the app's and the board's
``BINDINGS``, with their tooltips) and from the board's own key tables
(cursor moves and clear keys), so a key added anywhere shows up here
without a second list to keep in step.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .board import CLEAR_KEYS, MOVES, Board

# How the board's direction keys are described, by their step.
_DIRECTIONS = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


def _bindings_of(node: DOMNode) -> list[Binding]:
    """A node's bindings in the order they were declared, each once."""
    found: list[Binding] = []
    for bindings in node._bindings.key_to_bindings.values():
        for binding in bindings:
            if binding not in found and not binding.system:
                found.append(binding)
    return found


def key_rows(app: App[object], board: Board) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for every key the game answers, board keys first."""
    rows: list[tuple[str, str]] = []
    by_step: dict[tuple[int, int], list[str]] = {}
    for key, step in MOVES.items():
        by_step.setdefault(step, []).append(app.get_key_display(Binding(key, "")))
    rows.append(
        (
            " ".join(" ".join(keys) for keys in by_step.values()),
            "Move the cursor (" + ", ".join(_DIRECTIONS[step] for step in by_step) + "); the mouse selects a cell too",
        )
    )
    symbols = board.grid.shape.symbols
    rows.append((f"{symbols[0]} … {symbols[-1]}", "Enter that value; in pencil mode, add or remove that mark"))
    clear = sorted(app.get_key_display(Binding(key, "")) for key in CLEAR_KEYS)
    rows.append((" ".join(clear), "Clear the cell"))
    actions: set[str] = set()
    for node in (board, app):
        grouped: dict[str, list[Binding]] = {}
        for binding in _bindings_of(node):
            grouped.setdefault(binding.action, []).append(binding)
        for bindings in grouped.values():
            keys = " ".join(app.get_key_display(binding) for binding in bindings)
            first = bindings[0]
            rows.append((keys, first.tooltip or first.description or first.action))
            actions.add(first.action)
    if "command_palette" not in actions:  # Textual's own binding lists it in some versions
        rows.append(
            (app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, "")), "Command palette: every action by name")
        )
    return rows


class HelpScreen(ModalScreen[None]):
    """The keys, in a scrollable box; Escape, Enter or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: 90%;
        border: thick $primary;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen VerticalScroll {
        height: 1fr;
    }
    HelpScreen #close-row {
        height: auto;
        align-horizontal: center;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Keys"
            box.border_subtitle = "↑ ↓ scroll · Esc closes"
            with VerticalScroll():
                yield Static(self._table(), id="keys")
            with Vertical(id="close-row"):
                yield Button("Close", id="close", variant="primary", compact=True)

    def _table(self) -> Table:
        table = Table(show_header=False, box=None, expand=True, padding=(0, 1))
        table.add_column("keys", style="bold", no_wrap=True)
        table.add_column("what", ratio=1)
        for keys, what in self.rows:
            table.add_row(keys, what)
        return table

    def on_mount(self) -> None:
        # The list has the focus, so the arrow keys scroll it; Enter and Escape still close.
        self.query_one(VerticalScroll).focus()

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        if self.is_active:
            self.dismiss(None)
