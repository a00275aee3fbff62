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


def _profile(grid: CandidateGrid, als: Als) -> dict[int, tuple[tuple[int, ...], frozenset[int]]]:
    """Per value of an ALS: the cells holding it, and the cells seeing all of them."""
    out = {}
    for value in digits_of(als.mask):
        b = bit(value)
        holders = tuple(c for c in als.cells if grid.cands[c] & b)
        out[value] = (holders, frozenset(grid.common_peers(holders)))
    return out


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    sets = almost_locked_sets(grid)
    profiles = [_profile(grid, s) for s in sets]
    seen: set[frozenset[tuple[int, int]]] = set()

    def victims_of(see: frozenset[int], value: int, members: set[int]) -> list[tuple[int, int]]:
        b = bit(value)
        return [(c, value) for c in see if c not in members and cands[c] & b]

    for i, a in enumerate(sets):
        a_cells = set(a.cells)
        pa = profiles[i]
        for j in range(i + 1, len(sets)):
            b = sets[j]
            common = a.mask & b.mask
            if common.bit_count() < 2 or not a_cells.isdisjoint(b.cells):
                continue
            pb = profiles[j]
            # x is restricted common when every x of B sees every x of A.
            rccs = [x for x in digits_of(common) if pa[x][1].issuperset(pb[x][0])]
            if not rccs:
                continue
            members = a_cells | set(b.cells)
            victims: set[tuple[int, int]] = set()
            if len(rccs) == 1:
                for z in digits_of(common & ~bit(rccs[0])):
                    victims.update(victims_of(pa[z][1] & pb[z][1], z, members))
            else:
                # Doubly linked: both sets are locked (each holds one of the
                # two links), so every value of each is confined to its set,
                # and each link value lies in one of the two sets.
                rcc_mask = bit(rccs[0]) | bit(rccs[1])
                for profile, s_ in ((pa, a), (pb, b)):
                    for z in digits_of(s_.mask & ~rcc_mask):
                        victims.update(victims_of(profile[z][1], z, members))
                for x in rccs[:2]:
                    victims.update(victims_of(pa[x][1] & pb[x][1], x, members))
            if not victims:
                continue
            key = frozenset(victims)
            if key in seen:
                continue
            seen.add(key)
            links = values_text(shape, rccs[:2])
            yield Step(
                "ALS-XZ",
                eliminations=tuple(sorted(victims)),
                cells=a.cells + b.cells,
                houses=(a.house, b.house),
                values=digits_of(a.mask | b.mask),
                explanation=f"the almost locked sets {cells_text(shape, a.cells)} and {cells_text(shape, b.cells)} "
                f"share the restricted value {links}, so the values they share are held by one of them",
            )
