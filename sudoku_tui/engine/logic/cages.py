"""Killer's own techniques: what a cage's total allows.

- *Cage Combinations*: a cage of k cells adding up to t holds one of the
  sets of k different values with that sum; the sets that still fit (each
  placed value in the set, every open cell able to take one of its values,
  each of its values with a cell for it) are the cage's *combinations*.
  A candidate in no combination goes; a value every combination needs,
  with one cell of the cage left for it, goes there.
- *Rule of 45*: a house adds up to 45, so the cells of a house outside the
  cages lying wholly inside it (its *innies*) add up to 45 less those
  cages' totals, and differ: they are a cage of their own. The cells that
  the cages reaching into a house have outside it (its *outies*) add up to
  those cages' totals less 45. The same holds for runs of neighbouring rows
  or columns (45 a house). Innies or outies are treated as a cage when they
  are one cell or all lie in one house (so they differ).
- *Cage-House Interaction*: a value every combination of a cage needs,
  whose places in the cage all lie in one house, is in that house's part of
  the cage, so no other cell of the house can take it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from ..board.geometry import Shape
from ..board.variants import cage_combinations as value_sets
from ..board.variants import innies
from .grid import CandidateGrid, bit, digits_of
from .step import Step, TechniqueName, cells_text, house_text, values_text


def fitting_sets(grid: CandidateGrid, cells: Sequence[int], total: int) -> list[int]:
    """Bit sets of the value sets that can still fill these cells."""
    values, cands = grid.values, grid.cands
    placed = 0
    reach = 0
    for cell in cells:
        placed |= bit(values[cell]) if values[cell] else 0
        reach |= cands[cell]
    reach |= placed
    open_cells = [c for c in cells if not values[c]]
    return [
        m
        for m in value_sets(len(cells), total)
        if placed & ~m == 0 and reach & m == m and all(grid.cands[c] & m for c in open_cells)
    ]


def _sets_text(grid: CandidateGrid, sets: list[int]) -> str:
    return " or ".join("+".join(grid.shape.symbol(v) for v in digits_of(m)) for m in sets)


def _narrowed(
    grid: CandidateGrid, technique: TechniqueName, cells: Sequence[int], total: int, why: str
) -> Iterator[Step]:
    """The steps the fitting sets of ``cells`` give: eliminations, else a placement."""
    sets = fitting_sets(grid, cells, total)
    if not sets:
        return
    possible = 0
    required = (1 << grid.n) - 1
    for m in sets:
        possible |= m
        required &= m
    open_cells = [c for c in cells if not grid.values[c]]
    cands = grid.cands
    gone = tuple((c, v) for c in open_cells for v in digits_of(cands[c] & ~possible))
    fit = _sets_text(grid, sets)
    if len(open_cells) == 1 and len(sets) == 1:  # one cell and one value left: place it
        gone = ()
        required = possible
    if gone:
        lost = values_text(grid.shape, sorted({v for _, v in gone}))
        yield Step(
            technique,
            eliminations=gone,
            cells=tuple(cells),
            values=digits_of(possible),
            explanation=f"{why} {total}: only {fit} fit{'s' if len(sets) == 1 else ''}, "
            f"so {lost} cannot go in {cells_text(grid.shape, {c for c, _ in gone})}",
        )
        return
    for value in digits_of(required):
        places = [c for c in open_cells if cands[c] & bit(value)]
        if len(places) == 1:
            yield Step(
                technique,
                placements=((places[0], value),),
                cells=tuple(cells),
                values=(value,),
                explanation=f"{why} {total}: every set that fits ({fit}) holds "
                f"{grid.shape.symbol(value)}, and only {grid.shape.cell_name(places[0])} can take it",
            )
            return


def cage_combinations(grid: CandidateGrid) -> Iterator[Step]:
    """Candidates no fitting set of their cage holds, or a needed value with one place."""
    for cage in grid.shape.cages:
        if all(grid.values[c] for c in cage.cells):
            continue
        why = f"the cage {cells_text(grid.shape, cage.cells)} adds up to"
        yield from _narrowed(grid, TechniqueName.CAGE_COMBINATIONS, cage.cells, cage.total, why)


def rule_of_45(grid: CandidateGrid) -> Iterator[Step]:
    """Innies and outies of houses and of runs of rows or columns, each as a cage of its own."""
    for cells, total, why in _sums_of_45(grid.shape):
        if all(grid.values[c] for c in cells):
            continue
        yield from _narrowed(grid, TechniqueName.RULE_OF_45, cells, total, why)


# Killer shapes are made per puzzle line: keep those of the puzzles graded lately.
_SHAPES = 64


@lru_cache(maxsize=_SHAPES)
def _sums_of_45(shape: Shape) -> tuple[tuple[tuple[int, ...], int, str], ...]:
    """(cells, total, why) of every set of innies or outies that acts as a cage:
    each house's innies first (the simplest), then the houses' outies, then runs'."""
    found = [
        (
            cells,
            total,
            f"{house_text(shape, house)} adds up to 45 and its cages inside it to {45 - total}, so "
            f"{cells_text(shape, cells)} add up to",
        )
        for house, cells, total in innies(shape)
    ]
    house_total = shape.n * (shape.n + 1) // 2
    for name, group, count in _groups(shape):
        whole = house_total * count
        if count > 1:
            inside = [cage for cage in shape.cages if group.issuperset(cage.cells)]
            left = group.difference(*(cage.cells for cage in inside))
            total = whole - sum(cage.total for cage in inside)
            if left and _differ(shape, left):
                cells = tuple(sorted(left))
                why = f"{name} add up to {whole} and their cages inside them to {whole - total}, so"
                found.append((cells, total, f"{why} {cells_text(shape, cells)} add up to"))
        reaching = [cage for cage in shape.cages if group.intersection(cage.cells)]
        covered = set().union(*(cage.cells for cage in reaching))
        outside = covered - group
        if not outside or not covered >= group or not _differ(shape, outside):
            continue  # nothing sticks out, a cell of the group in no cage, or outies that may repeat
        cells, total = tuple(sorted(outside)), sum(cage.total for cage in reaching) - whole
        why = f"the cages reaching into {name} add up to {total + whole}, {total} more than {whole}, so"
        found.append((cells, total, f"{why} {cells_text(shape, cells)} outside add up to"))
    return tuple(found)


