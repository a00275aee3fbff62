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
from .memo import Memo
from .step import Step, TechniqueName, cells_text, house_text, values_text

# A line and box's steps depend on the candidates of their cells alone.
_FOUND: Memo[Step] = Memo()


def sue_de_coq(grid: CandidateGrid) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    box_cands = {box: tuple(cands[c] for c in shape.house_cells[box]) for box in shape.box_houses}
    for line in shape.row_houses + shape.column_houses:
        line_cells = [c for c in shape.house_cells[line] if cands[c]]
        line_cands = tuple(cands[c] for c in shape.house_cells[line])
        for box in shape.box_houses:
            grid.check_stop()
            crossing = [c for c in line_cells if c in shape.house_sets[box]]
            if len(crossing) < 2:
                continue
            box_cells = [c for c in shape.house_cells[box] if cands[c]]
            key = (shape, line, box, line_cands, box_cands[box])
            yield from _FOUND.replay(key, _from_crossing(grid, line, box, crossing, line_cells, box_cells))


def _from_crossing(
    grid: CandidateGrid, line: int, box: int, crossing: list[int], line_cells: list[int], box_cells: list[int]
) -> Iterator[Step]:
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
    in_box = set(box_rest)
    outside = ~middle_mask

    # A box set holds a middle value and none the line set shares with the middle.
    box_middles = [cands[c] & middle_mask for c in box_rest]
    box_room: dict[int, bool] = {}

    def box_side(shared: int) -> bool:
        """Whether a box set is still possible beside a line set sharing ``shared``
        (or any line set grown from it: they share no fewer)."""
        room = box_room.get(shared)
        if room is None:
            room = box_room[shared] = any(m and not m & shared for m in box_middles)
        return room

    def line_room(cells: tuple[int, ...], mask: int, after: int) -> bool:
        # A bigger set adds a cell and no fewer extra values: past ``after``
        # more cells it cannot account for a middle value, so no need to grow.
        return len(cells) - (mask & outside).bit_count() + after > 0 and box_side(mask & middle_mask)

    # The box sets that suit a line set depend only on the box cells it
    # takes, the middle values it holds and how many it accounts for.
    box_sets: dict[tuple[tuple[int, ...], int, int], list[tuple[tuple[int, ...], int]]] = {}
    for line_set, line_mask in _subsets(cands, line_rest, ~0, line_room):
        shared = line_mask & middle_mask
        taken = len(line_set) - (line_mask & outside).bit_count()  # middle values the line set accounts for
        if not shared or taken <= 0 or taken >= spare or not box_side(shared):
            continue
        taken_in_box = tuple(c for c in line_set if c in in_box)
        key = (taken_in_box, shared, taken)
        suits = box_sets.get(key)
        if suits is None:
            suits = box_sets[key] = _box_sets(cands, box_rest, taken_in_box, shared, middle_mask, spare - taken)
        for box_set, box_mask in suits:
            step = _step(grid, line, box, middle, middle_mask, line_set, line_mask, box_set, box_mask)
            if step is not None:
                yield step


def _box_sets(
    cands: list[int], box_rest: list[int], taken: tuple[int, ...], shared: int, middle_mask: int, left: int
) -> list[tuple[tuple[int, ...], int]]:
    """The box sets beside a line set that took the cells ``taken`` and the
    middle values ``shared``: none of those, some middle value, and exactly
    the ``left`` middle values the line set did not account for."""
    free = [c for c in box_rest if c not in taken]
    outside = ~middle_mask

    # HoDoKu grows a box set only while it accounts for no more middle values than are left.
    def room(cells: tuple[int, ...], mask: int, _after: int) -> bool:
        return len(cells) - (mask & outside).bit_count() <= left

    return [
        (box_set, box_mask)
        for box_set, box_mask in _subsets(cands, free, ~shared, room)
        if box_mask & middle_mask and len(box_set) - (box_mask & outside).bit_count() == left
    ]


def _subsets(
    cands: list[int], cells: list[int], allowed: int, room: Callable[[tuple[int, ...], int, int], bool]
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Non-empty sets of ``cells`` holding only ``allowed`` values, depth first
    in HoDoKu's order (a set, then the sets that grow from it, while ``room``
    says a set, with so many cells after its last, may grow)."""
    count = len(cells)
    # Where to go on once a set's growth is done: (next index, the set, its values).
    resume: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while resume:
        i, chosen, mask = resume.pop()
        while i < count:
            cell = cells[i]
            i += 1
            if cands[cell] & ~allowed:
                continue
            bigger = (*chosen, cell)
            grown = mask | cands[cell]
            yield bigger, grown
            if room(bigger, grown, count - i):
                resume.append((i, chosen, mask))
                chosen, mask = bigger, grown


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
    shape = grid.shape
    shared_extra = line_mask & box_mask & ~middle_mask
    box_loses = ((middle_mask | box_mask) & ~line_mask) | shared_extra
    line_loses = ((middle_mask | line_mask) & ~box_mask) | shared_extra
    used = set(middle) | set(line_set) | set(box_set)
    removed = grid.cleared_outside(((box, box_loses), (line, line_loses)), used)
    if not removed:
        return None
    return Step(
        TechniqueName.SUE_DE_COQ,
        eliminations=tuple(removed),
        cells=tuple(sorted(used)),
        houses=(line, box),
        values=digits_of(middle_mask),
        explanation=f"{cells_text(shape, middle)} hold {values_text(shape, digits_of(middle_mask))}, shared with "
        f"{cells_text(shape, line_set)} of {house_text(shape, line)} and {cells_text(shape, box_set)} of "
        f"{house_text(shape, box)}, so the rest of each house loses the values its set takes",
    )
