"""A puzzle pasted through a real terminal: the game in tmux at 80x24, and tmux's
``paste-buffer -p`` sending the line as a bracketed paste (ESC[200~ … ESC[201~), as a
terminal does when the player pastes."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ui_puzzles import NINE_PUZZLES

from sudoku_tui.game import texts
from tests.serve.needs import need_program

PASTED = NINE_PUZZLES[2]  # one solution, easy


def until(seen: Callable[[], bool], what: Callable[[], str], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not seen():
        if time.monotonic() > deadline:
            raise AssertionError(what())
        time.sleep(0.1)


def test_a_line_pasted_in_tmux_is_played_and_text_that_is_no_puzzle_is_said(
    tmp_path: Path, puzzle_dir: Path, data_home: Path
) -> None:
    tmux = need_program("tmux")
    socket = f"sudoku-paste-{tmp_path.name}"

    def run(*args: str) -> str:
        return subprocess.run([tmux, "-L", socket, *args], capture_output=True, text=True, check=True).stdout

    def pane() -> str:
        return run("capture-pane", "-p")

    game = f"{shlex.quote(sys.executable)} -m sudoku_tui {shlex.quote(str(puzzle_dir / 'four.txt'))}"
    home = shlex.quote(str(data_home.parent))
    # The window stays after the game ends, so a failure shows what it said.
    run("new-session", "-d", "-x", "80", "-y", "24", f"env XDG_DATA_HOME={home} {game}; sleep 30")
    try:
        until(lambda: "four.txt" in pane(), pane)
        run("set-buffer", "hello")
        run("paste-buffer", "-p")
        until(lambda: texts.not_a_puzzle_length(5) in pane(), pane)
        assert "four.txt" in pane()  # nothing changed
        rows = "\n".join(PASTED[r * 9 : r * 9 + 9] for r in range(9))  # a grid, a row a line
        run("set-buffer", rows)
        run("paste-buffer", "-p")
        until(lambda: texts.own_title("9x9", "easy") in pane(), pane)
        # The board's first row of values is the pasted puzzle's (the digit counts sit right of the board).
        boards = [line.rsplit("┃", 1)[0] for line in pane().splitlines() if "│" in line]
        row = next(line for line in boards if any(c.isdigit() for c in line))
        assert [c for c in row if c.isdigit()] == [s for s in PASTED[:9] if s != "."]
        run("send-keys", "q")
    finally:
        subprocess.run([tmux, "-L", socket, "kill-server"], capture_output=True)
