"""A game without a screen: the puzzle in play, its clock, saves, hints and new puzzles.

Nothing here imports Textual; the screen in ``sudoku_tui.ui`` draws a
:class:`~.session.Session` and sends it the player's actions.
"""
