"""The plain mode played in-process: lines in, the answers as text, a real SQLite store."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from sudoku_tui.game.session import Session
from sudoku_tui.game.store.local import open_local_store
from sudoku_tui.paths import bundled_puzzles
from sudoku_tui.plain.game import PlainGame

FOUR = bundled_puzzles() / "4x4-easy.txt"
# 4x4-easy.txt's puzzle 0, .....43.2..1...., and its solution row by row.
SOLUTION = ("3214", "1432", "2341", "4123")


def played(
    data: Path, lines: Iterable[str], path: Path | None = None, *, working_after: float = 30.0
) -> tuple[str, PlainGame]:
    """Every line answered (then the end of input: the game saved), and the game, with the
    player's store in ``data``. ``working_after``: long, so fast tests never say "Working…"."""
    opened = open_local_store(data)
    out = io.StringIO()
    game = PlainGame(Session(opened.store), out, working_after=working_after)
    game.start(path, opened.notices)
    feed = iter(lines)

    def read() -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game.run(read)
    return out.getvalue(), game


def solving_lines() -> list[str]:
    """The values that solve 4x4-easy.txt's puzzle 0, each typed at its cell (givens skipped)."""
    givens = ".....43.2..1...."
    return [
        f"r{row + 1}c{col + 1} {value}"
        for row, line in enumerate(SOLUTION)
        for col, value in enumerate(line)
        if givens[row * 4 + col] == "."
    ]
