"""Uniqueness: Unique Rectangle types 1-6, Hidden Rectangle and BUG+1.

Sound only for a puzzle with exactly one solution (the runner checks): four
cells on two rows, two columns and two boxes that could all be x/y would let
x and y swap, giving a second solution, so the pattern must be broken. One
search walks the rectangles once and finds all four types; each technique
keeps its own steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of, finder_of
from .step import Step, TechniqueName, cells_text, values_text

Rect = tuple[int, int, int, int]  # a, b (a's row), c (a's column), d (diagonal to a)


def rectangles(grid: CandidateGrid) -> Iterator[Rect]:
    """Every rectangle of empty cells that could form a deadly pattern: one of
    its cells holds just two values, and each cell one of them at least."""
    shape, cands = grid.shape, grid.cands
    by_kind = shape.cell_houses_by_kind
    for a in range(shape.size):
        if cands[a].bit_count() < 2:
            continue
        grid.check_stop()
        row_mates = [b for h in by_kind["row"][a] for b in shape.house_cells[h] if b > a and cands[b].bit_count() >= 2]
        col_mates = [
            c for h in by_kind["column"][a] for c in shape.house_cells[h] if c > a and cands[c].bit_count() >= 2
        ]
        for b in row_mates:
            for c in col_mates:
                d = shape.cell_at.get((shape.positions[c][0], shape.positions[b][1]))
                if d is None or cands[d].bit_count() < 2:
                    continue
                rect = (a, b, c, d)
                if _has_floor(cands, rect) and _swappable(grid, rect):
                    yield rect


def _has_floor(cands: list[int], rect: Rect) -> bool:
    """A cell of the rectangle holds just two values, and each cell one of them at least."""
    for cell in rect:
        pair = cands[cell]
        if pair.bit_count() == 2 and all(cands[other] & pair for other in rect):
            return True
    return False


def _swappable(grid: CandidateGrid, rect: Rect) -> bool:
    """Two boxes, and every house meets the rectangle in zero or two
    neighbouring cells (never diagonal ones), so a swap keeps houses valid."""
    shape = grid.shape
    a, b, c, d = rect
    boxes = {h for cell in rect for h in shape.cell_houses_by_kind["box"][cell]}
    if len(boxes) != 2:
        return False
    diagonal = ({a, d}, {b, c})
    counted: dict[int, set[int]] = {}
    for cell in rect:
        for h in shape.cell_houses[cell]:
            counted.setdefault(h, set()).add(cell)
    return all(len(cells) == 2 and cells not in diagonal for cells in counted.values())


def _unique_rectangles(grid: CandidateGrid) -> Iterator[Step]:
    """Every type's steps, rectangle by rectangle and pair by pair."""
    cands = grid.cands
    for rect in rectangles(grid):
        # The pair comes from the cells that hold exactly two values; the
        # other cells may have lost x or y already ("missing candidates"):
        # the swap argument is about solutions, not candidates.
        for pair in {cands[c] for c in rect if cands[c].bit_count() == 2}:
            floor = [c for c in rect if cands[c] == pair]
            roof = [c for c in rect if cands[c] != pair]
            if any(not cands[c] & pair for c in roof):
                continue
            if len(floor) == 3:
                yield from _type1(grid, rect, pair, roof[0])
                continue
            yield from _type2(grid, rect, pair, roof)
            if len(floor) == 2 and grid.sees(roof[0], roof[1]):
                yield from _type3(grid, rect, pair, roof)
                yield from _type4(grid, rect, pair, roof)
            elif len(floor) == 2:
                yield from _type6(grid, rect, pair, roof)
            if len(floor) == 1 or not grid.sees(floor[0], floor[1]):
                for corner in floor:
                    yield from _hidden_rectangle(grid, rect, pair, corner)


def _opposite(rect: Rect, cell: int) -> int:
    """The rectangle's cell diagonal to ``cell``."""
    a, b, c, d = rect
    return {a: d, d: a, b: c, c: b}[cell]


def _lines_of(grid: CandidateGrid, cell: int) -> list[int]:
    by_kind = grid.shape.cell_houses_by_kind
    return [*by_kind["row"][cell], *by_kind["column"][cell]]


def _only_in(grid: CandidateGrid, houses: list[int], value: int, rect: Rect) -> bool:
    """``value`` is still to place in ``houses`` and fits there only in the
    rectangle (a value already placed there proves nothing)."""
    for h in houses:
        places = grid.cells_with(h, value)
        if not places or not set(places) <= set(rect):
            return False
    return True


