"""Almost Locked Sets: ALS-XZ (singly and doubly linked).

An ALS is N cells of one house with N+1 candidates together: lose any one
value and the rest are locked. Two ALSes A and B with a restricted common
value x (every x of both sees every other, so at most one of them holds x):
one of the two sets is then locked without x, so for another common value z,
z lies in A or in B, and a cell that sees every z of both loses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from .grid import CandidateGrid, bit, digits_of
from .step import Step, cells_text, values_text

MAX_ALS_CELLS = 7


@dataclass(frozen=True)
class Als:
    cells: tuple[int, ...]
    mask: int
    house: int


def almost_locked_sets(grid: CandidateGrid) -> list[Als]:
    cands, t = grid.cands, grid.t
    found: dict[tuple[int, ...], Als] = {}
    for h, house in enumerate(t.houses):
        empty = [c for c in house if cands[c]]
        for size in range(1, min(len(empty) - 1, MAX_ALS_CELLS) + 1):
            for group in combinations(empty, size):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if mask.bit_count() == size + 1 and group not in found:
                    found[group] = Als(group, mask, h)
    return list(found.values())


def _holders(grid: CandidateGrid, cells: tuple[int, ...], value: int) -> list[int]:
    b = bit(value)
    return [c for c in cells if grid.cands[c] & b]


def _all_see(grid: CandidateGrid, cells: list[int]) -> bool:
    return all(grid.sees(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :])


def _victims(grid: CandidateGrid, holders: list[int], value: int, exclude: set[int]) -> list[tuple[int, int]]:
    b = bit(value)
    return [(c, value) for c in grid.common_peers(holders) if c not in exclude and grid.cands[c] & b]


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    shape = grid.shape
    sets = almost_locked_sets(grid)
    seen: set[frozenset[tuple[int, int]]] = set()
    for i, a in enumerate(sets):
        a_cells = set(a.cells)
        for b in sets[i + 1 :]:
            common = a.mask & b.mask
            if common.bit_count() < 2 or a_cells.intersection(b.cells):
                continue
            members = a_cells | set(b.cells)
            rccs = [x for x in digits_of(common)
                    if _all_see(grid, _holders(grid, a.cells, x) + _holders(grid, b.cells, x))]
            if not rccs:
                continue
            victims: set[tuple[int, int]] = set()
            if len(rccs) == 1:
                x = rccs[0]
                for z in digits_of(common & ~bit(x)):
                    victims.update(_victims(grid, _holders(grid, a.cells, z) + _holders(grid, b.cells, z), z, members))
            else:
                # Doubly linked: both sets are locked (each holds one of the
                # two links), so every value of each is confined to its set,
                # and each link value lies in one of the two sets.
                rcc_mask = bit(rccs[0]) | bit(rccs[1])
                for s in (a, b):
                    for z in digits_of(s.mask & ~rcc_mask):
                        victims.update(_victims(grid, _holders(grid, s.cells, z), z, members))
                for x in rccs[:2]:
                    victims.update(_victims(grid, _holders(grid, a.cells, x) + _holders(grid, b.cells, x), x, members))
            if not victims:
                continue
            key = frozenset(victims)
            if key in seen:
                continue
            seen.add(key)
            links = values_text(shape, rccs[:2])
            yield Step(
                "ALS-XZ", eliminations=tuple(sorted(victims)), cells=a.cells + b.cells, houses=(a.house, b.house),
                values=digits_of(a.mask | b.mask),
                explanation=f"the almost locked sets {cells_text(shape, a.cells)} and {cells_text(shape, b.cells)} "
                f"share the restricted value {links}, so the values they share are held by one of them",
            )
