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


def _profile(grid: CandidateGrid, als: Als, peer_masks: list[int]) -> list[tuple[int, int]]:
    """Per value (index value - 1) of an ALS, as cell bit sets: the cells that
    hold it, and the cells outside that see all of them (0, 0 when absent)."""
    out = [(0, 0)] * grid.n
    everything = (1 << grid.shape.size) - 1
    for value in digits_of(als.mask):
        b = bit(value)
        holders = 0
        see = everything
        for c in als.cells:
            if grid.cands[c] & b:
                holders |= 1 << c
                see &= peer_masks[c]
        out[value - 1] = (holders, see)
    return out


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    shape, cands = grid.shape, grid.cands
    sets = almost_locked_sets(grid)
    peer_masks = [sum(1 << p for p in grid.t.peers[c]) for c in range(shape.size)]
    # Cells that still hold each value, as a bit set.
    holding = [0] * (grid.n + 1)
    for c, m in enumerate(cands):
        for v in digits_of(m):
            holding[v] |= 1 << c
    profiles = [_profile(grid, s, peer_masks) for s in sets]
    cell_masks = [sum(1 << c for c in s.cells) for s in sets]
    seen: set[frozenset[tuple[int, int]]] = set()
    for i, a in enumerate(sets):
        pa, a_cells = profiles[i], cell_masks[i]
        for j in range(i + 1, len(sets)):
            b = sets[j]
            common = a.mask & b.mask
            if common & (common - 1) == 0 or a_cells & cell_masks[j]:
                continue  # fewer than two common values, or overlapping sets
            pb = profiles[j]
            # x is restricted common when every x of B sees every x of A.
            rccs = [x for x in digits_of(common) if pb[x - 1][0] & ~pa[x - 1][1] == 0]
            if not rccs:
                continue
            members = a_cells | cell_masks[j]
            victims: set[tuple[int, int]] = set()
            if len(rccs) == 1:
                for z in digits_of(common & ~bit(rccs[0])):
                    hit = pa[z - 1][1] & pb[z - 1][1] & holding[z] & ~members
                    victims.update((c, z) for c in _cells(hit))
            else:
                # Doubly linked: both sets are locked (each holds one of the
                # two links), so every value of each is confined to its set,
                # and each link value lies in one of the two sets.
                rcc_mask = bit(rccs[0]) | bit(rccs[1])
                for profile, s_ in ((pa, a), (pb, b)):
                    for z in digits_of(s_.mask & ~rcc_mask):
                        hit = profile[z - 1][1] & holding[z] & ~members
                        victims.update((c, z) for c in _cells(hit))
                for x in rccs[:2]:
                    hit = pa[x - 1][1] & pb[x - 1][1] & holding[x] & ~members
                    victims.update((c, x) for c in _cells(hit))
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
