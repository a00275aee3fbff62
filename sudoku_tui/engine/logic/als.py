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
from .step import Step, TechniqueName, cells_text, values_text

MAX_ALS_CELLS = 7

# Per value (index value - 1) of an ALS, as cell bit sets: the cells that
# hold it, and the cells outside that see all of them ((0, 0) when absent).
Profile = list[tuple[int, int]]


@dataclass(frozen=True)
class Als:
    cells: tuple[int, ...]
    mask: int
    house: int


def almost_locked_sets(grid: CandidateGrid) -> list[Als]:
    cands = grid.cands
    found: dict[tuple[int, ...], Als] = {}
    for h, house in enumerate(grid.shape.house_cells):
        empty = [c for c in house if cands[c]]
        for size in range(1, min(len(empty) - 1, MAX_ALS_CELLS) + 1):
            grid.check_stop()
            for group in combinations(empty, size):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if mask.bit_count() == size + 1 and group not in found:
                    found[group] = Als(group, mask, h)
    return list(found.values())


def _profile(grid: CandidateGrid, als: Als, peer_masks: list[int]) -> Profile:
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


@dataclass(frozen=True)
class _Sets:
    """The grid's ALSes with what the pairing needs, all as cell bit sets."""

    sets: list[Als]
    profiles: list[Profile]
    cell_masks: list[int]  # the cells of each set
    holding: list[int]  # [value]: the cells that still hold it


def _prepared(grid: CandidateGrid) -> _Sets:
    sets = almost_locked_sets(grid)
    peer_masks = [sum(1 << p for p in grid.shape.peers[c]) for c in range(grid.shape.size)]
    holding = [0] * (grid.n + 1)
    for c, m in enumerate(grid.cands):
        for v in digits_of(m):
            holding[v] |= 1 << c
    profiles = [_profile(grid, s, peer_masks) for s in sets]
    return _Sets(sets, profiles, [sum(1 << c for c in s.cells) for s in sets], holding)


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    found = _prepared(grid)
    sets, cell_masks, profiles = found.sets, found.cell_masks, found.profiles
    seen: set[frozenset[tuple[int, int]]] = set()
    for i, a in enumerate(sets):
        grid.check_stop()
        pa = profiles[i]
        for j in range(i + 1, len(sets)):
            common = a.mask & sets[j].mask
            if common & (common - 1) == 0 or cell_masks[i] & cell_masks[j]:
                continue  # fewer than two common values, or overlapping sets
            pb = profiles[j]
            # x is restricted common when every x of B sees every x of A.
            rccs = [x for x in digits_of(common) if pb[x - 1][0] & ~pa[x - 1][1] == 0]
            victims = _victims(found, i, j, rccs) if rccs else None
            if victims and frozenset(victims) not in seen:
                seen.add(frozenset(victims))
                yield _als_step(grid, found, i, j, victims, rccs)


def _victims(found: _Sets, i: int, j: int, rccs: list[int]) -> set[tuple[int, int]]:
    """What sets i and j with restricted common values ``rccs`` remove."""
    a, b = found.sets[i], found.sets[j]
    pa, pb = found.profiles[i], found.profiles[j]
    members = found.cell_masks[i] | found.cell_masks[j]
    holding = found.holding
    victims: set[tuple[int, int]] = set()

    def seen_by(profiles: tuple[Profile, ...], z: int) -> None:
        hit = holding[z] & ~members
        for profile in profiles:
            hit &= profile[z - 1][1]
        victims.update((c, z) for c in _cells(hit))

    if len(rccs) == 1:
        for z in digits_of(a.mask & b.mask & ~bit(rccs[0])):
            seen_by((pa, pb), z)
        return victims
    # Doubly linked: both sets are locked (each holds one of the two links),
    # so every value of each is confined to its set, and each link value lies
    # in one of the two sets.
    rcc_mask = bit(rccs[0]) | bit(rccs[1])
    for profile, s in ((pa, a), (pb, b)):
        for z in digits_of(s.mask & ~rcc_mask):
            seen_by((profile,), z)
    for x in rccs[:2]:
        seen_by((pa, pb), x)
    return victims


def _als_step(
    grid: CandidateGrid, found: _Sets, i: int, j: int, victims: set[tuple[int, int]], rccs: list[int]
) -> Step:
    shape = grid.shape
    a, b = found.sets[i], found.sets[j]
    links = values_text(shape, rccs[:2])
    return Step(
        TechniqueName.ALS_XZ,
        eliminations=tuple(sorted(victims)),
        cells=a.cells + b.cells,
        houses=(a.house, b.house),
        values=digits_of(a.mask | b.mask),
        explanation=f"the almost locked sets {cells_text(shape, a.cells)} and {cells_text(shape, b.cells)} "
        f"share the restricted value {links}, so the values they share are held by one of them",
    )
