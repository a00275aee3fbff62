"""Whatever bytes a player types and whatever size a terminal reports, the real game on a
pseudo-terminal never shows a traceback and still answers a key."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pty_game import PtyGame

START_LINE = "Press o to open a puzzle file."
PALETTE = "Search for commands…"
# Ends a bracketed paste that random bytes may have begun (else every later key is pasted
# text), then Escapes: whatever dialog or palette the bytes opened is closed.
CALM = "\x1b[201~"
# A quarter of the profile's examples: each is about two seconds of a real game (the CI profile: 15).
FUZZ_EXAMPLES = max(1, settings().max_examples // 4)


def assert_nothing_of_the_install(seen: str) -> None:
    """No traceback, nor a path into the libraries one would show (the Open dialog shows
    the bundled puzzles' folder on purpose, so the game's own folder is not looked for)."""
    assert "Traceback" not in seen, seen[-3000:]
    assert str(Path(textual.__file__).parent) not in seen, seen[-3000:]


class LongGame:
    """One game for many examples, started again only when the bytes quit it (ctrl+q is a key too)."""

    def __init__(self, data_home: Path) -> None:
        self.data_home = data_home
        self.game = self._start()

    def _start(self) -> PtyGame:
        game = PtyGame.running([sys.executable, "-m", "sudoku_tui"], self.data_home)
        game.wait_for(START_LINE)
        return game

    def answers_a_key(self) -> None:
        """After a calming sequence, ctrl+p opens the command palette, and Escape closes it."""
        game = self.game
        game.press(CALM, "\x1b", "\x1b", pause=0.15)
        if game.process.poll() is not None:  # the bytes quit the game: fine, if it quit cleanly
            assert game.finish() == 0, game.seen()[-3000:]
            assert_nothing_of_the_install(game.seen())
            self.game = game = self._start()
        mark = len(game.output)
        game.press("\x10")
        deadline = time.monotonic() + 30
        while PALETTE not in bytes(game.output[mark:]).decode("utf-8", "replace"):
            assert game.process.poll() is None and time.monotonic() < deadline, game.seen()[-3000:]
            time.sleep(0.05)
        game.press("\x1b")

    def end(self) -> None:
        self.game.press(CALM, "\x1b", "\x1b", "\x11")  # ctrl+q
        assert self.game.finish() == 0, self.game.seen()[-3000:]
        assert_nothing_of_the_install(self.game.seen())


@pytest.fixture
def long_game(tmp_path: Path) -> Iterator[LongGame]:
    game = LongGame(tmp_path / "fuzz-home")
    yield game
    game.end()


# One game for every example, on purpose: starting a game per example would take minutes.
@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.binary(min_size=1, max_size=64))
def test_random_bytes_never_crash_the_game(long_game: LongGame, typed: bytes) -> None:
    game = long_game.game
    os.write(game.master, typed)
    time.sleep(0.2)
    assert_nothing_of_the_install(game.seen())
    long_game.answers_a_key()
    assert_nothing_of_the_install(long_game.game.seen())


def test_a_huge_terminal_is_laid_out_within_bounds(tmp_path: Path) -> None:
    game = PtyGame.running([sys.executable, "-m", "sudoku_tui"], tmp_path / "home", columns=65535, rows=65535)
    game.wait_for(START_LINE)
    status = Path(f"/proc/{game.process.pid}/status").read_text()
    peak_mib = int(status.split("VmHWM:")[1].split()[0]) // 1024
    game.press("q")
    assert game.finish() == 0, game.seen()[-3000:]
    assert peak_mib < 400  # laid out to 65535 x 65535 it took over 4 GiB
