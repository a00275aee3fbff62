"""What every command writes besides its results: a progress bar on a
terminal's stderr, one-sentence failures, and JSON lines."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn, TextIO

from ..game.printable import printable

# argparse's status for a usage error, which a --index out of range is too.
USAGE_ERROR = 2


class ProgressBar:
    """A one-line bar on a terminal's stderr; silent when stderr is not a terminal."""

    def __init__(self, total: int, label: str) -> None:
        self.stream: TextIO = sys.stderr
        self.total = max(total, 1)
        self.label = label
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = -1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        percent = done * 100 // self.total
        if percent == self._last:
            return
        self._last = percent
        width = 30
        filled = width * done // self.total
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {percent:3d}% {done}/{self.total}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self._last >= 0:
            self.stream.write("\r" + " " * (len(self.label) + 60) + "\r")
            self.stream.flush()

    def report(self, done: int, total: int) -> None:
        """The engine's progress callback: ``done`` of the total moves the bar
        (a total known only once the work started replaces the bar's)."""
        if total > 0:
            self.total = total
        self.update(done)


def fail(message: str, status: int = 1) -> int:
    """Say why the command stops, on stderr; its exit status. The sentence may quote a
    file's name or text, so its control characters are shown escaped."""
    print(printable(message, lines=True), file=sys.stderr)
    return status


def write_json(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")


class CommandParser(argparse.ArgumentParser):
    """argparse, whose errors quote the words typed (a file's name among them): shown
    escaped, as every failure is."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message))
