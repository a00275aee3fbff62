"""The board's drawing: where each character goes, what each cell shows, what a variant adds.

- :mod:`.layout`: the plan of a drawing (every character's place), from the shape alone;
- :mod:`.outlines`: what a variant adds (shaded cells, outlined regions and cages);
- :mod:`.cells`: what one cell shows, its highlights, the paused board;
- :mod:`.strips`: each screen line as a styled strip, and the caches that keep them.

The :class:`~sudoku_tui.ui.board.Board` widget, with its keys and mouse, stays
in ``ui/``: it says what is shown and asks these modules for its lines.
"""
