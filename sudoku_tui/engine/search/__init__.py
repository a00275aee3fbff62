"""Solving and counting.

``solver`` is what the rest of the engine and the game call: it picks, per
board, the depth-first search (``pure`` in plain Python, or the compiled one
in ``compiled/`` when the fast extra is installed; ``backend`` decides) or
SAT (``sat``), and gives the answers of ``reference``, the row-by-row solver.
"""

# The most solutions a count may be asked for: the compiled counter is a
# signed 64-bit integer. Here, so that the command line's parser can check
# --limit without loading a search.
MAX_LIMIT = (1 << 63) - 1
