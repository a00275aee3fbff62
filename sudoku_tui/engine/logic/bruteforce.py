"""A small counting search for the logic package's own needs.

The uniqueness techniques are only sound on a puzzle with one solution, and
the grader must know that before it starts; the tests need solutions to
check every step against. The project's fast solver is the better tool when
it is available, so it is tried first.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..geometry import Shape
from .grid import CandidateGrid, bit


def _search(grid: CandidateGrid, limit: int, found: list[tuple[int, ...]]) -> None:
    cands, values, t = grid.cands, grid.values, grid.t
    # Propagate naked and hidden singles before branching.
    while True:
        progress = False
        best, best_count = -1, 99
        for cell, value in enumerate(values):
            if value:
                continue
            count = cands[cell].bit_count()
            if count == 0:
                return
            if count == 1:
                grid.place(cell, cands[cell].bit_length())
                progress = True
            elif count < best_count:
                best, best_count = cell, count
        if not progress:
            for house in t.houses:
                seen_once = seen_twice = placed = 0
                for c in house:
                    if values[c]:
                        placed |= bit(values[c])
                    else:
                        m = cands[c]
                        seen_twice |= seen_once & m
                        seen_once |= m
                if (seen_once | placed) != (1 << grid.n) - 1:
                    return
                single = seen_once & ~seen_twice & ~placed
                if single:
                    for c in house:
                        if cands[c] & single:
                            grid.place(c, (cands[c] & single & -(cands[c] & single)).bit_length())
                            progress = True
                            break
            if not progress:
                break
    if best < 0:
        # Full: make sure no house repeats a value (singles can collide).
        for house in t.houses:
            if len({values[c] for c in house}) != len(house):
                return
        found.append(tuple(values))
        return
    mask = cands[best]
    while mask and len(found) < limit:
        low = mask & -mask
        mask ^= low
        child = grid.copy()
        child.place(best, low.bit_length())
        _search(child, limit, found)


def solutions(shape: Shape, givens: Sequence[int], limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of a puzzle."""
    for cell, value in enumerate(givens):
        if value and any(givens[p] == value for p in shape.peers[cell]):
            return []
    found: list[tuple[int, ...]] = []
    _search(CandidateGrid(shape, givens), limit, found)
    return found[:limit]


def count_solutions(shape: Shape, givens: Sequence[int], limit: int = 2) -> int:
    """The fast solver's count (``solutions`` above stays the independent check in tests)."""
    from ..puzzle import Puzzle
    from ..solver import count_solutions as fast_count

    return fast_count(Puzzle(shape, tuple(givens)), limit)