def _type6(grid: CandidateGrid, rect: Rect, pair: int, roof: list[int]) -> Iterator[Step]:
    """The roof is diagonal and x fits nowhere else in the rectangle's rows
    and columns: x would sit on one diagonal, the floor's, so the roof loses x."""
    shape, cands = grid.shape, grid.cands
    lines = _lines_of(grid, roof[0]) + _lines_of(grid, roof[1])
    for x in digits_of(pair):
        if not _only_in(grid, lines, x, rect):
            continue
        removed = tuple((c, x) for c in sorted(roof) if cands[c] & bit(x))
        if removed:
            yield Step(
                TechniqueName.UNIQUENESS_6,
                eliminations=removed,
                cells=rect,
                values=digits_of(pair),
                explanation=_deadly(grid, rect, pair) + f"; {shape.symbol(x)} fits only in the rectangle in its "
                f"rows and columns, so {cells_text(shape, roof)} cannot hold it",
            )
            return


def _hidden_rectangle(grid: CandidateGrid, rect: Rect, pair: int, corner: int) -> Iterator[Step]:
    """``corner`` holds only x/y; when x fits nowhere but the rectangle in the
    row and column of the opposite cell, that cell cannot be y."""
    shape, cands = grid.shape, grid.cands
    target = _opposite(rect, corner)
    for x, y in (digits_of(pair), digits_of(pair)[::-1]):
        if cands[target] & bit(y) and _only_in(grid, _lines_of(grid, target), x, rect):
            yield Step(
                TechniqueName.HIDDEN_RECTANGLE,
                eliminations=((target, y),),
                cells=rect,
                values=digits_of(pair),
                explanation=_deadly(grid, rect, pair) + f"; {shape.symbol(x)} fits only in the rectangle in the "
                f"row and column of {shape.cell_name(target)}, so it cannot be {shape.symbol(y)}",
            )


def _deadly(grid: CandidateGrid, rect: Rect, pair: int) -> str:
    shape = grid.shape
    return f"{cells_text(shape, rect)} must not all end up {values_text(shape, digits_of(pair))}"


def _type1(grid: CandidateGrid, rect: Rect, pair: int, roof: int) -> Iterator[Step]:
    """Three cells hold only x/y: the fourth cannot be x or y."""
    shape, cands = grid.shape, grid.cands
    x, y = digits_of(pair)
    yield Step(
        TechniqueName.UNIQUENESS_1,
        eliminations=tuple((roof, v) for v in (x, y) if cands[roof] & bit(v)),
        cells=rect,
        values=(x, y),
        explanation=_deadly(grid, rect, pair) + f", so {shape.cell_name(roof)} is not {values_text(shape, (x, y))}",
    )


def _type2(grid: CandidateGrid, rect: Rect, pair: int, roof: list[int]) -> Iterator[Step]:
    """The roof cells have one extra value z between them: z is in one of
    them, so a cell seeing them all loses z. HoDoKu calls it type 5 unless the
    roof is two cells of one line."""
    shape, cands = grid.shape, grid.cands
    extra = 0
    for c in roof:
        extra |= cands[c] & ~pair
    if extra.bit_count() != 1:
        return
    z = extra.bit_length()
    targets = [c for c in grid.common_peers(roof) if cands[c] & extra and c not in rect]
    if targets:
        in_line = len(roof) == 2 and grid.sees(roof[0], roof[1])
        yield Step(
            TechniqueName.UNIQUENESS_2 if in_line else TechniqueName.UNIQUENESS_5,
            eliminations=tuple((c, z) for c in sorted(targets)),
            cells=rect,
            values=(*digits_of(pair), z),
            explanation=_deadly(grid, rect, pair) + f", so {shape.symbol(z)} is in {cells_text(shape, roof)}",
        )


def _type4(grid: CandidateGrid, rect: Rect, pair: int, roof: list[int]) -> Iterator[Step]:
    """A house of the roof where x fits only in the roof: the roof cannot hold y."""
    shape, cands = grid.shape, grid.cands
    x, y = digits_of(pair)
    for h in set(shape.cell_houses[roof[0]]) & set(shape.cell_houses[roof[1]]):
        for keep, lose in ((x, y), (y, x)):
            places = grid.cells_with(h, keep)
            if places and set(places) <= set(roof) and any(cands[c] & bit(lose) for c in roof):
                yield Step(
                    TechniqueName.UNIQUENESS_4,
                    eliminations=tuple((c, lose) for c in roof if cands[c] & bit(lose)),
                    cells=rect,
                    houses=(h,),
                    values=(x, y),
                    explanation=_deadly(grid, rect, pair) + f"; {shape.symbol(keep)} must be in "
                    f"{cells_text(shape, roof)}, so they cannot hold {shape.symbol(lose)}",
                )


