"""What a variant adds to the drawing of a 9x9 board, worked out from its shape alone.

- Sudoku X and Windoku: the cells of the diagonals or windows are *shaded*;
- Jigsaw: the regions (the shape's ``box`` houses) are *outlined*;
- Killer: the cages are outlined and each cage's total sits in its first cell.

Where the drawing has no line between two rows (the roomy and paired drawings
keep lines for the box edges only), an outline shows as ``▁`` in the blank
places of the upper cell's last row. Nothing here imports Textual.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine.board.geometry import Shape
from ...engine.board.variants import outline_of

EDGE_BELOW = "▁"  # an outline under a cell, where no grid line runs
SHADE = "░"  # the blank sides of a shaded cell, so the shading shows without colour
# A total in a tall cell is written in superscript digits, so it reads apart
# from the pencil marks that follow it on the cell's top row.
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
# Killer and jigsaw shapes are made per puzzle line: keep those of the boards shown lately.
_SHAPES = 64


@lru_cache(maxsize=_SHAPES)
def outline_groups(shape: Shape) -> tuple[int, ...] | None:
    """``[cell]``: the outlined group (jigsaw region or killer cage) holding each
    cell, or None when the shape outlines nothing beyond its boxes."""
    outline = outline_of(shape)
    if outline == "regions":
        groups = [0] * shape.size
        for number, house in enumerate(shape.houses[h] for h in shape.box_houses):
            for cell in house.cells:
                groups[cell] = number
        return tuple(groups)
    if outline == "cages" and shape.cages:
        groups = [-1] * shape.size  # a cell in no cage is a group of its own
        for number, cage in enumerate(shape.cages):
            for cell in cage.cells:
                groups[cell] = number
        return tuple(groups)
    return None


def apart(shape: Shape, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Two neighbouring positions are in different outlined groups (a missing position counts as apart)."""
    groups = outline_groups(shape)
    one, other = shape.cell_at.get(a), shape.cell_at.get(b)
    if groups is None or one is None or other is None:
        return True
    return groups[one] != groups[other] or groups[one] < 0


@lru_cache(maxsize=_SHAPES)
def edges_below(shape: Shape) -> frozenset[int]:
    """Cells with an outline between them and the cell under them."""
    if outline_groups(shape) is None:
        return frozenset()
    return frozenset(
        cell
        for cell, (row, col) in enumerate(shape.positions)
        if row + 1 < shape.rows and apart(shape, (row, col), (row + 1, col))
    )


@lru_cache(maxsize=_SHAPES)
def cage_totals(shape: Shape) -> dict[int, int]:
    """Each cage's first cell (its top-left) and the cage's total."""
    return {min(cage.cells): cage.total for cage in shape.cages}


@lru_cache(maxsize=_SHAPES)
def shaded_cells(shape: Shape) -> frozenset[int]:
    """The cells of a variant's extra houses (diagonals, windows)."""
    return frozenset(cell for h in shape.extra_houses for cell in shape.houses[h].cells)
