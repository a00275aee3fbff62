"""The board widget: draws a :class:`Grid`, moves a cursor, takes entries.

The widget knows how to show and edit cells; which values a cell may hold
and whether a cell is a given are asked of the engine's ``Grid``/``Puzzle``.
Its drawing comes from :mod:`.layout`, picked to fit the space it is given.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..engine.puzzle import Grid
from .layout import BoardPlan, choose_plan, plan_board

# Keys that clear the cell under the cursor (PRODUCT.md section 4).
CLEAR_KEYS = frozenset({"0", "full_stop", "space", "backspace", "delete"})

# Cursor keys and their (rows, cols) steps. Handled in on_key rather than as
# bindings: bindings run only once a key has bubbled up to the app, so with
# keys arriving together (fast typing, SSH) "l3" would enter the 3 before the
# cursor moved.
MOVES: dict[str, tuple[int, int]] = {
    "up": (-1, 0),
    "k": (-1, 0),
    "down": (1, 0),
    "j": (1, 0),
    "left": (0, -1),
    "h": (0, -1),
    "right": (0, 1),
    "l": (0, 1),
}


class Board(Widget, can_focus=True):
    """A Sudoku board of any shape, with a cursor."""

    DEFAULT_CSS = """
    Board {
        width: auto;
        height: auto;
    }
    Board > .board--heavy { text-style: bold; }
    Board > .board--light { color: $foreground 45%; }
    Board > .board--given { text-style: bold; color: $foreground; }
    Board > .board--entry { color: $accent; text-style: none; }
    Board > .board--empty-mark { color: $foreground 30%; }
    Board > .board--cursor { background: $primary; color: $text; text-style: bold reverse; }
    Board > .board--cursor-blurred { text-style: underline; }
    Board > .board--hint { background: $warning 35%; text-style: bold underline; }
    Board.-solved > .board--entry { color: $success; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--heavy",
        "board--light",
        "board--given",
        "board--entry",
        "board--empty-mark",
        "board--cursor",
        "board--cursor-blurred",
        "board--hint",
    }

    cursor: reactive[int] = reactive(0)
    """The cell under the cursor."""

    hint_cells: reactive[frozenset[int]] = reactive(frozenset())
    """Cells a hint points at: drawn in [brackets], so they show without colour too."""

    class Changed(Message):
        """The player entered or cleared a value."""

        def __init__(self, board: Board, cell: int, value: int) -> None:
            super().__init__()
            self.board = board
            self.cell = cell
            self.value = value

        @property
        def control(self) -> Board:
            return self.board

    class FitChanged(Message):
        """The board started or stopped fitting the space it has."""

        def __init__(self, board: Board, fits: bool) -> None:
            super().__init__()
            self.board = board
            self.fits = fits

    def __init__(
        self, grid: Grid, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.grid = grid
        self._room = Size(10_000, 10_000)  # space offered by the parent; set on resize
        self._plan: BoardPlan = plan_board(grid.shape, "lined")
        self.fits = True

    # ---- state -------------------------------------------------------------

    def show_grid(self, grid: Grid, *, reset_cursor: bool = True) -> None:
        """Show another grid (a new puzzle, a solution, the original puzzle)."""
        resized = grid.shape is not self.grid.shape
        self.grid = grid
        self.hint_cells = frozenset()
        self.set_class(False, "-solved")
        if resized:
            self._replan()
        if reset_cursor or self.cursor >= grid.shape.size:
            self.cursor = self._first_cell()
        self.refresh(layout=resized)

    def mark_solved(self, solved: bool) -> None:
        self.set_class(solved, "-solved")

    def _first_cell(self) -> int:
        """The top-left cell (the first in row-major order of the drawing)."""
        return 0

    @property
    def cursor_position(self) -> tuple[int, int]:
        return self.grid.shape.positions[self.cursor]

    def watch_cursor(self) -> None:
        self.refresh()

    # ---- fitting -----------------------------------------------------------

    def offer_room(self, room: Size) -> None:
        """The parent tells how much space there is; pick the drawing that fits."""
        self._room = room
        self._replan()

    def _replan(self) -> None:
        plan = choose_plan(self.grid.shape, self._room.width, self._room.height)
        fits = plan is not None
        self._plan = plan or plan_board(self.grid.shape, "compact")
        if fits != self.fits:
            self.fits = fits
            self.post_message(self.FitChanged(self, fits))
        self.refresh(layout=True)

    @property
    def plan(self) -> BoardPlan:
        return self._plan

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._plan.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._plan.height

    # ---- input -------------------------------------------------------------

    def action_move(self, rows: int, cols: int) -> None:
        """Step the cursor, jumping over Samurai gaps, stopping at the edge."""
        shape = self.grid.shape
        row, col = self.cursor_position
        while True:
            row, col = row + rows, col + cols
            if not (0 <= row < shape.rows and 0 <= col < shape.cols):
                return
            cell = shape.cell_at.get((row, col))
            if cell is not None:
                self.cursor = cell
                return

    async def on_key(self, event: events.Key) -> None:
        shape = self.grid.shape
        move = MOVES.get(event.key)
        if move is not None:
            self._take(event)
            self.action_move(*move)
            return
        if event.key in CLEAR_KEYS:
            self._take(event)
            self._enter(0)
            return
        # Only the board's own symbols, case-sensitive: on 16x16 the values
        # 10-16 are capitals, so lower-case command keys never become values.
        char = event.character
        if char is not None and len(char) == 1 and char in shape.symbols:
            self._take(event)
            self._enter(shape.symbols.index(char) + 1)
            return
        # Any other key bound higher up (s, c, [ ...) runs here and now, so it
        # keeps its place among the board's keys: left to bubble, it would run
        # only after keys that arrived behind it (fast typing, SSH).
        active = self.screen.active_bindings.get(event.key)
        if active is not None and not active.binding.priority:
            self._take(event)
            await self.app.run_action(active.binding.action, active.node)

    @staticmethod
    def _take(event: events.Key) -> None:
        event.stop()
        event.prevent_default()

    def _enter(self, value: int) -> None:
        cell = self.cursor
        if self.grid.puzzle.is_given(cell):
            self.app.bell()
            return
        if self.grid[cell] == value:
            return
        self.grid.set(cell, value)
        self.hint_cells = frozenset()
        self.set_class(False, "-solved")
        self.refresh()
        self.post_message(self.Changed(self, cell, value))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self._plan.cell_at_offset(offset.x, offset.y)
        if cell is not None:
            self.cursor = cell
        self.focus()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # ---- drawing -----------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        plan = self._plan
        if y >= plan.height:
            return Strip.blank(self.size.width)
        style = self.get_component_rich_style
        base = self.rich_style
        heavy, light = base + style("board--heavy"), base + style("board--light")
        board_row = plan.row_at_y[y]
        segments: list[Segment] = []
        col = 0
        for text, kind in plan.line_rows[y]:
            if kind == "cell":
                cell = self.grid.shape.cell_at[(board_row, col)]
                segments.append(self._cell_segment(cell, base))
                col += 1
            elif kind == "gap":
                segments.append(Segment(text, base))
                col += 1
            elif kind == "blank":
                segments.append(Segment(text, base))
            else:
                segments.append(Segment(text, heavy if kind == "heavy" else light))
        return Strip(segments, plan.width).extend_cell_length(self.size.width, base)

    def _cell_segment(self, cell: int, base: Style) -> Segment:
        style = self.get_component_rich_style
        value = self.grid[cell]
        shape = self.grid.shape
        if value:
            text = f" {shape.symbol(value)} "
            look = style("board--given" if self.grid.puzzle.is_given(cell) else "board--entry")
        else:
            # A faint dot keeps empty cells visible where no lines separate them.
            text = " · " if self._plan.density == "compact" else "   "
            look = style("board--empty-mark")
        if cell in self.hint_cells:
            text = f"[{text[1:-1]}]"
            look = look + style("board--hint")
        if cell == self.cursor:
            look = look + style("board--cursor" if self.has_focus else "board--cursor-blurred")
        return Segment(text, base + look)
