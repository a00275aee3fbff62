"""Solving or counting every puzzle of a file, optionally over several processes.

Results come back in file order as the lines ``sudoku-tui solve`` prints.

The fast method hands a chunk of lines to the compiled search in one call at
a time (search/compiled/kernel_batch.py, nine_batch.py) and gets back counts and solution
lines: per puzzle there is no Python work at all unless it has several
solutions (then solver.solve finds the first) or the board is solved by SAT
(16x16, one puzzle at a time). Without
the compiled kernel (no ``fast`` extra) every puzzle goes through the public
API. With ``jobs > 1`` chunks go to a process pool and come back in order.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from ..board.geometry import Shape, square
from ..board.puzzle import Puzzle, format_line
from ..board.shapes import shape_for_size
from ..board.variants import line_fields_of
from ..files.reading import FileRefused, read_file_bytes
from ..progress import ProgressCallback
from ..search import backend
from ..search.compiled.machine_code import loaded as loaded_counter
from ..search.reference import solve_classic
from ..search.solver import count_solutions, counts_by_nine, in_order_budget, needs_sat, solve
from .workers import worker_count, worker_pool

# The line written for a puzzle without a solution (the game says texts.NO_SOLUTION).
NO_SOLUTION_LINE = "no solution"

# Puzzles per chunk: big enough that the call overhead vanishes, small
# enough for a smooth progress bar and bounded memory.
CHUNK = 4096


def _count_text(found: int, limit: int) -> str:
    return f"{found}+" if found >= limit else str(found)


def _answer(shape: Shape, line: str, method: str, count: bool, limit: int) -> str:
    """One puzzle, one output line, through the public API (classic, SAT, several solutions)."""
    puzzle = Puzzle.from_line(shape, line)
    if count:
        return _count_text(count_solutions(puzzle, limit), limit)
    solution = solve_classic(puzzle).solution if method == "classic" else solve(puzzle)
    return NO_SOLUTION_LINE if solution is None else format_line(puzzle.shape, solution)


def _fast_chunk(shape: Shape, lines: Sequence[str], count: bool, limit: int) -> list[str]:
    # One puzzle at a time: SAT boards, a jigsaw's or killer's shape (its own
    # each line), and every board without the compiled kernel.
    if needs_sat(shape) or line_fields_of(shape) is not None or not backend.compiled():
        return [_answer(shape, line, "fast", count, limit) for line in lines]
    # numpy and Numba load only where the search is compiled (the fast extra).
    from ..search.compiled.kernel_batch import count_nine_chunk, solve_chunk

    if count:
        if counts_by_nine(shape):
            counts = count_nine_chunk(shape, lines, limit)
        else:
            counts, _ = solve_chunk(shape, lines, True, limit, in_order_budget(shape))
        # A puzzle that ran a call's budget out (-1) is counted by the
        # resumable search, which polls between budgets as well.
        return [
            _count_text(found, limit) if found >= 0 else _answer(shape, lines[i], "fast", True, limit)
            for i, found in enumerate(counts)
        ]
    counts, out = solve_chunk(shape, lines, False, limit, in_order_budget(shape))
    for i, found in enumerate(counts):
        if found == 0:
            out[i] = NO_SOLUTION_LINE
        elif found != 1:  # several solutions, or a budget ran out: the public solver answers
            out[i] = _answer(shape, lines[i], "fast", False, limit)
    return out


def count_nine_file(path: Path, limit: int, jobs: int, progress: ProgressCallback | None = None) -> str | None:
    """``solve --count``'s whole output for a file of classic 9x9 puzzles,
    from the file's bytes straight to the compiled counter and back (no
    Python step per line); None when that is not the way: the counter is not
    compiled, ``jobs`` asks for several processes, or the file is not a plain
    or block-size 9x9 file without errors (then read it the usual way, which
    says what is wrong)."""
    shape = square(3)
    if worker_count(jobs, jobs) > 1 or path.suffix.lower() in (".sdk", ".ss", ".sdm"):
        return None
    # The counter's machine code from an earlier run, else Numba's counter (which loads Numba).
    if not backend.jit_wanted() or (loaded_counter() is None and not counts_by_nine(shape)):
        return None
    try:
        data = read_file_bytes(path)
    except FileRefused:
        return None
    # numpy loads only where the search is compiled (the fast extra).
    from ..search.compiled.nine_batch import count_nine_file as count_bytes

    def recount(givens: tuple[int, ...]) -> int:
        return count_solutions(Puzzle(shape, givens), limit)

    return count_bytes(data, limit, recount, progress)


def keep_nine_counter() -> None:
    """After a count by Numba's 9x9 counter, write its machine code, so that
    the next run counts without loading Numba (machine_code.py); nothing to
    do where the machine code counted, or nothing did."""
    if "numba" not in sys.modules or not backend.jit_wanted():
        return
    # numpy, which the base install has not, loads only past the test above.
    from ..search.compiled.nine_batch import keep_machine_code

    keep_machine_code()


def _chunk_job(task: tuple[str, Sequence[str], str, bool, int]) -> list[str]:
    """Work of one chunk; the shape travels by name."""
    shape_name, lines, method, count, limit = task
    shape = shape_for_size(shape_name)
    if method == "classic":
        return [_answer(shape, line, method, count, limit) for line in lines]
    return _fast_chunk(shape, lines, count, limit)


def joined_chunk_job(task: tuple[str, str, str, bool, int]) -> str:
    """Work of one process-pool task. Lines travel joined into one string
    each way: pickling one string is far cheaper than thousands."""
    shape_name, joined, method, count, limit = task
    return "\n".join(_chunk_job((shape_name, joined.split("\n"), method, count, limit)))


def solve_lines(
    shape: Shape,
    lines: Sequence[str],
    method: str = "fast",
    count: bool = False,
    limit: int = 2,
    jobs: int = 1,
    progress: ProgressCallback | None = None,
) -> Iterator[str]:
    """Answer every line, in order: a solution line, ``no solution``, or with
    ``count`` the number of solutions (``N+`` at ``limit``)."""
    if method not in ("fast", "classic"):
        raise ValueError(f"unknown method {method!r}")
    total = len(lines)
    # The classic solver is slow per puzzle: small chunks keep the bar moving.
    size = CHUNK if method == "fast" else 16
    tasks = ((shape.name, lines[i : i + size], method, count, limit) for i in range(0, total, size))
    done = 0
    processes = worker_count(jobs, -(-total // size))
    if processes > 1:
        joined = ((name, "\n".join(part), how, many, top) for name, part, how, many, top in tasks)
        with worker_pool(processes) as pool:
            for text in pool.imap(joined_chunk_job, joined):
                answers = text.split("\n")
                yield from answers
                done += len(answers)
                if progress is not None:
                    progress(done, total)
        return
    for task in tasks:
        answers = _chunk_job(task)
        yield from answers
        done += len(answers)
        if progress is not None:
            progress(done, total)
