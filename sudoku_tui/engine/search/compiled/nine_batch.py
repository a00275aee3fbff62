"""Classic 9x9 puzzles counted in bulk by the 9x9 counter, a budget a call.

The counter is its machine code from an earlier run where there is one
(machine_code.py: no Numba to load), else Numba's compiled kernel9. The kernel works
through the rows a budget of branch nodes per call (Python runs between two
calls, so Ctrl-C is heard within one budget); a row that a whole budget did
not settle gets -1, for the caller's resumable search. The machine code is
written once the answers are out (:func:`keep_machine_code`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from functools import cache

import numpy as np

from ...progress import ProgressCallback
from . import machine_code
from .nine_file import count_text, nine_givens

# Branch nodes per kernel call on a 9x9 board: some 50 ms of search, so
# Ctrl-C is heard at once and calls cost nothing.
NODES_PER_CALL = 1 << 15

CountBatch = Callable[[np.ndarray, int, int, int, np.ndarray, np.ndarray, np.ndarray], int]


def count_nine(givens: np.ndarray, limit: int, progress: ProgressCallback | None = None) -> np.ndarray:
    """Counts of an ``(n, 81)`` uint8 array of givens up to ``limit``; -1
    where a call's budget ran out."""
    count_batch, (stack, tally) = _counter()
    rows = givens.shape[0]
    counts = np.zeros(rows, dtype=np.int64)
    row = 0
    while row < rows:
        row = count_batch(givens, row, NODES_PER_CALL, limit, counts, stack, tally)
        if progress is not None:
            progress(row, rows)
    return counts


def count_nine_file(
    data: bytes | bytearray,
    limit: int,
    recount: Callable[[tuple[int, ...]], int],
    progress: ProgressCallback | None = None,
) -> str | None:
    """What ``solve --count`` prints for a whole file of classic 9x9 puzzles,
    from its bytes (nine_file.py) with no Python step per line; None when the
    file is not one of the layouts read so, or not valid (read it the usual way).

    ``recount(givens)`` counts a puzzle whose call ran its budget out (the
    resumable search, which polls between budgets as well)."""
    givens = nine_givens(data)
    if givens is None:
        return None
    counts = count_nine(givens, limit, progress)
    for row in np.flatnonzero(counts < 0).tolist():  # the few the kernel handed on
        counts[row] = recount(tuple(givens[row].tolist()))
    return count_text(counts, limit).decode("ascii")


def _counter() -> tuple[CountBatch, tuple[np.ndarray, np.ndarray]]:
    """The loaded machine code's count_batch where there is one, else Numba's."""
    machine = machine_code.loaded()
    if machine is not None:
        return machine.count_batch, machine.scratch()
    # Numba loads only where no machine code does.
    from . import kernel9

    return kernel9.count_batch, kernel9.scratch()


@cache
def keep_machine_code() -> None:
    """Where Numba counted, write the machine code for the next run (once a
    process): only a saving of time, so whatever fails leaves things as they were."""
    if machine_code.loaded() is None:
        with suppress(Exception):
            machine_code.save()
