"""Several cells at once: the rectangle of cells ``shift`` with an arrow selects.

A :class:`Selection` is an anchor (where ``shift`` was first held) and the
cursor; the cells between them, row by row, are what a value, a clear or a
mark applies to (:meth:`~sudoku_tui.game.play.Play.enter_each` and
:meth:`~sudoku_tui.game.play.Play.toggle_mark_each` make that one undoable
move). Without an anchor the selection is the cursor's cell alone. No screen
here: the board keeps one, the session reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.board.geometry import Shape


@dataclass(frozen=True)
class Selection:
    """The cells from ``anchor`` to ``cursor`` (a rectangle), or ``cursor`` alone when ``anchor`` is None."""

    cursor: int = 0
    anchor: int | None = None

    def moved(self, cell: int, *, extend: bool) -> Selection:
        """The cursor on ``cell``: the rectangle grows from its anchor (``extend``), or collapses to the cell."""
        if not extend:
            return Selection(cell)
        return Selection(cell, self.cursor if self.anchor is None else self.anchor)

    @property
    def several(self) -> bool:
        return self.anchor is not None and self.anchor != self.cursor

    def cells(self, shape: Shape) -> tuple[int, ...]:
        """The selected cells, row by row; a Samurai's gaps (no cells there) are skipped."""
        if self.anchor is None or not (0 <= self.anchor < shape.size) or not (0 <= self.cursor < shape.size):
            return (self.cursor,)
        (row_a, col_a), (row_b, col_b) = shape.positions[self.anchor], shape.positions[self.cursor]
        rows = range(min(row_a, row_b), max(row_a, row_b) + 1)
        cols = range(min(col_a, col_b), max(col_a, col_b) + 1)
        cell_at = shape.cell_at
        return tuple(cell_at[(row, col)] for row in rows for col in cols if (row, col) in cell_at)
