"""What the values on a board rule out: repeated values (and broken killer
cages), and the candidates left.

:class:`PotentialConflicts` tracks which values each house holds, for the
reference solver (reference.py): one table of booleans per house and value,
with the houses taken from the shape, so the same tracker serves Samurai
boards, whose cells belong to up to six houses.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import Cage, Shape


class PotentialConflicts:
    """Values held by each house; ``has_conflict`` tells whether the grid it
    was built from already repeats a value in some house."""

    def __init__(self, shape: Shape, values: Sequence[int]) -> None:
        if values is None:
            raise TypeError("values must not be None")
        self.shape = shape
        # held[house][value] is True when the house holds the value.
        self._held = [[False] * (shape.n + 1) for _ in shape.houses]
        # A killer's cages: the values each holds (a bit set), their sum and count.
        self._cage_values = [0] * len(shape.cages)
        self._cage_sum = [0] * len(shape.cages)
        self._cage_filled = [0] * len(shape.cages)
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
        cage = self.shape.cell_cage[cell]
        if cage >= 0:
            sign = 1 if present else -1
            self._cage_values[cage] ^= 1 << value
            self._cage_sum[cage] += sign * value
            self._cage_filled[cage] += sign

    def creates_conflict(self, cell: int, value: int) -> bool:
        """Would placing ``value`` in ``cell`` repeat it in one of the cell's
        houses, or break its cage (repeat a value, pass the total, or fill the
        cage short of it)?"""
        held = self._held
        if any(held[house][value] for house in self.shape.cell_houses[cell]):
            return True
        cage = self.shape.cell_cage[cell]
        if cage < 0:
            return False
        total = self._cage_sum[cage] + value
        last = self._cage_filled[cage] + 1 == len(self.shape.cages[cage].cells)
        goal = self.shape.cages[cage].total
        return bool(self._cage_values[cage] >> value & 1) or total > goal or (last and total != goal)


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
    for cage in shape.cages:
        found.update(broken_cage_cells(cage, values))
    return found


def broken_cage_cells(cage: Cage, values: Sequence[int]) -> list[int]:
    """The filled cells of a cage that breaks its rule: a value twice, a sum
    past its total, or every cell filled and the total not reached."""
    filled = [cell for cell in cage.cells if values[cell]]
    held = [values[cell] for cell in filled]
    total = sum(held)
    if len(set(held)) < len(held) or total > cage.total or (len(filled) == len(cage.cells) and total != cage.total):
        return filled
    return []
