"""Sue de Coq: two or three cells where a line crosses a box, holding at
least two values more than cells, shared out between a set of the line's
other cells and a set of the box's other cells.

The intersection's values that the line set takes must be placed in the
line set or the intersection, so the rest of the line loses them; likewise
for the box. The search follows HoDoKu's (rows then columns, each crossed
with every box; cells ascending), so the step taken among several is its.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .grid import CandidateGrid, digits_of
from .step import Step, TechniqueName, cells_text, house_text, values_text


def sue_de_coq(grid: CandidateGrid) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    for line in shape.row_houses + shape.column_houses:
        line_cells = [c for c in shape.house_cells[line] if cands[c]]
        for box in shape.box_houses:
            grid.check_stop()
            box_cells = [c for c in shape.house_cells[box] if cands[c]]
            crossing = [c for c in line_cells if c in shape.house_sets[box]]
            for middle in _middles(crossing):
                yield from _from_middle(grid, line, box, middle, line_cells, box_cells)


def _middles(crossing: list[int]) -> Iterator[tuple[int, ...]]:
    """Two or three cells of the crossing, each pair followed by the triples that grow from it."""
    for i, a in enumerate(crossing):
        for j in range(i + 1, len(crossing)):
            yield a, crossing[j]
            for c in crossing[j + 1 :]:
                yield a, crossing[j], c


def _union(cands: list[int], cells: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for c in cells:
        mask |= cands[c]
    return mask


def _from_middle(
    grid: CandidateGrid, line: int, box: int, middle: tuple[int, ...], line_cells: list[int], box_cells: list[int]
) -> Iterator[Step]:
    cands = grid.cands
    middle_mask = _union(cands, middle)
    spare = middle_mask.bit_count() - len(middle)
    if spare < 2:
        return
    line_rest = [c for c in line_cells if c not in middle]
    box_rest = [c for c in box_cells if c not in middle]
    for line_set, line_mask in _subsets(cands, line_rest, ~0, None):
        extra = (line_mask & ~middle_mask).bit_count()
        taken = len(line_set) - extra  # middle values the line set accounts for
        if not line_mask & middle_mask or taken <= 0 or taken >= spare:
            continue
        allowed = ~(line_mask & middle_mask)
        free = [c for c in box_rest if c not in line_set]

        # HoDoKu grows a box set only while it accounts for no more middle values than are left.
        def room(cells: tuple[int, ...], mask: int, left: int = spare - taken) -> bool:
            return len(cells) - (mask & ~middle_mask).bit_count() <= left

        for box_set, box_mask in _subsets(cands, free, allowed, room):
            box_extra = (box_mask & ~middle_mask).bit_count()
            if box_mask & middle_mask and len(box_set) - box_extra == spare - taken:
                step = _step(grid, line, box, middle, middle_mask, line_set, line_mask, box_set, box_mask)
                if step is not None:
                    yield step


def _subsets(
    cands: list[int], cells: list[int], allowed: int, room: Callable[[tuple[int, ...], int], bool] | None
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Non-empty sets of ``cells`` holding only ``allowed`` values, depth first
    in HoDoKu's order (a set, then the sets that grow from it, while ``room``
    says a set may grow)."""

    def grow(start: int, chosen: tuple[int, ...], mask: int) -> Iterator[tuple[tuple[int, ...], int]]:
        for i in range(start, len(cells)):
            cell = cells[i]
            if cands[cell] & ~allowed:
                continue
            bigger = (*chosen, cell)
            yield bigger, mask | cands[cell]
            if room is None or room(bigger, mask | cands[cell]):
                yield from grow(i + 1, bigger, mask | cands[cell])

    return grow(0, (), 0)


def _step(
    grid: CandidateGrid,
    line: int,
    box: int,
    middle: tuple[int, ...],
    middle_mask: int,
    line_set: tuple[int, ...],
    line_mask: int,
    box_set: tuple[int, ...],
    box_mask: int,
) -> Step | None:
    shape, cands = grid.shape, grid.cands
    shared_extra = line_mask & box_mask & ~middle_mask
    box_loses = ((middle_mask | box_mask) & ~line_mask) | shared_extra
    line_loses = ((middle_mask | line_mask) & ~box_mask) | shared_extra
    used = set(middle) | set(line_set) | set(box_set)
    removed = {
        (c, v)
        for house, loses in ((box, box_loses), (line, line_loses))
        for c in shape.house_cells[house]
        if c not in used
        for v in digits_of(cands[c] & loses)
    }
    if not removed:
        return None
    return Step(
        TechniqueName.SUE_DE_COQ,
        eliminations=tuple(sorted(removed)),
        cells=tuple(sorted(used)),
        houses=(line, box),
        values=digits_of(middle_mask),
        explanation=f"{cells_text(shape, middle)} hold {values_text(shape, digits_of(middle_mask))}, shared with "
        f"{cells_text(shape, line_set)} of {house_text(shape, line)} and {cells_text(shape, box_set)} of "
        f"{house_text(shape, box)}, so the rest of each house loses the values its set takes",
    )
