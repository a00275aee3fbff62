"""The game in plain text, a line at a time, for screen readers and Braille displays
(``sudoku-tui --plain``, ``ssh -t HOST plain``; docs/plain.md).

A front end beside ``ui``: it plays the same session and store as the full-screen
game and never loads Textual.
"""
