"""What the values on a board rule out: repeated values, and the candidates left.

:class:`PotentialConflicts` tracks which values each house holds, for the
reference solver (classic.py): one table of booleans per house and value,
with the houses taken from the shape, so the same tracker serves Samurai
boards, whose cells belong to up to six houses.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import Shape


class PotentialConflicts:
    """Values held by each house; ``has_conflict`` tells whether the grid it
    was built from already repeats a value in some house."""

    def __init__(self, shape: Shape, values: Sequence[int]) -> None:
        if values is None:
            raise TypeError("values must not be None")
        self.shape = shape
        # held[house][value] is True when the house holds the value.
        self._held = [[False] * (shape.n + 1) for _ in shape.houses]
        self.has_conflict = False
        for cell, value in enumerate(values):
            if value:
                if self.creates_conflict(cell, value):
                    self.has_conflict = True
                self.set_conflict(cell, value, True)

    def set_conflict(self, cell: int, value: int, present: bool) -> None:
        """Record that ``cell``'s houses now hold (or no longer hold) ``value``."""
        for house in self.shape.cell_houses[cell]:
            self._held[house][value] = present

    def creates_conflict(self, cell: int, value: int) -> bool:
        """Would placing ``value`` in ``cell`` repeat it in one of the cell's houses?"""
        held = self._held
        return any(held[house][value] for house in self.shape.cell_houses[cell])


def candidates(shape: Shape, values: Sequence[int]) -> list[int]:
    """Bit sets (bit v-1 for value v) of the values each empty cell may still
    take, given its peers' values; 0 for filled cells."""
    full = (1 << shape.n) - 1
    result = []
    for cell, value in enumerate(values):
        if value:
            result.append(0)
            continue
        used = 0
        for peer in shape.peers[cell]:
            if values[peer]:
                used |= 1 << (values[peer] - 1)
        result.append(full & ~used)
    return result


def conflicting_cells(shape: Shape, values: Sequence[int]) -> set[int]:
    """Every cell whose value also appears elsewhere in one of its houses."""
    found: set[int] = set()
    for house in shape.houses:
        first: dict[int, int] = {}
        for cell in house.cells:
            value = values[cell]
            if not value:
                continue
            other = first.setdefault(value, cell)
            if other != cell:
                found.add(other)
                found.add(cell)
    return found
