"""Almost Locked Sets: ALS-XZ (singly and doubly linked).

An ALS is N cells of one house with N+1 candidates together: lose any one
value and the rest are locked. Two ALSes A and B with a restricted common
value x (every x of both sees every other, so at most one of them holds x):
one of the two sets is then locked without x, so for another common value z,
z lies in A or in B, and a cell that sees every z of both loses it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .grid import CandidateGrid, bit, digits_of, peer_masks, value_places
from .memo import Memo
from .step import Step, TechniqueName, cells_text, values_text

MAX_ALS_CELLS = 7

# Each house's ALSes, under its candidates.
_HOUSE_SETS: Memo[tuple[tuple[int, ...], int]] = Memo()

# Per value (index value - 1) of an ALS, as cell bit sets: the cells that
# hold it, and the cells outside that see all of them ((0, 0) when absent).
Profile = list[tuple[int, int]]


@dataclass(frozen=True)
class Als:
    cells: tuple[int, ...]
    mask: int
    house: int


def almost_locked_sets(grid: CandidateGrid) -> list[Als]:
    cands, shape = grid.cands, grid.shape
    found: dict[tuple[int, ...], Als] = {}
    for h, house in enumerate(shape.house_cells):
        grid.check_stop()
        key = (shape, h, tuple(cands[c] for c in house))
        sets = _HOUSE_SETS.get(key)
        if sets is None:
            sets = _HOUSE_SETS.keep(key, _house_sets(cands, house))
        for group, mask in sets:
            if group not in found:
                found[group] = Als(group, mask, h)
    return list(found.values())


def _house_sets(cands: list[int], house: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """The ALSes of one house, smallest first, each size in the order of ``combinations``."""
    empty = [c for c in house if cands[c]]
    most = min(len(empty) - 1, MAX_ALS_CELLS)
    out: list[tuple[int, tuple[int, ...], int]] = []  # (size, positions, values)
    # Depth first over the cells' positions; a set's values only grow, so one
    # with more than ``most + 1`` values has no ALS above it.
    resume: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
    while resume:
        i, chosen, mask = resume.pop()
        while i < len(empty) and len(chosen) < most:
            grown = mask | cands[empty[i]]
            bigger = (*chosen, i)
            i += 1
            count = grown.bit_count()
            if count > most + 1:
                continue
            if count == len(bigger) + 1:
                out.append((len(bigger), bigger, grown))
            resume.append((i, chosen, mask))
            chosen, mask = bigger, grown
    out.sort()
    return [(tuple(empty[i] for i in positions), mask) for _, positions, mask in out]


def _profile(grid: CandidateGrid, als: Als, peer_masks: Sequence[int]) -> Profile:
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
    peers = peer_masks(grid.shape)
    profiles = [_profile(grid, s, peers) for s in sets]
    return _Sets(sets, profiles, [sum(1 << c for c in s.cells) for s in sets], value_places(grid))


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    found = _prepared(grid)
    sets, profiles = found.sets, found.profiles
    index = _Index(grid, found)
    seen: set[frozenset[tuple[int, int]]] = set()
    for i, a in enumerate(sets):
        grid.check_stop()
        pa = profiles[i]
        # The later sets that share a restricted common value with this one and no cell, in order.
        partners = index.linked(a, pa) >> (i + 1)
        while partners:
            low = partners & -partners
            partners ^= low
            j = i + low.bit_length()
            common = a.mask & sets[j].mask
            if common & (common - 1) == 0:
                continue  # one common value: it links the sets, but nothing is left to remove
            pb = profiles[j]
            # x is restricted common when every x of B sees every x of A.
            rccs = [x for x in digits_of(common) if pb[x - 1][0] & ~pa[x - 1][1] == 0]
            victims = _victims(found, i, j, rccs)
            if victims and frozenset(victims) not in seen:
                seen.add(frozenset(victims))
                yield _als_step(grid, found, i, j, victims, rccs)


class _Index:
    """The sets as bits of their indexes (set j is bit j), to find a set's
    partners without trying every pair."""

    def __init__(self, grid: CandidateGrid, found: _Sets) -> None:
        self.with_cell: dict[int, int] = {}  # the sets with this cell
        self.holding_at: dict[tuple[int, int], int] = {}  # the sets whose (cell, value) is a candidate
        for j, s in enumerate(found.sets):
            for c in s.cells:
                self.with_cell[c] = self.with_cell.get(c, 0) | 1 << j
                for v in digits_of(grid.cands[c]):
                    self.holding_at[c, v] = self.holding_at.get((c, v), 0) | 1 << j
        # Per value, each cell holding it with the sets it belongs to.
        self.places: list[list[tuple[int, int]]] = [[] for _ in found.holding]
        for (c, v), bits in sorted(self.holding_at.items()):
            self.places[v].append((c, bits))
        self._seeing: dict[tuple[int, int], int] = {}

    def seeing(self, value: int, holders: int, see: int) -> int:
        """The sets holding ``value`` whose places for it all lie in ``see``
        (the cells that see every one of ``holders``)."""
        key = (value, holders)
        got = self._seeing.get(key)
        if got is None:
            some = away = 0
            for c, bits in self.places[value]:
                if see >> c & 1:
                    some |= bits
                else:
                    away |= bits
            got = self._seeing[key] = some & ~away
        return got

    def linked(self, a: Als, pa: Profile) -> int:
        """The sets with no cell of ``a`` whose places for some common value all see a's."""
        linked = 0
        for x in digits_of(a.mask):
            holders, see = pa[x - 1]
            linked |= self.seeing(x, holders, see)
        for c in a.cells:
            linked &= ~self.with_cell[c]
        return linked


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