def _differ(shape: Shape, cells: set[int] | frozenset[int]) -> bool:
    """The cells hold different values: one cell, or all in one house."""
    first, *rest = cells
    return not rest or any(shape.house_sets[h].issuperset(rest) for h in shape.cell_houses[first])


def _groups(shape: Shape) -> list[tuple[str, frozenset[int], int]]:
    """(name, cells, houses) of each row, column and box, then of each run of two
    or more neighbouring rows or columns short of the whole board."""
    groups = [(house_text(shape, h), shape.house_sets[h], 1) for h in shape.row_houses + shape.column_houses]
    groups += [(house_text(shape, h), shape.house_sets[h], 1) for h in shape.box_houses]
    for kind, houses in (("rows", shape.row_houses), ("columns", shape.column_houses)):
        for size in range(2, len(houses)):
            for start in range(len(houses) - size + 1):
                run = houses[start : start + size]
                cells = frozenset().union(*(shape.house_sets[h] for h in run))
                groups.append((f"{kind} {start + 1}-{start + size}", cells, size))
    return groups


def cage_house_interaction(grid: CandidateGrid) -> Iterator[Step]:
    """A value the cage must hold, with all its places in the cage inside one house."""
    shape, cands = grid.shape, grid.cands
    for cage in shape.cages:
        sets = fitting_sets(grid, cage.cells, cage.total)
        if not sets:
            continue
        required = (1 << grid.n) - 1
        for m in sets:
            required &= m
        inside = frozenset(cage.cells)
        for value in digits_of(required):
            if any(grid.values[c] == value for c in cage.cells):
                continue
            places = [c for c in cage.cells if cands[c] & bit(value)]
            common = set.intersection(*(set(shape.cell_houses[c]) for c in places)) if places else set()
            for house in sorted(common):
                gone = tuple((c, value) for c in shape.house_cells[house] if c not in inside and cands[c] & bit(value))
                if gone:
                    yield Step(
                        TechniqueName.CAGE_HOUSE,
                        eliminations=gone,
                        cells=tuple(places),
                        houses=(house,),
                        values=(value,),
                        explanation=f"every set that fits the cage {cells_text(shape, cage.cells)} holds "
                        f"{shape.symbol(value)}, and its places for it lie in {house_text(shape, house)}, "
                        f"so {shape.symbol(value)} cannot go elsewhere in {house_text(shape, house)}",
                    )
