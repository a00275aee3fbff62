"""How long a game's replay labels take: 200-move games on the pure search.

    python -m benchmarks.bench_labels [--quick]

Each game is played on a real puzzle, the way a careful player would: the
logic runner solves the puzzle, and each of its steps becomes moves (its
eliminations marks removed, a few at most, its placements values), with
marks written now and then, a wrong value every 25 moves taken back by
clearing it, and an undo and redo; 200 moves in all (Solve ends a game
whose logic gets stuck). Labelling a game (``label_game``: every move's
label and the longest waits) is timed in CPU seconds (``resource.getrusage``:
the machine is shared, and wall time counts the others' work too), with the
logic's memos emptied before each game, as in a fresh process. The search
is the pure-Python one of the base install (``SUDOKU_TUI_NO_JIT=1``). The
bundled 9x9 puzzles are always measured; public sets in ../shared/data are
added when there. Target: a 200-move game in a few seconds.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import statistics
from collections import Counter
from pathlib import Path

from .data import DATA, PUZZLES, sample

os.environ["SUDOKU_TUI_NO_JIT"] = "1"  # before the engine loads: the base install's search

from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.files.formats import read_puzzle_file
from sudoku_tui.engine.logic.memo import Memo
from sudoku_tui.engine.logic.runner import solve_logically
from sudoku_tui.engine.search.solver import solve
from sudoku_tui.game.replay.labels import Move, MoveKind, label_game

MOVES = 200
FILES = [PUZZLES / f"9x9-{level}.txt" for level in ("easy", "medium", "hard", "unfair", "extreme")]
FILES += [DATA / "9x9" / name for name in ("qqwing-expert.txt", "top1465.txt", "forum-hardest-1106.txt")]


def cpu_seconds() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (5 min {five:.1f})"


def logical_moves(puzzle: Puzzle, solution: tuple[int, ...]) -> list[Move]:
    """The logic runner's way through the puzzle as moves: a few marks removed
    a step (its eliminations), then its values; a wrong value every 25 moves,
    cleared at once; an undo and a redo at the 40th move."""
    moves: list[Move] = []
    for step in solve_logically(puzzle, unique=True).steps:
        moves += [Move(MoveKind.UNMARK, cell, value) for cell, value in step.eliminations[:3]]
        for cell, value in step.placements:
            if len(moves) % 25 == 24:
                moves += [Move(MoveKind.VALUE, cell, solution[cell] % 9 + 1), Move(MoveKind.CLEAR, cell)]
            moves.append(Move(MoveKind.VALUE, cell, value))
            if len(moves) == 40:
                moves += [Move(MoveKind.UNDO), Move(MoveKind.REDO)]
    return moves


def game_of(puzzle: Puzzle, solution: tuple[int, ...], seed: int) -> list[Move]:
    """200 moves playing the puzzle (see the module's docstring): the logical
    moves, with marks written and rubbed out on empty cells between them up
    to 199 moves, then Solve; each move 0.8 to 20 s after the last."""
    rng = random.Random(seed)
    logical = logical_moves(puzzle, solution)[: MOVES - 1]
    pairs = (MOVES - 1 - len(logical)) // 2
    values = list(puzzle.givens)
    played: list[Move] = []
    for index, move in enumerate(logical):
        for _ in range(pairs * (index + 1) // len(logical) - pairs * index // len(logical)):
            cell = rng.choice([c for c, v in enumerate(values) if not v] or [move.cell])
            wrong = rng.choice([v for v in range(1, 10) if v != solution[cell]])
            played += [Move(MoveKind.MARK, cell, wrong), Move(MoveKind.UNMARK, cell, wrong)]
        played.append(move)
        if move.kind is MoveKind.VALUE:
            values[move.cell] = move.value
        elif move.kind is MoveKind.CLEAR:
            values[move.cell] = 0
    played.append(Move(MoveKind.SOLVE))
    clock = 0
    timed = []
    for move in played[:MOVES]:
        clock += rng.randint(800, 20_000)
        timed.append(Move(move.kind, move.cell, move.value, clock))
    return timed


def measure(path: Path, count: int) -> tuple[str, list[float]]:
    puzzles = read_puzzle_file(path)
    times: list[float] = []
    labels: Counter[str] = Counter()
    for number, line in enumerate(sample(puzzles.lines, count)):
        puzzle = Puzzle.from_line(puzzles.shape, line)
        solution = solve(puzzle)
        if solution is None:
            continue
        moves = game_of(puzzle, solution, number)
        for memo in (obj for obj in gc.get_objects() if isinstance(obj, Memo)):
            memo.clear()  # cold, as in a fresh process
        start = cpu_seconds()
        answer = label_game(puzzle, solution, moves)
        times.append(cpu_seconds() - start)
        labels.update(label for label in answer.labels if label is not None)
    guesses = labels["guess"] / max(sum(labels.values()), 1)
    line = (
        f"{path.name:<26}{len(times):>3} games of {MOVES} moves | CPU median {statistics.median(times):5.2f} s, "
        f"slowest {max(times):5.2f} s | guess {guesses:5.1%}, mistake {labels['mistake']} | {load()}"
    )
    return line, times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 games a file instead of 20")
    args = parser.parse_args(argv)
    count = 5 if args.quick else 20
    every: list[float] = []
    print(f"Labelling {MOVES}-move games, pure-Python search (target: a few seconds a game); {load()}")
    for path in FILES:
        if not path.exists():
            print(f"{path.name:<26}skipped: absent", flush=True)
            continue
        line, times = measure(path, count)
        every += times
        print(line, flush=True)
    every.sort()
    p90 = every[int(len(every) * 0.9)]
    print(f"all {len(every)} games: median {statistics.median(every):.2f} s, 90th percentile {p90:.2f} s, ", end="")
    print(f"slowest {every[-1]:.2f} s CPU; {load()}")


if __name__ == "__main__":
    main()
