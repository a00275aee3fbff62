"""A ``sudoku-tui serve web`` of the tests' own, on 127.0.0.1, with its log in a file."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, server: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError("the web server stopped")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the web server did not listen")


class WebServer:
    """The server as a process: its address and its log (stderr)."""

    def __init__(self, folder: Path, *options: str) -> None:
        self.port = free_port()
        self.log_file = folder / "server.log"
        with self.log_file.open("wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "sudoku_tui",
                    "serve",
                    "web",
                    "--listen",
                    f"127.0.0.1:{self.port}",
                    "--data",
                    str(folder / "data"),
                    *options,
                ],
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        wait_for_port(self.port, self.process)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def websocket_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def log(self) -> str:
        return self.log_file.read_text(errors="replace")

    def wait_for_log(self, text: str, times: int = 1, timeout: float = 60.0) -> str:
        """The log, once ``text`` is in it ``times`` times."""
        deadline = time.monotonic() + timeout
        while self.log().count(text) < times:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never reached the log:\n{self.log()}")
            time.sleep(0.1)
        return self.log()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
