"""The candidate grid: values placed so far and the candidates left per cell.

Candidates are bit sets, bit ``v - 1`` for value ``v`` (as in ``solver``).
Every technique reads a :class:`CandidateGrid` and returns steps; only the
step runner changes it, so a technique can never corrupt the state it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache

from ..geometry import Shape
from ..progress import Cancelled
from ..puzzle import Puzzle


def bit(value: int) -> int:
    return 1 << (value - 1)


@cache
def digits_of(mask: int) -> tuple[int, ...]:
    """The values in a candidate bit set, ascending (cached: masks are few)."""
    out = []
    value = 1
    while mask:
        if mask & 1:
            out.append(value)
        mask >>= 1
        value += 1
    return tuple(out)


class Tables:
    """Per-shape lookups the techniques share, built once per shape."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.houses: tuple[tuple[int, ...], ...] = tuple(h.cells for h in shape.houses)
        self.kinds: tuple[str, ...] = tuple(h.kind for h in shape.houses)
        self.house_sets: tuple[frozenset[int], ...] = tuple(frozenset(h) for h in self.houses)
        self.cell_houses = shape.cell_houses
        self.peers = shape.peers
        self.peer_sets: tuple[frozenset[int], ...] = tuple(frozenset(p) for p in shape.peers)
        self.rows = tuple(i for i, k in enumerate(self.kinds) if k == "row")
        self.columns = tuple(i for i, k in enumerate(self.kinds) if k == "column")
        self.boxes = tuple(i for i, k in enumerate(self.kinds) if k == "box")
        # Houses of one kind that hold a cell (Samurai cells can be in two rows).
        self.cell_kind_houses: dict[str, tuple[tuple[int, ...], ...]] = {
            kind: tuple(tuple(h for h in hs if self.kinds[h] == kind) for hs in shape.cell_houses)
            for kind in ("row", "column", "box")
        }


@cache
def tables(shape: Shape) -> Tables:
    return Tables(shape)


class CandidateGrid:
    """Values and candidates of every cell; 0 / empty set for the other."""

    __slots__ = ("cands", "n", "shape", "should_stop", "t", "values")

    def __init__(self, shape: Shape, values: Sequence[int], cands: Sequence[int] | None = None) -> None:
        self.shape = shape
        # Polled by the long searches (forcing chains and nets); see check_stop.
        self.should_stop: Callable[[], bool] | None = None
        self.t = tables(shape)
        self.n = shape.n
        self.values = list(values)
        if cands is None:
            full = (1 << shape.n) - 1
            cands = []
            for cell, value in enumerate(self.values):
                if value:
                    cands.append(0)
                    continue
                used = 0
                for peer in shape.peers[cell]:
                    if self.values[peer]:
                        used |= bit(self.values[peer])
                cands.append(full & ~used)
        self.cands = list(cands)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> CandidateGrid:
        return cls(puzzle.shape, puzzle.givens)

    def check_stop(self) -> None:
        """Long searches call this between tries: :class:`Cancelled` once the caller asked to stop
        (the game's hint worker, when the player quits)."""
        if self.should_stop is not None and self.should_stop():
            raise Cancelled

    def copy(self) -> CandidateGrid:
        return CandidateGrid(self.shape, self.values, self.cands)

    # -- changes (only the runner and propagation use these) -------------------
    def place(self, cell: int, value: int) -> None:
        self.values[cell] = value
        self.cands[cell] = 0
        mask = ~bit(value)
        cands = self.cands
        for peer in self.t.peers[cell]:
            cands[peer] &= mask

    def eliminate(self, cell: int, value: int) -> None:
        self.cands[cell] &= ~bit(value)

    def apply(self, placements: Iterable[tuple[int, int]], eliminations: Iterable[tuple[int, int]]) -> None:
        for cell, value in eliminations:
            self.eliminate(cell, value)
        for cell, value in placements:
            self.place(cell, value)

    # -- questions ------------------------------------------------------------
    def is_solved(self) -> bool:
        return all(self.values)

    def cells_with(self, house: int, value: int) -> list[int]:
        """The empty cells of a house that still have ``value`` as a candidate."""
        b = bit(value)
        cands = self.cands
        return [c for c in self.t.houses[house] if cands[c] & b]

    def has(self, cell: int, value: int) -> bool:
        return bool(self.cands[cell] & bit(value))

    def empty_cells(self) -> list[int]:
        return [c for c, v in enumerate(self.values) if not v]

    def sees(self, a: int, b: int) -> bool:
        return b in self.t.peer_sets[a]

    def common_peers(self, cells: Iterable[int]) -> set[int]:
        """Cells that see every one of ``cells`` (none of them included)."""
        it = iter(cells)
        first = next(it)
        result = set(self.t.peer_sets[first])
        for cell in it:
            result &= self.t.peer_sets[cell]
        return result
