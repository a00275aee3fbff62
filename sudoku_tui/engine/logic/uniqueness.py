"""Uniqueness: Unique Rectangle types 1-4 and BUG+1.

Sound only for a puzzle with exactly one solution (the runner checks): four
cells on two rows, two columns and two boxes that could all be x/y would let
x and y swap, giving a second solution, so the pattern must be broken.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of
from .step import Step, cells_text, values_text

Rect = tuple[int, int, int, int]  # a, b (a's row), c (a's column), d (diagonal to a)


# The four rectangle types ask in turn about the same grid: keep the last answer.
_last_rectangles: dict[tuple[int, ...], list[Rect]] = {}


def rectangles(grid: CandidateGrid) -> list[Rect]:
    """Every rectangle of empty cells that could form a deadly pattern."""
    key = tuple(grid.cands)
    found = _last_rectangles.get(key)
    if found is None:
        found = list(_rectangles(grid))
        _last_rectangles.clear()
        _last_rectangles[key] = found
    return found


def _rectangles(grid: CandidateGrid) -> Iterator[Rect]:
    t, shape, cands = grid.t, grid.shape, grid.cands
    for a in range(shape.size):
        if cands[a].bit_count() < 2:
            continue
        row_mates = [
            b for h in t.cell_kind_houses["row"][a] for b in t.houses[h] if b > a and cands[b].bit_count() >= 2
        ]
        col_mates = [
            c for h in t.cell_kind_houses["column"][a] for c in t.houses[h] if c > a and cands[c].bit_count() >= 2
        ]
        for b in row_mates:
            for c in col_mates:
                rc = shape.positions[c][0]
                cb = shape.positions[b][1]
                d = shape.cell_at.get((rc, cb))
                if d is None or cands[d].bit_count() < 2:
                    continue
                if _swappable(grid, (a, b, c, d)):
                    yield a, b, c, d


def _swappable(grid: CandidateGrid, rect: Rect) -> bool:
    """Two boxes, and every house meets the rectangle in zero or two
    neighbouring cells (never diagonal ones), so a swap keeps houses valid."""
    t = grid.t
    a, b, c, d = rect
    boxes = {h for cell in rect for h in t.cell_kind_houses["box"][cell]}
    if len(boxes) != 2:
        return False
    diagonal = ({a, d}, {b, c})
    counted: dict[int, set[int]] = {}
    for cell in rect:
        for h in t.cell_houses[cell]:
            counted.setdefault(h, set()).add(cell)
    return all(len(cells) == 2 and cells not in diagonal for cells in counted.values())


def _unique_rectangles(grid: CandidateGrid, kind: int) -> Iterator[Step]:
    shape, cands, t = grid.shape, grid.cands, grid.t
    name = f"Uniqueness Test {kind}"
    for rect in rectangles(grid):
        # The pair comes from the cells that hold exactly two values; the
        # other cells may have lost x or y already ("missing candidates"):
        # the swap argument is about solutions, not candidates.
        for pair in {cands[c] for c in rect if cands[c].bit_count() == 2}:
            x, y = digits_of(pair)
            floor = [c for c in rect if cands[c] == pair]
            roof = [c for c in rect if cands[c] != pair]
            if len(floor) < 2 or any(not cands[c] & pair for c in roof):
                continue
            text = f"{cells_text(shape, rect)} must not all end up {values_text(shape, (x, y))}"
            if kind == 1:
                if len(floor) != 3:
                    continue
                elims = tuple((roof[0], v) for v in (x, y) if cands[roof[0]] & bit(v))
                yield Step(
                    name,
                    eliminations=elims,
                    cells=rect,
                    values=(x, y),
                    score_key="Unique Rectangle",
                    explanation=text + f", so {shape.cell_name(roof[0])} is not {values_text(shape, (x, y))}",
                )
                continue
            if len(floor) != 2 or not _adjacent(grid, roof):
                continue
            extra = (cands[roof[0]] | cands[roof[1]]) & ~pair
            if kind == 2:
                if extra.bit_count() != 1 or any(not cands[c] & extra for c in roof):
                    continue
                z = extra.bit_length()
                targets = [c for c in grid.common_peers(roof) if cands[c] & extra]
                if targets:
                    yield Step(
                        name,
                        eliminations=tuple((c, z) for c in sorted(targets)),
                        cells=rect,
                        values=(x, y, z),
                        explanation=text + f", so {shape.symbol(z)} is in {cells_text(shape, roof)}",
                    )
            elif kind == 4:
                for h in set(t.cell_houses[roof[0]]) & set(t.cell_houses[roof[1]]):
                    for keep, lose in ((x, y), (y, x)):
                        places = grid.cells_with(h, keep)
                        if places and set(places) <= set(roof) and any(cands[c] & bit(lose) for c in roof):
                            yield Step(
                                name,
                                eliminations=tuple((c, lose) for c in roof if cands[c] & bit(lose)),
                                cells=rect,
                                houses=(h,),
                                values=(x, y),
                                explanation=text + f"; {shape.symbol(keep)} must be in "
                                f"{cells_text(shape, roof)}, so they cannot hold {shape.symbol(lose)}",
                            )
            elif kind == 3:
                yield from _type3(grid, rect, roof, extra, (x, y), text)


def _type3(
    grid: CandidateGrid, rect: Rect, roof: list[int], extra: int, pair: tuple[int, int], text: str
) -> Iterator[Step]:
    """The roof's extra values act as one virtual cell: with k other cells of a
    shared house holding only k+1 values together, they form a naked subset."""
    t, shape, cands = grid.t, grid.shape, grid.cands
    for h in set(t.cell_houses[roof[0]]) & set(t.cell_houses[roof[1]]):
        others = [c for c in t.houses[h] if cands[c] and c not in roof]
        for k in range(1, 4):
            for group in combinations(others, k):
                union = extra
                for c in group:
                    union |= cands[c]
                if union.bit_count() != k + 1:
                    continue
                # Every house that holds the roof and the group loses the values.
                shared = set(t.cell_houses[roof[0]]) & set(t.cell_houses[roof[1]])
                for c in group:
                    shared &= set(t.cell_houses[c])
                if min(shared) != h:
                    continue  # the same subset seen from its other house
                members = set(roof) | set(group)
                targets = sorted(
                    {
                        (c, v)
                        for sh in shared
                        for c in t.houses[sh]
                        if c not in members
                        for v in digits_of(cands[c] & union)
                    }
                )
                if targets:
                    yield Step(
                        "Uniqueness Test 3",
                        eliminations=tuple(sorted(targets)),
                        cells=rect + group,
                        houses=(h,),
                        values=pair,
                        explanation=text + f", so {cells_text(shape, roof)} hold one of "
                        f"{values_text(shape, digits_of(extra))}, a naked subset with {cells_text(shape, group)}",
                    )


def _adjacent(grid: CandidateGrid, cells: list[int]) -> bool:
    return grid.sees(cells[0], cells[1])


def ur_type1(grid: CandidateGrid) -> Iterator[Step]:
    return _unique_rectangles(grid, 1)


def ur_type2(grid: CandidateGrid) -> Iterator[Step]:
    return _unique_rectangles(grid, 2)


def ur_type3(grid: CandidateGrid) -> Iterator[Step]:
    return _unique_rectangles(grid, 3)


def ur_type4(grid: CandidateGrid) -> Iterator[Step]:
    return _unique_rectangles(grid, 4)


def bug_plus_one(grid: CandidateGrid) -> Iterator[Step]:
    """Every empty cell has two candidates but one, which has three: without
    its extra value the grid would be a bivalue universal grave (not unique),
    so the value that appears three times in its houses goes there."""
    shape, cands, t = grid.shape, grid.cands, grid.t
    triple = -1
    for cell, m in enumerate(cands):
        count = m.bit_count()
        if count == 0 or count == 2:
            continue
        if count != 3 or triple >= 0:
            return
        triple = cell
    if triple < 0:
        return
    value = 0
    for v in digits_of(cands[triple]):
        if all(len(grid.cells_with(h, v)) == 3 for h in t.cell_houses[triple]):
            value = v
    if not value:
        return
    for h in range(len(t.houses)):
        for v in range(1, grid.n + 1):
            count = len(grid.cells_with(h, v))
            expected = 3 if (v == value and h in t.cell_houses[triple]) else (0, 2)
            if (count != expected) if isinstance(expected, int) else (count not in expected):
                return
    # HoDoKu writes the step as eliminations of the cell's other two values.
    others = tuple((triple, v) for v in digits_of(cands[triple]) if v != value)
    yield Step(
        "Bivalue Universal Grave + 1",
        eliminations=others,
        cells=(triple,),
        values=(value,),
        explanation=f"every other empty cell has two candidates; without {shape.symbol(value)} in "
        f"{shape.cell_name(triple)} the puzzle would have two solutions",
    )
