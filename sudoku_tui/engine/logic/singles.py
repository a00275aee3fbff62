"""Singles: Full House, Naked Single, Hidden Single."""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit, digits_of
from .step import Step, house_text


def full_house(grid: CandidateGrid) -> Iterator[Step]:
    """The last empty cell of a house takes the value the house is missing."""
    shape, values, cands = grid.shape, grid.values, grid.cands
    seen: set[int] = set()
    for index, house in enumerate(grid.t.houses):
        empty = [c for c in house if not values[c]]
        if len(empty) != 1 or empty[0] in seen:
            continue
        cell = empty[0]
        if cands[cell].bit_count() != 1:
            continue  # a broken grid; leave it to the other checks
        seen.add(cell)
        value = digits_of(cands[cell])[0]
        yield Step(
            "Full House",
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
                "Naked Single",
                placements=((cell, value),),
                cells=(cell,),
                values=(value,),
                explanation=f"{shape.cell_name(cell)} can only hold {shape.symbol(value)}",
            )


def hidden_single(grid: CandidateGrid) -> Iterator[Step]:
    """A value with one place left in a house goes there."""
    shape, cands, values = grid.shape, grid.cands, grid.values
    seen: set[tuple[int, int]] = set()
    # Boxes first: that is where players look first, and HoDoKu does the same.
    order = grid.t.boxes + grid.t.rows + grid.t.columns
    for index in order:
        house = grid.t.houses[index]
        present = 0
        for c in house:
            if values[c]:
                present |= bit(values[c])
        for value in range(1, grid.n + 1):
            b = bit(value)
            if present & b:
                continue
            place = -1
            count = 0
            for c in house:
                if cands[c] & b:
                    count += 1
                    place = c
                    if count > 1:
                        break
            if count == 1 and (place, value) not in seen:
                seen.add((place, value))
                yield Step(
                    "Hidden Single",
                    placements=((place, value),),
                    cells=(place,),
                    houses=(index,),
                    values=(value,),
                    explanation=f"in {house_text(shape, index)}, {shape.symbol(value)} fits only in "
                    f"{shape.cell_name(place)}",
                )
