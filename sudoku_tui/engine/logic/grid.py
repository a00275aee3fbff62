"""The candidate grid: values placed so far and the candidates left per cell.

Candidates are bit sets, bit ``v - 1`` for value ``v`` (as in ``solver``).
Every technique reads a :class:`CandidateGrid` and yields steps; only the
step runner (and propagation, on copies) changes it, so a technique can
never corrupt the state it reads. The shape's look-ups (houses, peers, the
houses of each kind) are the Shape's own: ``grid.shape.house_cells`` etc.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from typing import Any

from ..board.conflicts import candidates
from ..board.geometry import Shape
from ..board.puzzle import Puzzle
from ..progress import Cancelled, StopCheck
from .step import Step, TechniqueName

# A search that yields the steps of several techniques at once.
Search = Callable[..., Iterator[Step]]


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


@lru_cache(maxsize=32)
def house_masks(shape: Shape) -> tuple[int, ...]:
    """Each house's cells as a bit set of cell indexes."""
    return tuple(sum(1 << c for c in cells) for cells in shape.house_cells)


@lru_cache(maxsize=32)
def peer_masks(shape: Shape) -> tuple[int, ...]:
    """Each cell's peers as a bit set of cell indexes."""
    return tuple(sum(1 << peer for peer in peers) for peers in shape.peers)


def cells_in(mask: int) -> Iterator[int]:
    """The cell indexes in a bit set, ascending."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def value_places(grid: CandidateGrid) -> list[int]:
    """Per value (index ``value``, 0 unused), the cells that still have it as a
    candidate, as a bit set of cell indexes (read it, do not change it).

    Several searches of one step ask for them: the last answer is kept with
    the candidates it was made from (compared whole, since propagation
    changes a copy's candidates in place)."""
    cands = tuple(grid.cands)
    kept = grid._places
    if kept is not None and kept[0] == cands:
        return kept[1]
    places = [0] * (grid.n + 1)
    for cell, mask in enumerate(cands):
        while mask:
            low = mask & -mask
            mask ^= low
            places[low.bit_length()] |= 1 << cell
    grid._places = (cands, places)
    return places


class CandidateGrid:
    """Values and candidates of every cell; 0 / empty set for the other."""

    __slots__ = ("_places", "_searches", "cands", "n", "shape", "should_stop", "values")

    def __init__(self, shape: Shape, values: Sequence[int], cands: Sequence[int] | None = None) -> None:
        self.shape = shape
        # Polled by every long search through check_stop.
        self.should_stop: StopCheck | None = None
        self.n = shape.n
        self.values = list(values)
        self.cands = list(cands) if cands is not None else candidates(shape, self.values)
        # Searches shared by several techniques, for the grid as it stands (see shared_steps).
        self._searches: dict[tuple[Any, ...], _SharedSteps] = {}
        self._places: tuple[tuple[int, ...], list[int]] | None = None  # see value_places

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> CandidateGrid:
        return cls(puzzle.shape, puzzle.givens)

    def check_stop(self) -> None:
        """Long searches call this between tries: :class:`Cancelled` once the caller asked to stop
        (the game's hint worker when the player quits, the generator when Esc is pressed)."""
        if self.should_stop is not None and self.should_stop():
            raise Cancelled

    def copy(self) -> CandidateGrid:
        """A grid to change freely: the same values, candidates and stop check."""
        twin = CandidateGrid(self.shape, self.values, self.cands)
        twin.should_stop = self.should_stop
        return twin

    # -- changes (only the runner and propagation use these) -------------------
    def place(self, cell: int, value: int) -> list[int]:
        """Put ``value`` in ``cell`` and take it from the peers' candidates;
        returns the peers that lost it (propagation looks at those)."""
        if self._searches:
            self._searches.clear()
        self.values[cell] = value
        cands = self.cands
        cands[cell] = 0
        b = bit(value)
        lost = [peer for peer in self.shape.peers[cell] if cands[peer] & b]
        for peer in lost:
            cands[peer] ^= b
        return lost

    def eliminate(self, cell: int, value: int) -> None:
        if self._searches:
            self._searches.clear()
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
        return [c for c in self.shape.house_cells[house] if cands[c] & b]

    def missing_places(self, house: int) -> dict[int, list[int]]:
        """Each value the house does not hold yet, with its cells that may still take it."""
        values, cands = self.values, self.cands
        cells = self.shape.house_cells[house]
        present = {values[c] for c in cells}
        return {v: [c for c in cells if cands[c] & bit(v)] for v in range(1, self.n + 1) if v not in present}

    def sees(self, a: int, b: int) -> bool:
        return b in self.shape.peer_sets[a]

    def common_peers(self, cells: Iterable[int]) -> set[int]:
        """Cells that see every one of ``cells`` (none of them included)."""
        peer_sets = self.shape.peer_sets
        it = iter(cells)
        result = set(peer_sets[next(it)])
        for cell in it:
            result &= peer_sets[cell]
        return result

    def cleared_outside(self, losses: Iterable[tuple[int, int]], keep: Iterable[int]) -> list[tuple[int, int]]:
        """The ``(cell, value)`` eliminations, sorted, when each ``(house, values)`` of
        ``losses`` loses those values (a mask) from its cells outside ``keep``."""
        kept = set(keep)
        cands, house_cells = self.cands, self.shape.house_cells
        removed = {
            (c, v)
            for house, values in losses
            for c in house_cells[house]
            if c not in kept
            for v in digits_of(cands[c] & values)
        }
        return sorted(removed)

    def shared_steps(self, search: Search, *args: Any) -> Iterator[Step]:
        """The steps ``search(self, *args)`` yields, searched once for the grid as it stands.

        Some searches find several techniques at once (finned and sashimi
        fish, the four unique rectangle types, ...). Each technique's finder
        reads the shared search and keeps its own steps: the first pulls the
        search as far as it needs, a later one replays what was found and
        goes on from there. Any change to the grid starts afresh.
        """
        key = (search, *args)
        shared = self._searches.get(key)
        if shared is None or shared.broken:
            shared = self._searches[key] = _SharedSteps(search(self, *args))
        return iter(shared)


def only(technique: TechniqueName, steps: Iterable[Step]) -> Iterator[Step]:
    """The steps of one technique among those of a shared search."""
    return (step for step in steps if step.technique is technique)


def finder_of(technique: TechniqueName, search: Search, *args: Any) -> Callable[[CandidateGrid], Iterator[Step]]:
    """The finder of one technique that ``search(grid, *args)`` finds together with others."""

    def find(grid: CandidateGrid) -> Iterator[Step]:
        return only(technique, grid.shared_steps(search, *args))

    find.__name__ = find.__qualname__ = technique.name.lower()
    find.__doc__ = f"{technique.value}: its steps of the shared search {search.__name__}."
    return find


class _SharedSteps:
    """A search's steps, kept as they come, so every reader sees them all in order."""

    def __init__(self, source: Iterator[Step]) -> None:
        self._source: Iterator[Step] | None = source
        self._found: list[Step] = []
        # The search raised (Cancelled): its generator is dead, so it must be started again.
        self.broken = False

    def __iter__(self) -> Iterator[Step]:
        index = 0
        while True:
            if index == len(self._found) and not self._pull():
                return
            yield self._found[index]
            index += 1

    def _pull(self) -> bool:
        """One more step from the search; False once it is done."""
        if self._source is None:
            return False
        try:
            self._found.append(next(self._source))
        except StopIteration:
            self._source = None
            return False
        except BaseException:
            self._source = None
            self.broken = True
            raise
        return True
