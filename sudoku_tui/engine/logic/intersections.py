"""Intersections: Locked Candidates type 1 (pointing) and type 2 (claiming).

When a value's places in one house all lie in a second house, the second
house loses the value elsewhere. Pointing: the first house is a box and the
second a line; claiming: the first is a line and the second a box. One
search looks at boxes then lines, and each technique keeps its own steps.
"""

from __future__ import annotations

from collections.abc import Iterator

from .grid import CandidateGrid, bit, finder_of, house_masks, value_places
from .step import Step, TechniqueName, house_text


def _locked_candidates(grid: CandidateGrid) -> Iterator[Step]:
    shape = grid.shape
    places, masks = value_places(grid), house_masks(shape)
    for source in shape.box_houses + shape.row_houses + shape.column_houses:
        for value in range(1, grid.n + 1):
            # Most houses lock nothing: told by bit sets before any list is made.
            inside = places[value] & masks[source]
            if inside.bit_count() >= 2 and _locks(grid, source, inside, places[value], masks):
                yield from _locked_in(grid, source, value)


def _locks(grid: CandidateGrid, source: int, inside: int, everywhere: int, masks: tuple[int, ...]) -> bool:
    """Whether a value's places ``inside`` the source house all lie in a house
    of the other sort that has places of it outside the source."""
    shape = grid.shape
    pointing = shape.house_kinds[source] == "box"
    first = (inside & -inside).bit_length() - 1
    for h in shape.cell_houses[first]:
        if h == source or (shape.house_kinds[h] == "box") == pointing:
            continue
        if not inside & ~masks[h] and everywhere & masks[h] & ~masks[source]:
            return True
    return False


def _locked_in(grid: CandidateGrid, source: int, value: int) -> Iterator[Step]:
    """The steps of one value whose places in ``source`` share another house."""
    shape, cands = grid.shape, grid.cands
    b = bit(value)
    places = grid.cells_with(source, value)
    if len(places) < 2:
        return
    pointing = shape.house_kinds[source] == "box"
    technique = TechniqueName.POINTING if pointing else TechniqueName.CLAIMING
    # Houses of the other sort that hold every place.
    common = set(shape.cell_houses[places[0]])
    for c in places[1:]:
        common &= set(shape.cell_houses[c])
    for h in sorted(common):
        if h == source or (shape.house_kinds[h] == "box") == pointing:
            continue
        in_source = shape.house_sets[source]
        removed = tuple((c, value) for c in shape.house_cells[h] if cands[c] & b and c not in in_source)
        if removed:
            yield Step(
                technique,
                eliminations=removed,
                cells=tuple(places),
                houses=(source, h),
                values=(value,),
                explanation=f"in {house_text(shape, source)}, {shape.symbol(value)} lies only in "
                f"{house_text(shape, h)}, so the rest of {house_text(shape, h)} cannot hold it",
            )


# Each technique's finder: its own steps of the search that finds them together.
pointing = finder_of(TechniqueName.POINTING, _locked_candidates)
claiming = finder_of(TechniqueName.CLAIMING, _locked_candidates)
