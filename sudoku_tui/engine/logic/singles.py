"""Singles: Full House, Naked Single, Hidden Single."""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, digits_of, house_masks
from .step import Step, TechniqueName, house_text


def full_house(grid: CandidateGrid) -> Iterator[Step]:
    """The last empty cell of a house takes the value the house is missing."""
    shape, values, cands = grid.shape, grid.values, grid.cands
    # The empty cells as a bit set: this runs before every step.
    empty = 0
    for cell, value in enumerate(values):
        if not value:
            empty |= 1 << cell
    seen: set[int] = set()
    for index, house in enumerate(house_masks(shape)):
        alone = house & empty
        if not alone or alone & (alone - 1):
            continue
        cell = alone.bit_length() - 1
        if cell in seen or cands[cell].bit_count() != 1:
            continue  # a broken grid; leave it to the other checks
        seen.add(cell)
        value = digits_of(cands[cell])[0]
        yield Step(
            TechniqueName.FULL_HOUSE,
            placements=((cell, value),),
            cells=(cell,),
            houses=(index,),
            values=(value,),
            explanation=f"{shape.cell_name(cell)} is the last empty cell of {house_text(shape, index)}, "
            f"which still misses {shape.symbol(value)}",
        )


def naked_single(grid: CandidateGrid) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    shape = grid.shape
    for cell, mask in enumerate(grid.cands):
        if mask and mask & (mask - 1) == 0:
            value = mask.bit_length()
            yield Step(
                TechniqueName.NAKED_SINGLE,
                placements=((cell, value),),
                cells=(cell,),
                values=(value,),
                explanation=f"{shape.cell_name(cell)} can only hold {shape.symbol(value)}",
            )


def _alone(grid: CandidateGrid, house: int) -> Iterator[tuple[int, int]]:
    """Each value the house still misses that has one place left in it, with that place
    (values ascending): one pass of bit sets over the house, since this runs on every step."""
    cells, values, cands = grid.shape.house_cells[house], grid.values, grid.cands
    once = twice = present = 0
    for cell in cells:
        mask = cands[cell]
        twice |= once & mask
        once |= mask
        if values[cell]:
            present |= 1 << (values[cell] - 1)
    for value in digits_of(once & ~twice & ~present):
        mask = 1 << (value - 1)
        yield value, next(cell for cell in cells if cands[cell] & mask)


def hidden_single(grid: CandidateGrid) -> Iterator[Step]:
    """A value with one place left in a house goes there."""
    shape = grid.shape
    seen: set[tuple[int, int]] = set()
    # Boxes first: that is where players look first, and HoDoKu does the same.
    for index in shape.box_houses + shape.row_houses + shape.column_houses + shape.extra_houses:
        for value, place in _alone(grid, index):
            if (place, value) in seen:
                continue
            seen.add((place, value))
            yield Step(
                TechniqueName.HIDDEN_SINGLE,
                placements=((place, value),),
                cells=(place,),
                houses=(index,),
                values=(value,),
                explanation=f"in {house_text(shape, index)}, {shape.symbol(value)} fits only in "
                f"{shape.cell_name(place)}",
            )
