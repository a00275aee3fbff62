"""What recording a game's moves costs: the bytes of a long game, and a save at its end.

    python -m benchmarks.bench_recording [--quick]

A 30-minute game of 600 moves (one every three seconds: marks written and
rubbed out, values entered and cleared, an undo and a redo now and then) is
played through a :class:`~sudoku_tui.game.session.Session` on a SQLite store
in a file, as the game plays. It prints the bytes the moves take, and the CPU
time of one save (the game's record made and written: what every key costs)
after the first move and after the 600th, each the median of many saves
(``time.process_time``: the machine is shared). Target: a save at move 600
as fast as one at move 1, within the noise.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.game.replay.recording import encode_moves
from sudoku_tui.game.session import Session
from sudoku_tui.game.store.sqlite import SqliteStore
from sudoku_tui.paths import bundled_puzzles

MOVES = 600
GAP = 3.0  # seconds between moves: 600 moves in 30 minutes


class GameTime:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def play_move(session: Session, number: int, empty: list[int]) -> None:
    """The ``number``-th move of the game: a cycle of mark, unmark, value, clear on the empty cells."""
    cell = empty[(number // 4) % len(empty)]
    value = number % 9 + 1
    step = number % 4
    if number % 50 == 49:
        session.undo()
    elif number % 50 == 0 and number:
        session.redo()
    elif step in (0, 1):
        session.toggle_mark(cell, value)
    elif step == 2:
        session.enter(cell, value)
    else:
        session.enter(cell, 0)


def save_time(session: Session, saves: int) -> float:
    """The median CPU seconds of one save of the game as it stands."""
    times = []
    for _ in range(saves):
        start = time.process_time()
        session.save_game(force=True)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer saves timed")
    saves = 50 if parser.parse_args(argv).quick else 400
    puzzles = read_puzzle_file(bundled_puzzles() / "9x9-medium.txt")
    with tempfile.TemporaryDirectory() as folder:
        clock = GameTime()
        session = Session(SqliteStore(Path(folder) / "store.sqlite3"), now=clock)
        session.start_own(puzzles.puzzle(0))
        empty = [cell for cell, value in enumerate(session.play.values) if not value]
        number = 0
        while len(session.moves) < 1:
            clock.now += GAP
            play_move(session, number, empty)
            number += 1
        save_time(session, saves // 4)  # warm: the first saves pay for the statements' preparing
        first = save_time(session, saves)
        while len(session.moves) < MOVES:
            clock.now += GAP
            play_move(session, number, empty)
            number += 1
        last = save_time(session, saves)
        moves = session.moves
        data = session.recorder.data()
        assert encode_moves(moves) == data
        session.quit()
    minutes = moves[-1].at_ms / 60_000
    print(f"{len(moves)} moves in {minutes:.0f} minutes: {len(data)} bytes ({len(data) / len(moves):.2f} a move)")
    print(
        f"one save (CPU, median of {saves}): at move 1 {first * 1e6:.0f} us, at move {len(moves)} {last * 1e6:.0f} us"
    )
    start = time.process_time()
    for _ in range(20):
        encode_moves(moves)
    afresh = (time.process_time() - start) / 20
    print(f"(encoding all {len(moves)} moves afresh, which no save does: {afresh * 1e6:.0f} us)")


if __name__ == "__main__":
    main()
