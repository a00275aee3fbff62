"""The plain mode as a player meets it: ``sudoku-tui --plain FILE`` on a real pseudo-terminal,
its line discipline echoing and editing, a whole game typed, and the game resumed on the next start."""

from __future__ import annotations

import sys
from pathlib import Path

from sudoku_tui.game import texts
from tests.plain.plain_helpers import FOUR
from tests.ui.pty_game import PtyGame

# The terminal made the game's controlling one first, as a terminal window's shell does: Ctrl+C
# then reaches the game as a signal.
ON_ITS_TERMINAL = (
    "import fcntl, sys, termios\n"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "from sudoku_tui.cli import main\n"
    "sys.exit(main(['--plain', *sys.argv[1:]]))\n"
)


def plain_game(data_home: Path, *words: str) -> PtyGame:
    return PtyGame.running([sys.executable, "-c", ON_ITS_TERMINAL, *words], data_home)


def typed(game: PtyGame, line: str, answer: str) -> None:
    game.press(line + "\r", pause=0.05)
    game.wait_for(answer)


def test_a_whole_game_through_a_pty_then_resumed(tmp_path: Path) -> None:
    game = plain_game(tmp_path, str(FOUR))
    try:
        game.wait_for("4x4-easy.txt, puzzle 0, 4x4: 12 empty cells.")
        game.wait_for("r1c1, empty, possible 1 3.")
        typed(game, "r2c1", "r2c1, empty, possible 1.")
        typed(game, "1", "r2c1, 1.")
        typed(game, "read row 2", "Row 2: 1, 4, 3, empty. Missing 2.")
        typed(game, "hint", "Hint: Full House")
        typed(game, "hint", "Full House: r2c4 is the last empty cell of row 2")
        typed(game, "hint", "Applied Full House: r2c4=2")
        typed(game, "check", texts.PLAIN_NOT_FULL)
        typed(game, "r1c1 3", "r1c1, 3.")
        game.press("\x04")  # Ctrl+D: the end of input saves and quits
        game.wait_for(texts.PLAIN_GOODBYE)
        assert game.finish() == 0
    finally:
        PtyGame.end_leftovers()
    assert "Traceback" not in game.seen()
    game = plain_game(tmp_path)
    try:
        game.wait_for("Saved game: 4x4-easy.txt, puzzle 0 (4x4)")
        typed(game, "resume", "Your game of this puzzle was resumed")
        typed(game, "r1c1", "r1c1, 3.")
        typed(game, "solve", texts.PLAIN_SOLVED_BY_SOLVE)
        typed(game, "check", texts.SOLVED)
        game.press("\x03")  # Ctrl+C at the prompt: saved, and a clean end
        game.wait_for(texts.PLAIN_GOODBYE)
        assert game.finish() == 0
    finally:
        PtyGame.end_leftovers()
    assert "Traceback" not in game.seen()
