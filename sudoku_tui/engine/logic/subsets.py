"""Subsets: Locked Pair/Triple, Naked and Hidden Pair, Triple, Quadruple."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of
from .step import Step, TechniqueName, cells_text, house_text, values_text

NAKED = {2: TechniqueName.NAKED_PAIR, 3: TechniqueName.NAKED_TRIPLE, 4: TechniqueName.NAKED_QUADRUPLE}
LOCKED = {2: TechniqueName.LOCKED_PAIR, 3: TechniqueName.LOCKED_TRIPLE}
HIDDEN = {2: TechniqueName.HIDDEN_PAIR, 3: TechniqueName.HIDDEN_TRIPLE, 4: TechniqueName.HIDDEN_QUADRUPLE}


def _naked(grid: CandidateGrid, size: int, locked: bool) -> Iterator[Step]:
    """``size`` cells of a house whose candidates together are ``size`` values:
    those values belong to these cells, so the house's other cells lose them.

    A locked subset sits in a line and a box at once and clears both; HoDoKu
    names it apart.
    """
    shape, cands = grid.shape, grid.cands
    seen: set[tuple[int, ...]] = set()
    for index, house in enumerate(shape.house_cells):
        grid.check_stop()
        empty = [c for c in house if cands[c] and cands[c].bit_count() <= size]
        for group in combinations(empty, size):
            step = _naked_step(grid, index, group, locked)
            if step is None or (locked and group in seen):
                continue
            if locked:
                seen.add(group)
            yield step


def _naked_step(grid: CandidateGrid, index: int, group: tuple[int, ...], locked: bool) -> Step | None:
    """The step of one group of cells of house ``index``, when it is a naked
    subset (locked, when asked) that clears something."""
    shape, cands = grid.shape, grid.cands
    size = len(group)
    union = 0
    for c in group:
        union |= cands[c]
    if union.bit_count() != size:
        return None
    common = set(shape.cell_houses[group[0]])
    for c in group[1:]:
        common &= set(shape.cell_houses[c])
    is_locked = size <= 3 and len(common) >= 2 and any(shape.house_kinds[h] == "box" for h in common)
    if locked and not is_locked:
        return None
    targets = sorted(common) if locked else [index]
    removed = {
        (c, v) for h in targets for c in shape.house_cells[h] if c not in group for v in digits_of(cands[c] & union)
    }
    if not removed:
        return None
    values = digits_of(union)
    where = " and ".join(house_text(shape, h) for h in targets)
    return Step(
        LOCKED[size] if locked else NAKED[size],
        eliminations=tuple(sorted(removed)),
        cells=group,
        houses=tuple(targets),
        values=values,
        explanation=f"{cells_text(shape, group)} hold only {values_text(shape, values)}, "
        f"so the other cells of {where} cannot",
    )


def _hidden(grid: CandidateGrid, size: int) -> Iterator[Step]:
    """``size`` values that fit only in ``size`` cells of a house: those cells
    hold them, so their other candidates go."""
    shape, cands = grid.shape, grid.cands
    for index in range(len(shape.houses)):
        grid.check_stop()
        places = {v: where for v, where in grid.missing_places(index).items() if 1 <= len(where) <= size}
        # A hidden subset of size k in a house with k+m empty cells is the
        # naked subset of the other m; HoDoKu still reports the hidden one.
        for group in combinations(sorted(places), size):
            cells = {c for v in group for c in places[v]}
            if len(cells) != size:
                continue
            keep = 0
            for v in group:
                keep |= bit(v)
            removed = tuple(sorted((c, v) for c in cells for v in digits_of(cands[c] & ~keep)))
            if removed:
                yield Step(
                    HIDDEN[size],
                    eliminations=removed,
                    cells=tuple(sorted(cells)),
                    houses=(index,),
                    values=group,
                    explanation=f"in {house_text(shape, index)}, {values_text(shape, group)} fit only in "
                    f"{cells_text(shape, cells)}, so those cells hold nothing else",
                )


def locked_pair(grid: CandidateGrid) -> Iterator[Step]:
    return _naked(grid, 2, True)


def locked_triple(grid: CandidateGrid) -> Iterator[Step]:
    return _naked(grid, 3, True)


def naked_pair(grid: CandidateGrid) -> Iterator[Step]:
    return _naked(grid, 2, False)


def naked_triple(grid: CandidateGrid) -> Iterator[Step]:
    return _naked(grid, 3, False)


def naked_quad(grid: CandidateGrid) -> Iterator[Step]:
    return _naked(grid, 4, False)


def hidden_pair(grid: CandidateGrid) -> Iterator[Step]:
    return _hidden(grid, 2)


def hidden_triple(grid: CandidateGrid) -> Iterator[Step]:
    return _hidden(grid, 3)


def hidden_quad(grid: CandidateGrid) -> Iterator[Step]:
    return _hidden(grid, 4)
