"""F1 help: every key of the game with what it does.

The list is read from the bindings themselves (the board's and the game
screen's, with their tooltips) and from the board's own key tables (cursor
moves and clear keys), so a key added anywhere shows up here without a
second list to keep in step.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.widgets import Button, Static

from ..game import texts
from .board import CLEAR_KEYS, MOVES, SHIFT_MOVES, Board
from .commands import bindings_of
from .modal import Modal

# How the board's direction keys are described, by their step.
_DIRECTIONS = {
    (-1, 0): texts.DIRECTIONS["up"],
    (1, 0): texts.DIRECTIONS["down"],
    (0, -1): texts.DIRECTIONS["left"],
    (0, 1): texts.DIRECTIONS["right"],
}


def _board_keys(app: App[object], board: Board) -> list[tuple[str, str]]:
    """The keys the board reads itself: cursor moves, values, clearing."""
    by_step: dict[tuple[int, int], list[str]] = {}
    for key, step in MOVES.items():
        by_step.setdefault(step, []).append(app.get_key_display(Binding(key, "")))
    moves = " ".join(" ".join(keys) for keys in by_step.values())
    directions = ", ".join(_DIRECTIONS[step] for step in by_step)
    symbols = board.play.shape.symbols
    clear = sorted(app.get_key_display(Binding(key, "")) for key in CLEAR_KEYS)
    extend = " ".join(app.get_key_display(Binding(key, "")) for key in SHIFT_MOVES)
    return [
        (moves, texts.MOVE_KEYS.format(directions=directions)),
        (extend, texts.SELECT_KEYS),
        (f"{symbols[0]} … {symbols[-1]}", texts.VALUE_KEYS),
        (" ".join(clear), texts.CLEAR_KEYS),
    ]


def key_rows(app: App[object], nodes: tuple[DOMNode, ...], board: Board) -> list[tuple[str, str]]:
    """``(keys, what they do)`` for every key the game answers: the board's own
    keys, then the bindings of ``nodes`` in order, one row per action (per key, where
    one key does two actions at different moments)."""
    return binding_rows(app, nodes, _board_keys(app, board))


def binding_rows(
    app: App[object], nodes: tuple[DOMNode, ...], rows: list[tuple[str, str]] | None = None
) -> list[tuple[str, str]]:
    """``rows``, then the bindings of ``nodes`` in order (see :func:`key_rows`), then the palette's key."""
    rows = list(rows or [])
    actions: set[str] = set()
    for node in nodes:
        grouped: dict[str, list[Binding]] = {}
        for binding in bindings_of(node):
            grouped.setdefault(binding.action, []).append(binding)
        for bindings in grouped.values():
            keys = " ".join(app.get_key_display(binding) for binding in bindings)
            first = next((binding for binding in bindings if binding.tooltip), bindings[0])
            what = first.tooltip or first.description or first.action
            same = next((index for index, (listed, _) in enumerate(rows) if listed == keys), None)
            if same is None:
                rows.append((keys, what))
            else:  # one key for two moments (Esc stops a making, or leaves a puzzle typed in): one row
                rows[same] = (keys, f"{rows[same][1]}; {what}")
            actions.add(first.action)
    if "command_palette" not in actions:  # Textual's own binding lists it in some versions
        rows.append((app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, "")), texts.PALETTE_KEY))
    return rows


class HelpScreen(Modal[None]):
    """The keys, in a scrollable box; Escape, Enter or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen > Vertical {
        width: 76;
        max-width: 100%;
        height: 90%;
    }
    HelpScreen VerticalScroll {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1", "close", texts.CLOSE),
        Binding("enter", "close", texts.CLOSE, show=False),
    ]

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = texts.KEYS_TITLE
            box.border_subtitle = texts.KEYS_SCROLL
            with VerticalScroll():
                yield Static(self._table(), id="keys")
            with Vertical(classes="buttons"):
                yield Button(texts.CLOSE, id="close", variant="primary", compact=True)

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
        self.close(None)
