"""The board's drawing: where each character goes, what each cell shows, what a variant adds.

Only the drawing of the board lives here; the :class:`~sudoku_tui.ui.board.Board`
widget, with its keys and mouse, stays in ``ui/`` and asks these modules for
its lines.
"""
