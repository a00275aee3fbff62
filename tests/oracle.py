"""An independent count of solutions, for checking the engine's answers.

A plain depth-first search written here, on nothing of the engine but the
board's cells, houses and peers: naked and hidden singles before each
branch, then the cell with the fewest candidates. It is the check, so it
shares no code with the solver or the logic package.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tui.engine.board.geometry import Shape


def solutions(shape: Shape, givens: Sequence[int], limit: int = 2) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of a puzzle (none when the givens clash)."""
    for cell, value in enumerate(givens):
        if value and any(givens[p] == value for p in shape.peers[cell]):
            return []
    values = list(givens)
    full = (1 << shape.n) - 1
    cands = [0 if value else full for value in values]
    for cell, value in enumerate(values):
        if value:
            _remove_from_peers(shape, cands, cell, value)
    found: list[tuple[int, ...]] = []
    _search(shape, values, cands, limit, found)
    return found[:limit]


def _remove_from_peers(shape: Shape, cands: list[int], cell: int, value: int) -> None:
    mask = ~(1 << (value - 1))
    for peer in shape.peers[cell]:
        cands[peer] &= mask


def _place(shape: Shape, values: list[int], cands: list[int], cell: int, value: int) -> None:
    values[cell] = value
    cands[cell] = 0
    _remove_from_peers(shape, cands, cell, value)


def _naked_singles(shape: Shape, values: list[int], cands: list[int]) -> tuple[bool, int]:
    """Place every cell with one candidate. Returns (alive, the open cell with
    fewest candidates or -1); a cell with none kills the branch."""
    best, best_count = -1, shape.n + 1
    for cell, value in enumerate(values):
        if value:
            continue
        count = cands[cell].bit_count()
        if count == 0:
            return False, -1
        if count == 1:
            _place(shape, values, cands, cell, cands[cell].bit_length())
        elif count < best_count:
            best, best_count = cell, count
    return True, best


def _hidden_single(shape: Shape, values: list[int], cands: list[int]) -> bool | None:
    """Place one hidden single. True when one was placed, False when none was
    found, None when a house has no place left for a value."""
    full = (1 << shape.n) - 1
    for house in shape.houses:
        once = twice = placed = 0
        for c in house.cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
            else:
                twice |= once & cands[c]
                once |= cands[c]
        if (once | placed) != full:
            return None
        single = once & ~twice & ~placed
        if single:
            low = single & -single
            cell = next(c for c in house.cells if cands[c] & low)
            _place(shape, values, cands, cell, low.bit_length())
            return True
    return False


def _settle(shape: Shape, values: list[int], cands: list[int]) -> tuple[bool, int]:
    """Singles until none is left: (alive, the cell to branch on or -1 when full)."""
    while True:
        before = sum(1 for value in values if value)
        alive, best = _naked_singles(shape, values, cands)
        if not alive:
            return False, -1
        if sum(1 for value in values if value) != before:
            continue
        hidden = _hidden_single(shape, values, cands)
        if hidden is None:
            return False, -1
        if not hidden:
            return True, best


def _search(shape: Shape, values: list[int], cands: list[int], limit: int, found: list[tuple[int, ...]]) -> None:
    alive, best = _settle(shape, values, cands)
    if not alive:
        return
    if best < 0:
        # Full: make sure no house repeats a value (singles can collide).
        if all(len({values[c] for c in house.cells}) == len(house.cells) for house in shape.houses):
            found.append(tuple(values))
        return
    mask = cands[best]
    while mask and len(found) < limit:
        low = mask & -mask
        mask ^= low
        child_values, child_cands = list(values), list(cands)
        _place(shape, child_values, child_cands, best, low.bit_length())
        _search(shape, child_values, child_cands, limit, found)
