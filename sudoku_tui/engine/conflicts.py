"""The seed's PotentialConflicts: which values each house already holds.

The seed keeps three tables (rows, columns, boxes) of booleans indexed by
house and value. Here the houses come from the shape, so the same tracker
serves Samurai boards, whose cells belong to up to six houses.
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
