"""The real game never waits on a file: a FIFO gets a
sentence instead of blocking the read for ever, and quitting while a big file
is being checked ends the game at once."""

from __future__ import annotations

import os
import time
from pathlib import Path

from pty_game import PtyGame

NINE = "1.3.5.7.9" + "." * 72


def test_a_fifo_gets_a_sentence_and_the_game_quits(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    game = PtyGame(fifo, tmp_path / "data-home")
    game.wait_for("is a pipe, not a puzzle file.")
    time.sleep(1.0)  # the dialog takes the keys once it is up
    game.press("\r")
    time.sleep(0.5)
    game.press("q")
    assert game.finish(timeout=30) == 0


def test_quitting_while_a_big_file_is_checked_does_not_wait_for_it(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    # A million labelled lines (91 MB): reading takes a moment, checking them
    # one by one some 20 s, and the quit comes at its start. Before the check
    # heard the stop, quitting waited for all of it.
    line = f"{NINE} a label\n".encode()
    with big.open("wb") as out:
        for _ in range(100):
            out.write(line * 10_000)
    game = PtyGame(big, tmp_path / "data-home")
    game.wait_for("Checking big.txt")
    game.press("q")
    assert game.finish(timeout=10) == 0