def _type3(grid: CandidateGrid, rect: Rect, pair: int, roof: list[int]) -> Iterator[Step]:
    """The roof's extra values act as one virtual cell: with k other cells of a
    shared house holding only k+1 values together, they form a naked subset."""
    shape, cands = grid.shape, grid.cands
    extra = (cands[roof[0]] | cands[roof[1]]) & ~pair
    roof_houses = set(shape.cell_houses[roof[0]]) & set(shape.cell_houses[roof[1]])
    for h in roof_houses:
        others = [c for c in shape.house_cells[h] if cands[c] and c not in roof]
        for k in range(1, 4):
            for group in combinations(others, k):
                step = _type3_step(grid, rect, pair, roof, extra, h, group)
                if step is not None:
                    yield step


def _type3_step(
    grid: CandidateGrid, rect: Rect, pair: int, roof: list[int], extra: int, h: int, group: tuple[int, ...]
) -> Step | None:
    shape, cands = grid.shape, grid.cands
    union = extra
    for c in group:
        union |= cands[c]
    if union.bit_count() != len(group) + 1:
        return None
    # Every house that holds the roof and the group loses the values.
    shared = set(shape.cell_houses[roof[0]]) & set(shape.cell_houses[roof[1]])
    for c in group:
        shared &= set(shape.cell_houses[c])
    if min(shared) != h:
        return None  # the same subset seen from its other house
    targets = grid.cleared_outside(((sh, union) for sh in shared), (*roof, *group))
    if not targets:
        return None
    return Step(
        TechniqueName.UNIQUENESS_3,
        eliminations=tuple(targets),
        cells=rect + group,
        houses=(h,),
        values=digits_of(pair),
        explanation=_deadly(grid, rect, pair) + f", so {cells_text(shape, roof)} hold one of "
        f"{values_text(shape, digits_of(extra))}, a naked subset with {cells_text(shape, group)}",
    )


def bug_plus_one(grid: CandidateGrid) -> Iterator[Step]:
    """Every empty cell has two candidates but one, which has three: without
    its extra value the grid would be a bivalue universal grave (not unique),
    so the value that appears three times in its houses goes there."""
    shape, cands = grid.shape, grid.cands
    triple = _the_cell_with_three(cands)
    if triple < 0:
        return
    value = 0
    for v in digits_of(cands[triple]):
        if all(len(grid.cells_with(h, v)) == 3 for h in shape.cell_houses[triple]):
            value = v
    if not value or not _grave_but(grid, triple, value):
        return
    # HoDoKu writes the step as eliminations of the cell's other two values.
    others = tuple((triple, v) for v in digits_of(cands[triple]) if v != value)
    yield Step(
        TechniqueName.BUG_PLUS_ONE,
        eliminations=others,
        cells=(triple,),
        values=(value,),
        explanation=f"every other empty cell has two candidates; without {shape.symbol(value)} in "
        f"{shape.cell_name(triple)} the puzzle would have two solutions",
    )


def _the_cell_with_three(cands: list[int]) -> int:
    """The one cell with three candidates when every other empty cell has two, else -1."""
    triple = -1
    for cell, m in enumerate(cands):
        count = m.bit_count()
        if count == 0 or count == 2:
            continue
        if count != 3 or triple >= 0:
            return -1
        triple = cell
    return triple


def _grave_but(grid: CandidateGrid, triple: int, value: int) -> bool:
    """Every value has two places (or none) in every house, but ``value``,
    which has three in each house of ``triple``."""
    triple_houses = grid.shape.cell_houses[triple]
    for h in range(len(grid.shape.houses)):
        for v in range(1, grid.n + 1):
            count = len(grid.cells_with(h, v))
            if v == value and h in triple_houses:
                if count != 3:
                    return False
            elif count not in (0, 2):
                return False
    return True


# Each technique's finder: its own steps of the search that finds them together.
ur_type1 = finder_of(TechniqueName.UNIQUENESS_1, _unique_rectangles)
ur_type2 = finder_of(TechniqueName.UNIQUENESS_2, _unique_rectangles)
ur_type3 = finder_of(TechniqueName.UNIQUENESS_3, _unique_rectangles)
ur_type4 = finder_of(TechniqueName.UNIQUENESS_4, _unique_rectangles)
ur_type5 = finder_of(TechniqueName.UNIQUENESS_5, _unique_rectangles)
ur_type6 = finder_of(TechniqueName.UNIQUENESS_6, _unique_rectangles)
hidden_rectangle = finder_of(TechniqueName.HIDDEN_RECTANGLE, _unique_rectangles)
