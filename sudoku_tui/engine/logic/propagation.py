"""What singles force, in Python: the one propagation of the logic package.

Forcing chains and nets assume a candidate true (or false) on a copy of the
grid and follow what that forces: naked singles (a cell with one candidate
left), hidden singles (a value with one place left in a house) and, for a
net, locked candidates (pointing and claiming), over and over until nothing
changes or the grid breaks. Each kind of break is named in plain words for
the step's explanation. (The compiled search has its own propagation on bit
arrays, kernel.propagate; this one works on a CandidateGrid.)
"""

from __future__ import annotations

from functools import cache

from ..board.geometry import Shape
from .grid import CandidateGrid, bit, digits_of

Placement = tuple[int, int]  # (cell, value)
# A box and a line that share cells: (the shared cells, the rest of the box, the rest of the line).
Crossing = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def settle(grid: CandidateGrid, queue: list[Placement], locked: bool = False) -> str:
    """Place the queued values and everything they force, in place.

    Returns "" when the grid holds up, else why it broke ("r1c2 would have
    no candidate left"). With ``locked``, pointing and claiming are applied
    too whenever the singles run out.
    """
    crossings = box_line_crossings(grid.shape) if locked else ()
    while True:
        why = _place_queued(grid, queue) or _queue_hidden_singles(grid, queue)
        if why:
            return why
        if queue:
            continue
        if not _locked_candidates(grid, crossings, queue):
            return ""
        why = _empty_cell(grid)
        if why:
            return why


def _place_queued(grid: CandidateGrid, queue: list[Placement]) -> str:
    """Place every queued value, queueing the naked singles that appear."""
    shape, values, cands = grid.shape, grid.values, grid.cands
    while queue:
        cell, value = queue.pop()
        if values[cell]:
            if values[cell] != value:
                return f"{shape.cell_name(cell)} would need two values"
            continue
        if not cands[cell] & bit(value):
            return f"{shape.cell_name(cell)} would need {shape.symbol(value)}, which a peer already holds"
        for peer in grid.place(cell, value):
            left = cands[peer]
            if not left:
                return f"{shape.cell_name(peer)} would have no candidate left"
            if not left & (left - 1):
                queue.append((peer, left.bit_length()))
    return ""


def _queue_hidden_singles(grid: CandidateGrid, queue: list[Placement]) -> str:
    """Queue every hidden single; a house with no place left for a value breaks the grid."""
    shape, values, cands = grid.shape, grid.values, grid.cands
    full = (1 << grid.n) - 1
    for index, house in enumerate(shape.house_cells):
        once = twice = placed = 0
        for c in house:
            if values[c]:
                placed |= bit(values[c])
            else:
                m = cands[c]
                twice |= once & m
                once |= m
        missing = full & ~(once | placed)
        if missing:
            value = digits_of(missing)[0]
            return f"{shape.houses[index].name} would have no place for {shape.symbol(value)}"
        single = once & ~twice & ~placed
        while single:
            low = single & -single
            single ^= low
            cell = next(c for c in house if cands[c] & low)
            queue.append((cell, low.bit_length()))
    return ""


def _empty_cell(grid: CandidateGrid) -> str:
    """Why the grid broke when an empty cell has no candidate left, else ""."""
    values, cands = grid.values, grid.cands
    empty = next((c for c in range(len(values)) if not cands[c] and not values[c]), None)
    return "" if empty is None else f"{grid.shape.cell_name(empty)} would have no candidate left"


@cache
def box_line_crossings(shape: Shape) -> tuple[Crossing, ...]:
    """Each box and line that share two cells or more, with the rest of each."""
    out = []
    for box in shape.box_houses:
        box_cells = shape.house_sets[box]
        for line in shape.row_houses + shape.column_houses:
            shared = tuple(c for c in shape.house_cells[line] if c in box_cells)
            if len(shared) >= 2:
                box_rest = tuple(c for c in shape.house_cells[box] if c not in shared)
                line_rest = tuple(c for c in shape.house_cells[line] if c not in shared)
                out.append((shared, box_rest, line_rest))
    return tuple(out)


def _locked_candidates(grid: CandidateGrid, crossings: tuple[Crossing, ...], queue: list[Placement]) -> bool:
    """Pointing and claiming over every crossing; True when anything changed.

    A value of the shared cells found nowhere else in the box leaves the
    rest of the line, and one found nowhere else in the line leaves the
    rest of the box. Cells left with one candidate are queued.
    """
    cands = grid.cands
    changed = False
    for shared, box_rest, line_rest in crossings:
        inside = box_out = line_out = 0
        for c in shared:
            inside |= cands[c]
        if not inside:
            continue
        for c in box_rest:
            box_out |= cands[c]
        for c in line_rest:
            line_out |= cands[c]
        # Both computed before either removal, which changes neither rest's own cells.
        pointing, claiming = inside & ~box_out, inside & ~line_out
        if pointing and _remove(cands, line_rest, pointing, queue):
            changed = True
        if claiming and _remove(cands, box_rest, claiming, queue):
            changed = True
    return changed


def _remove(cands: list[int], cells: tuple[int, ...], values: int, queue: list[Placement]) -> bool:
    """Take ``values`` from the cells' candidates, queueing new naked singles; True when any went."""
    changed = False
    for c in cells:
        m = cands[c]
        if m & values:
            m &= ~values
            cands[c] = m
            changed = True
            if m and not m & (m - 1):
                queue.append((c, m.bit_length()))
    return changed
