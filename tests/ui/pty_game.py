"""The real program on a pseudo-terminal: a game process played by sending it keys.

Used where a test needs what only separate processes show (two games at once
sharing one store). The output is drained all the time, so the game never
blocks on a full terminal, and kept to look for what was drawn.
"""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import ClassVar


class PtyGame:
    """``sudoku-tui FILE`` on its own pseudo-terminal of ``columns`` x ``rows``."""

    # Games started and not yet ended: a failed test's game must not live on.
    _live: ClassVar[set[PtyGame]] = set()

    @classmethod
    def end_leftovers(cls) -> None:
        """Kill every game a test left running (its wait failed before the game quit)."""
        for game in list(cls._live):
            if game.process.poll() is None:
                os.killpg(game.process.pid, 9)
                game.process.wait()
            game._close()

    def __init__(self, file: Path, data_home: Path, columns: int = 80, rows: int = 24) -> None:
        self._start([sys.executable, "-m", "sudoku_tui", str(file)], data_home, columns, rows)

    @classmethod
    def running(cls, argv: list[str], data_home: Path, columns: int = 80, rows: int = 24) -> PtyGame:
        """Any command on the pseudo-terminal (a script that starts the game its own way)."""
        game = cls.__new__(cls)
        game._start(argv, data_home, columns, rows)
        return game

    def _start(self, argv: list[str], data_home: Path, columns: int, rows: int) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {**os.environ, "XDG_DATA_HOME": str(data_home), "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            # Ctrl+C reaches the game as from a terminal, even where this suite runs as a
            # shell's background job, which starts with SIGINT ignored (children inherit it).
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        os.close(slave)
        PtyGame._live.add(self)
        self.master = master
        self.output = bytearray()
        self._lock = threading.Lock()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.output += chunk

    def seen(self) -> str:
        with self._lock:
            return self.output.decode("utf-8", "replace")

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        """Until ``text`` was drawn (it is a test failure when it never is)."""
        deadline = time.monotonic() + timeout
        while text not in self.seen():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise AssertionError(f"{text!r} was not drawn; the game said:\n{self.seen()[-2000:]}")
            time.sleep(0.05)

    def press(self, *keys: str, pause: float = 0.15) -> None:
        for key in keys:
            os.write(self.master, key.encode())
            time.sleep(pause)

    def finish(self, timeout: float = 30.0) -> int:
        """Wait for the game to end; its exit status."""
        try:
            return self.process.wait(timeout)
        finally:
            if self.process.poll() is None:
                os.killpg(self.process.pid, 9)
                self.process.wait()
            self._close()

    def _close(self) -> None:
        if self in PtyGame._live:
            PtyGame._live.discard(self)
            os.close(self.master)
