"""Subsets: Locked Pair/Triple, Naked and Hidden Pair, Triple, Quadruple."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of
from .step import Step, cells_text, house_text, values_text

SIZE_NAMES = {2: "Pair", 3: "Triple", 4: "Quadruple"}


def _naked(grid: CandidateGrid, size: int, locked: bool) -> Iterator[Step]:
    """``size`` cells of a house whose candidates together are ``size`` values:
    those values belong to these cells, so the house's other cells lose them.

    A locked subset sits in a line and a box at once and clears both; HoDoKu
    names it apart.
    """
    t, shape, cands = grid.t, grid.shape, grid.cands
    seen: set[tuple[int, ...]] = set()
    for index, house in enumerate(t.houses):
        empty = [c for c in house if cands[c] and cands[c].bit_count() <= size]
        if len(empty) < size:
            continue
        for group in combinations(empty, size):
            union = 0
            for c in group:
                union |= cands[c]
            if union.bit_count() != size:
                continue
            common = set(t.cell_houses[group[0]])
            for c in group[1:]:
                common &= set(t.cell_houses[c])
            is_locked = size <= 3 and len(common) >= 2 and any(t.kinds[h] == "box" for h in common)
            if locked and not is_locked:
                continue
            targets = sorted(common) if locked else [index]
            removed: set[tuple[int, int]] = set()
            for h in targets:
                for c in t.houses[h]:
                    if c not in group and cands[c] & union:
                        removed.update((c, v) for v in digits_of(cands[c] & union))
            if not removed:
                continue
            if locked:
                if tuple(group) in seen:
                    continue
                seen.add(tuple(group))
            values = digits_of(union)
            name = ("Locked " if locked else "Naked ") + SIZE_NAMES[size]
            where = " and ".join(house_text(shape, h) for h in targets)
            yield Step(
                name,
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
    t, shape, cands, values = grid.t, grid.shape, grid.cands, grid.values
    for index, house in enumerate(t.houses):
        places: dict[int, list[int]] = {}
        present = 0
        for c in house:
            if values[c]:
                present |= bit(values[c])
        for v in range(1, grid.n + 1):
            if present & bit(v):
                continue
            where = [c for c in house if cands[c] & bit(v)]
            if 1 <= len(where) <= size:
                places[v] = where
        if len(places) < size:
            continue
        # A hidden subset of size k in a house with k+m empty cells is the
        # naked subset of the other m; HoDoKu still reports the hidden one.
        for group in combinations(sorted(places), size):
            cells: set[int] = set()
            for v in group:
                cells.update(places[v])
            if len(cells) != size:
                continue
            keep = 0
            for v in group:
                keep |= bit(v)
            removed = tuple(sorted((c, v) for c in cells for v in digits_of(cands[c] & ~keep)))
            if not removed:
                continue
            yield Step(
                "Hidden " + SIZE_NAMES[size],
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
