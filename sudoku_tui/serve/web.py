"""``sudoku-tui serve web``: the game in a browser tab, on textual-serve.

textual-serve starts the command once per browser tab (its own process, as
over SSH) and draws it in the page. Every tab plays as a guest, whose games
last for the tab: a browser brings no key, and naming a player by a cookie or
a name typed in would let anyone who copies it play as someone else, so the
web server names no one (docs/serving.md says why). The same limits as over
SSH hold inside each game process: the puzzle folders, the memory cap, the
lower priority, and the turns at making puzzles.
"""

from __future__ import annotations

import os
import shlex

from .game_terminal import game_command
from .server_settings import ServerSettings


def run_web(settings: ServerSettings, host: str, port: int, public_url: str | None) -> None:
    """Serve until SIGTERM or Ctrl+C."""
    from textual_serve.server import Server

    # textual-serve gives each tab's process the server's own environment, with its own
    # driver settings on top: what a guest's game is told goes there.
    os.environ.update(settings.game_environment(None, os.environ.get("TERM", "xterm-256color")))
    server = Server(shlex.join(game_command()), host=host, port=port, title="Sudoku", public_url=public_url)
    server.serve()
