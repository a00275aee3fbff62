"""Control characters in file names and in a file's text never reach the terminal raw.

The real game on a pseudo-terminal, reading a file whose name (and folder)
holds a screen-clearing sequence and an OSC 52 one (which asks the terminal
to set the clipboard): every byte the game writes is looked at.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pty_game import PtyGame
from ui_puzzles import NINE_PUZZLES, block_file

CLEAR = "\x1b[2J"
CLIPBOARD = "\x1b]52;c;SGVsbG8=\x07"
FOLDER = f"box{CLEAR}"
NAME = f"wipe{CLEAR}clip{CLIPBOARD}.txt"


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A folder with a short path, so that the Open dialog's path box shows it whole."""
    with tempfile.TemporaryDirectory(prefix="n") as folder:
        yield Path(folder)


def _hostile_file(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / FOLDER
    folder.mkdir()
    path = folder / NAME
    path.write_text(text)
    return path


def _assert_nothing_raw(shown: bytes) -> None:
    assert b"\x1b]52" not in shown
    assert b"wipe\x1b" not in shown and b"box\x1b" not in shown


def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path: Path, short_dir: Path) -> None:
    path = _hostile_file(short_dir, block_file(3, NINE_PUZZLES))
    game = PtyGame(path, tmp_path / "data-home", columns=120, rows=30)
    game.wait_for("wipe\\x1b[2Jclip\\x1b]52;c;SGVsbG8=\\x07.txt")  # the Header's title
    game.press("o")  # the Open dialog: its tree lists the file, its path box names the folder
    game.wait_for("Open Puzzle File")
    game.wait_for("box\\x1b[2J/")
    game.press("\x11")  # ctrl+q quits from the dialog: Esc and q at once would read as Alt+q
    assert game.finish() == 0
    _assert_nothing_raw(bytes(game.output))


def test_a_file_that_cannot_be_read_says_so_escaped(tmp_path: Path) -> None:
    path = _hostile_file(tmp_path, f"not a puzzle{CLIPBOARD}\n{CLEAR}\n")
    game = PtyGame(path, tmp_path / "data-home", columns=120, rows=30)
    game.wait_for("OK")  # the error dialog, titled with the file's name
    game.wait_for("wipe\\x1b[2J")
    game.press("\r")
    game.press("q")
    assert game.finish() == 0
    _assert_nothing_raw(bytes(game.output))
