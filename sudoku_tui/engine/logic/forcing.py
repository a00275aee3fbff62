"""Forcing chains and nets, the last resort: Contradiction and Verity.

Assume one candidate true and follow what the singles then force
(propagation.py). If that ends in a contradiction (a cell with no
candidate, a house that cannot hold a value), the candidate is false. If
every candidate of a cell, or every place of a value in a house, forces the
same placement or elimination, that outcome holds whichever is true. A net
also follows locked candidates. Each assumption is followed once and its
outcome reused by every test.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .grid import CandidateGrid, bit, digits_of
from .propagation import Placement, settle
from .step import Step, TechniqueName

# The grid after an assumption and all it forces, or None when it broke.
Outcome = CandidateGrid | None


def propagate(
    grid: CandidateGrid, cell: int, value: int, deep: bool = False, negate: bool = False
) -> tuple[Outcome, str]:
    """A copy of the grid after assuming ``cell`` holds ``value`` (or, with
    ``negate``, does not) and applying singles (and, when ``deep``, locked
    candidates too: a forcing net).

    Returns (None, why) on a contradiction.
    """
    world = grid.copy()
    queue: list[Placement] = [(cell, value)]
    if negate:
        world.eliminate(cell, value)
        left = world.cands[cell]
        if not left:
            return None, f"{grid.shape.cell_name(cell)} would have no candidate left"
        queue = [(cell, left.bit_length())] if not left & (left - 1) else []
    why = settle(world, queue, locked=deep)
    return (None, why) if why else (world, "")


class _Outcomes:
    """Propagation results per candidate, computed on first use."""

    def __init__(self, grid: CandidateGrid, deep: bool = False) -> None:
        self.grid = grid
        self.deep = deep
        self.cache: dict[tuple[int, int], tuple[Outcome, str]] = {}

    def get(self, cell: int, value: int) -> tuple[Outcome, str]:
        key = (cell, value)
        if key not in self.cache:
            self.grid.check_stop()
            self.cache[key] = propagate(self.grid, cell, value, self.deep)
        return self.cache[key]


def _few_candidates_first(grid: CandidateGrid) -> list[int]:
    """Empty cells, fewest candidates first: their assumptions force the most."""
    cands = grid.cands
    return sorted((c for c, m in enumerate(cands) if m), key=lambda c: cands[c].bit_count())


def _follow(deep: bool) -> str:
    return "singles and locked candidates" if deep else "singles"


def forcing_chain_contradiction(grid: CandidateGrid) -> Iterator[Step]:
    return _contradiction(grid, False)


def forcing_net_contradiction(grid: CandidateGrid) -> Iterator[Step]:
    return _contradiction(grid, True)


def forcing_chain_verity(grid: CandidateGrid) -> Iterator[Step]:
    return _verity(grid, False)


def forcing_net_verity(grid: CandidateGrid) -> Iterator[Step]:
    return _verity(grid, True)


def _contradiction(grid: CandidateGrid, deep: bool) -> Iterator[Step]:
    outcomes = _Outcomes(grid, deep)
    technique = TechniqueName.FORCING_NET_CONTRADICTION if deep else TechniqueName.FORCING_CHAIN_CONTRADICTION
    shape = grid.shape
    order = _few_candidates_first(grid)
    for cell in order:
        for value in digits_of(grid.cands[cell]):
            outcome, why = outcomes.get(cell, value)
            if outcome is None:
                yield Step(
                    technique,
                    eliminations=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} held {shape.symbol(value)}, the {_follow(deep)} that "
                    f"follow lead to a contradiction: {why}",
                )
    if deep:
        # A net may also start from a candidate assumed false.
        yield from _negated_contradiction(grid, order)


def _negated_contradiction(grid: CandidateGrid, order: list[int]) -> Iterator[Step]:
    shape = grid.shape
    for cell in order:
        for value in digits_of(grid.cands[cell]):
            grid.check_stop()
            outcome, why = propagate(grid, cell, value, deep=True, negate=True)
            if outcome is None:
                yield Step(
                    TechniqueName.FORCING_NET_CONTRADICTION,
                    placements=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} did not hold {shape.symbol(value)}, the "
                    f"{_follow(True)} that follow lead to a contradiction: {why}",
                )


@dataclass(frozen=True)
class _Source:
    """Candidates of which one is true: a cell's, or a value's places in a house."""

    text: str  # "whatever r1c2 holds"
    branches: list[Placement]
    cells: tuple[int, ...]


def _sources(grid: CandidateGrid) -> list[_Source]:
    """Cells with two or three candidates, and values with two or three
    places in a house; fewest branches first."""
    shape, cands = grid.shape, grid.cands
    sources: list[_Source] = []
    for cell, m in enumerate(cands):
        if 2 <= m.bit_count() <= 3:
            sources.append(
                _Source(f"whatever {shape.cell_name(cell)} holds", [(cell, v) for v in digits_of(m)], (cell,))
            )
    for h, house in enumerate(shape.house_cells):
        for v in range(1, grid.n + 1):
            places = [c for c in house if cands[c] & bit(v)]
            if 2 <= len(places) <= 3:
                text = f"wherever {shape.symbol(v)} goes in {shape.houses[h].name}"
                sources.append(_Source(text, [(c, v) for c in places], tuple(places)))
    sources.sort(key=lambda s: len(s.branches))
    return sources


def _common_placements(grid: CandidateGrid, source: _Source, live: list[CandidateGrid]) -> tuple[Placement, ...]:
    """Placements every live branch makes (a branch that ends in a
    contradiction is false, so it need not agree); a branch's own
    assumption counts only when it is the one branch left."""
    first = live[0].values
    common = [
        (c, first[c])
        for c in range(grid.shape.size)
        if not grid.values[c] and first[c] and all(world.values[c] == first[c] for world in live)
    ]
    return tuple((c, v) for c, v in common if (c, v) not in source.branches or len(live) == 1)


def _common_eliminations(grid: CandidateGrid, live: list[CandidateGrid]) -> list[Placement]:
    """Candidates that no live branch keeps (as a candidate or a value)."""
    eliminations: list[Placement] = []
    for c, m in enumerate(grid.cands):
        if not m:
            continue
        gone = m
        for world in live:
            kept = world.cands[c] | (bit(world.values[c]) if world.values[c] else 0)
            gone &= ~kept
        eliminations.extend((c, v) for v in digits_of(gone))
    return eliminations


def _verity(grid: CandidateGrid, deep: bool) -> Iterator[Step]:
    outcomes = _Outcomes(grid, deep)
    technique = TechniqueName.FORCING_NET_VERITY if deep else TechniqueName.FORCING_CHAIN_VERITY
    shape = grid.shape
    seen: set[tuple[Placement, ...]] = set()
    for source in _sources(grid):
        grid.check_stop()
        live = [world for world in (outcomes.get(c, v)[0] for c, v in source.branches) if world is not None]
        if not live:
            continue  # the grid is broken; contradictions report it
        placements = _common_placements(grid, source, live)[:1]
        eliminations = () if placements else tuple(_common_eliminations(grid, live))
        key = placements or eliminations
        if not key or key in seen:
            continue
        seen.add(key)
        effect = ", ".join(f"{shape.cell_name(c)}={shape.symbol(v)}" for c, v in placements) or ", ".join(
            f"{shape.cell_name(c)}<>{shape.symbol(v)}" for c, v in eliminations
        )
        yield Step(
            technique,
            placements=placements,
            eliminations=eliminations,
            cells=source.cells,
            values=tuple(sorted({v for _, v in source.branches})),
            explanation=f"{source.text}, the {_follow(deep)} that follow give {effect}",
        )


def _refuted_candidate(world: CandidateGrid) -> tuple[int, int] | None:
    """A candidate of ``world`` that a forcing chain contradiction disproves, if any."""
    for cell in _few_candidates_first(world):
        for value in digits_of(world.cands[cell]):
            world.check_stop()
            outcome, _ = propagate(world, cell, value)
            if outcome is None:
                return cell, value
    return None


def _refute(world: CandidateGrid) -> str:
    """Forcing chain contradictions inside an assumed world, applied until the
    world itself breaks ("" when it holds up)."""
    shape = world.shape
    while True:
        refuted = _refuted_candidate(world)
        if refuted is None:
            return ""
        cell, value = refuted
        # value is impossible in this world: remove it and settle.
        settled, why = propagate(world, cell, value, deep=True, negate=True)
        if settled is None:
            return f"then {shape.symbol(value)} in {shape.cell_name(cell)} is both impossible and needed ({why})"
        world = settled


def nested_forcing_net(grid: CandidateGrid) -> Iterator[Step]:
    """The last resort: assume a candidate, and inside that assumption use
    forcing chain contradictions too; if the assumption then breaks, the
    candidate is false."""
    shape = grid.shape
    for cell in _few_candidates_first(grid):
        for value in digits_of(grid.cands[cell]):
            grid.check_stop()
            outcome, _ = propagate(grid, cell, value, deep=True)
            if outcome is None:
                continue  # a plain forcing net; found before this runs
            why = _refute(outcome)
            if why:
                yield Step(
                    TechniqueName.NESTED_FORCING_NET,
                    eliminations=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} held {shape.symbol(value)}, forcing chains inside that "
                    f"assumption lead to a contradiction: {why}",
                )
