"""For puzzle authors: printing and drawing puzzles (and, later, batch tools).

Nothing here imports Textual; the drawing libraries (fpdf2 for PDF, Pillow
for PNG) come with the ``authors`` extra and are imported only when used.
"""
