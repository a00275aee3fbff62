"""The game's command line, when something fails that nothing else catches (no
memory left as the game is built, a bug as it starts to run): one sentence, exit 1,
and the traceback kept in the crash log, never on the player's terminal."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from pty_game import PtyGame

from sudoku_tui.game import texts

# The real entry, with the app failing where a test can make it fail.
BEFORE = (
    "import sys\n"
    "import sudoku_tui.ui as ui\n"
    "from sudoku_tui.cli import main\n"
    "class Failing(ui.SudokuApp):\n"
    "    def __init__(self, *args, **kwargs):\n"
    "        raise MemoryError()\n"
    "ui.SudokuApp = Failing\n"
    "sys.exit(main([]))\n"
)
AFTER = (
    "import sys\n"
    "import sudoku_tui.ui as ui\n"
    "from sudoku_tui.cli import main\n"
    "class Failing(ui.SudokuApp):\n"
    "    def run(self, *args, **kwargs):\n"
    "        raise RuntimeError('a bug as the game starts')\n"
    "ui.SudokuApp = Failing\n"
    "sys.exit(main([]))\n"
)


def said_after_exit(game: PtyGame, text: str, timeout: float = 30.0) -> str:
    """What the game drew, once it ended and ``text`` was read (bounded)."""
    game.process.wait(timeout)
    deadline = time.monotonic() + 5
    while text not in game.seen() and time.monotonic() < deadline:
        time.sleep(0.05)
    return game.seen()


@pytest.mark.parametrize(
    ("script", "error"), [(BEFORE, "MemoryError"), (AFTER, "RuntimeError: a bug")], ids=["built", "run"]
)
def test_an_uncaught_error_is_one_sentence_and_the_crash_log(tmp_path: Path, script: str, error: str) -> None:
    path = tmp_path / "failing.py"
    path.write_text(script)
    data_home = tmp_path / "data-home"
    game = PtyGame.running([sys.executable, str(path)], data_home)
    shown = said_after_exit(game, texts.GAME_STOPPED)
    assert game.finish() == 1
    log = data_home / "sudoku-tui" / "crash.log"
    assert "Traceback" not in shown and error not in shown
    assert texts.GAME_STOPPED in shown and texts.crash_written(log) in shown.replace("\r\n", "\n")
    assert "Traceback" in log.read_text() and error in log.read_text()
