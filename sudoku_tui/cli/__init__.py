"""The ``sudoku-tui`` command line (docs/command-line.md).

One module per group of commands, each command's options and handler side
by side, listed in the group's ``COMMANDS`` (a :class:`~.registry.Command`
each):

- ``play_command``: the game, without a command (the only part that loads Textual)
- ``solving_commands``: ``solve``, ``check``, ``explain``, ``grade``
- ``making_commands``: ``generate``, ``export`` (booklet and pictures)
- ``player_commands``: ``stats``, ``daily``
- ``author_commands``: ``canon``, ``dedupe``, ``minimal``, ``convert``
- ``serve_commands``: ``serve ssh|web`` (what runs a server is ``sudoku_tui.serve``)

``program`` builds the parser from those lists and runs a command; the
pieces the commands share are ``arguments`` (argument types), ``console``
(progress bar, failures, JSON lines), ``puzzle_files`` (reading FILE, the
``--index`` check), ``spreading`` (runs over ``--jobs`` or ``--dask``) and
``first_compile``. The sentences are in :mod:`sudoku_tui.game.texts`.

Nothing here imports Textual, numpy or Numba at import time: ``--help`` and
the parser stay fast, and a command loads what it needs when it runs.
"""

from .program import build_parser, main

__all__ = ["build_parser", "main"]
