"""Subsets: Locked Pair/Triple, Naked and Hidden Pair, Triple, Quadruple."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of
from .memo import Memo
from .step import Step, TechniqueName, cells_text, house_text, values_text

NAKED = {2: TechniqueName.NAKED_PAIR, 3: TechniqueName.NAKED_TRIPLE, 4: TechniqueName.NAKED_QUADRUPLE}
LOCKED = {2: TechniqueName.LOCKED_PAIR, 3: TechniqueName.LOCKED_TRIPLE}
HIDDEN = {2: TechniqueName.HIDDEN_PAIR, 3: TechniqueName.HIDDEN_TRIPLE, 4: TechniqueName.HIDDEN_QUADRUPLE}

# The hidden subsets of one house and size, under its cells' candidates and values.
_HIDDEN: Memo[Step] = Memo()


def _search_order(grid: CandidateGrid) -> list[int]:
    """Boxes, then rows, then columns, then any other house: HoDoKu's order,
    which decides which of several subsets is taken first."""
    shape = grid.shape
    first = shape.box_houses + shape.row_houses + shape.column_houses
    return [*first, *(h for h in range(len(shape.houses)) if h not in set(first))]


def _naked(grid: CandidateGrid, size: int, locked: bool) -> Iterator[Step]:
    """``size`` cells of a house whose candidates together are ``size`` values:
    those values belong to these cells, so every house holding all of them
    loses those values elsewhere.

    A subset in a box and a line at once that clears both (the line outside
    the box) is locked, and HoDoKu names it apart; a locked one is always
    seen from its box.
    """
    shape, cands = grid.shape, grid.cands
    seen: set[tuple[int, ...]] = set()
    for index in shape.box_houses if locked else _search_order(grid):
        grid.check_stop()
        empty = [c for c in shape.house_cells[index] if cands[c] and cands[c].bit_count() <= size]
        for group in combinations(empty, size):
            if group in seen:
                continue
            step = _naked_step(grid, group, locked)
            if step is not None:
                seen.add(group)
                yield step


def _naked_step(grid: CandidateGrid, group: tuple[int, ...], locked: bool) -> Step | None:
    """The step of one group of cells, when it is a naked subset of the kind
    asked (locked or not) that clears something."""
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
    targets = sorted(common)
    removed: set[tuple[int, int]] = set()
    boxes = [h for h in targets if shape.house_kinds[h] == "box"]
    box_cells = shape.house_sets[boxes[0]] if boxes else frozenset()
    cleared_box = cleared_line = False
    for h in targets:
        is_box = shape.house_kinds[h] == "box"
        for c in shape.house_cells[h]:
            if c in group or not cands[c] & union:
                continue
            removed.update((c, v) for v in digits_of(cands[c] & union))
            if is_box:
                cleared_box = True
            elif c not in box_cells:
                cleared_line = True
    if not removed:
        return None
    if locked != (size <= 3 and cleared_box and cleared_line):
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
        f"so the other cells of {where} cannot hold them",
    )


def _hidden(grid: CandidateGrid, size: int) -> Iterator[Step]:
    """``size`` values that fit only in ``size`` cells of a house: those cells
    hold them, so their other candidates go."""
    shape, cands, values = grid.shape, grid.cands, grid.values
    for index in _search_order(grid):
        grid.check_stop()
        # A house's hidden subsets depend on its cells alone, which most steps leave as they were.
        cells = shape.house_cells[index]
        key = (shape, index, size, tuple(cands[c] for c in cells), tuple(values[c] for c in cells))
        yield from _HIDDEN.replay(key, _hidden_in(grid, index, size))


def _hidden_in(grid: CandidateGrid, index: int, size: int) -> Iterator[Step]:
    """The hidden subsets of one house."""
    shape, cands = grid.shape, grid.cands
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
