"""Forcing chains, the last resort: Contradiction and Verity.

Assume one candidate true and follow what the singles then force (naked and
hidden singles, over and over). If that ends in a contradiction (a cell with
no candidate, a house that cannot hold a value), the candidate is false. If
every candidate of a cell, or every place of a value in a house, forces the
same placement or elimination, that outcome holds whichever is true.
Each assumption is followed once and its outcome reused by every test.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..geometry import Shape
from .grid import CandidateGrid, bit, digits_of, tables
from .step import Step

Outcome = tuple[list[int], list[int]] | None  # (values, candidates) after propagation; None: contradiction


@cache
def _intersections(shape: Shape) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """Each box/line crossing: (shared cells, rest of the box, rest of the line)."""
    t = tables(shape)
    out = []
    for box in t.boxes:
        box_cells = t.house_sets[box]
        for line in t.rows + t.columns:
            shared = tuple(c for c in t.houses[line] if c in box_cells)
            if len(shared) >= 2:
                out.append(
                    (
                        shared,
                        tuple(c for c in t.houses[box] if c not in shared),
                        tuple(c for c in t.houses[line] if c not in shared),
                    )
                )
    return tuple(out)


def _locked_candidates(
    cands: list[int],
    values: list[int],
    crossings: tuple[tuple[tuple[int, ...], ...], ...],
    queue: list[tuple[int, int]],
) -> bool:
    """Pointing and claiming on a propagation's grid; True when anything changed."""
    changed = False
    for shared, box_rest, line_rest in crossings:
        inside = 0
        for c in shared:
            inside |= cands[c]
        if not inside:
            continue
        box_out = line_out = 0
        for c in box_rest:
            box_out |= cands[c]
        for c in line_rest:
            line_out |= cands[c]
        for only, targets in ((inside & ~box_out, line_rest), (inside & ~line_out, box_rest)):
            if only:
                for c in targets:
                    m = cands[c]
                    if m & only:
                        m &= ~only
                        cands[c] = m
                        changed = True
                        if m and not m & (m - 1):
                            queue.append((c, m.bit_length()))
    return changed


def propagate(
    grid: CandidateGrid, cell: int, value: int, deep: bool = False, negate: bool = False
) -> tuple[Outcome, str]:
    """The grid after assuming ``cell`` holds ``value`` (or, with ``negate``,
    does not) and applying singles (and, when ``deep``, locked candidates
    too: a forcing net).

    Returns (None, why) on a contradiction.
    """
    crossings = _intersections(grid.shape) if deep else ()
    t, shape = grid.t, grid.shape
    values, cands = grid.values[:], grid.cands[:]
    peers, houses = t.peers, t.houses
    full = (1 << grid.n) - 1
    queue = [(cell, value)]
    if negate:
        queue = []
        left = cands[cell] & ~bit(value)
        cands[cell] = left
        if not left:
            return None, f"{shape.cell_name(cell)} would have no candidate left"
        if not left & (left - 1):
            queue.append((cell, left.bit_length()))
    while True:
        while queue:
            c, v = queue.pop()
            b = bit(v)
            if values[c]:
                if values[c] != v:
                    return None, f"{shape.cell_name(c)} would need two values"
                continue
            if not cands[c] & b:
                return None, f"{shape.cell_name(c)} would need {shape.symbol(v)}, which a peer already holds"
            values[c] = v
            cands[c] = 0
            for p in peers[c]:
                m = cands[p]
                if m & b:
                    m &= ~b
                    cands[p] = m
                    if not m:
                        return None, f"{shape.cell_name(p)} would have no candidate left"
                    if not m & (m - 1):
                        queue.append((p, m.bit_length()))
        # Hidden singles, and houses that lost a value altogether.
        for index, house in enumerate(houses):
            once = twice = placed = 0
            for c in house:
                if values[c]:
                    placed |= bit(values[c])
                else:
                    m = cands[c]
                    twice |= once & m
                    once |= m
            missing = full & ~(once | placed)
            if missing:
                v = digits_of(missing)[0]
                return None, f"{shape.houses[index].name} would have no place for {shape.symbol(v)}"
            single = once & ~twice & ~placed
            while single:
                low = single & -single
                single ^= low
                for c in house:
                    if cands[c] & low:
                        queue.append((c, low.bit_length()))
                        break
        if not queue and deep and _locked_candidates(cands, values, crossings, queue):
            if not all(cands[c] or values[c] for c in range(len(values))):
                empty = next(c for c in range(len(values)) if not cands[c] and not values[c])
                return None, f"{shape.cell_name(empty)} would have no candidate left"
            continue
        if not queue:
            return (values, cands), ""


class _Outcomes:
    """Propagation results per candidate, computed on first use."""

    def __init__(self, grid: CandidateGrid, deep: bool = False) -> None:
        self.grid = grid
        self.deep = deep
        self.cache: dict[tuple[int, int], tuple[Outcome, str]] = {}

    def get(self, cell: int, value: int) -> tuple[Outcome, str]:
        key = (cell, value)
        if key not in self.cache:
            self.cache[key] = propagate(self.grid, cell, value, self.deep)
        return self.cache[key]


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
    kind = "Net" if deep else "Chain"
    follow = "singles and locked candidates" if deep else "singles"
    shape, cands = grid.shape, grid.cands
    # Cells with few candidates first: their assumptions force the most.
    order = sorted((c for c, m in enumerate(cands) if m), key=lambda c: cands[c].bit_count())
    for cell in order:
        for value in digits_of(cands[cell]):
            grid.check_stop()
            outcome, why = outcomes.get(cell, value)
            if outcome is None:
                yield Step(
                    f"Forcing {kind} Contradiction",
                    eliminations=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} held {shape.symbol(value)}, the {follow} that follow "
                    f"lead to a contradiction: {why}",
                )
    if not deep:
        return
    # A net may also start from a candidate assumed false.
    for cell in order:
        for value in digits_of(cands[cell]):
            grid.check_stop()
            outcome, why = propagate(grid, cell, value, deep, negate=True)
            if outcome is None:
                yield Step(
                    "Forcing Net Contradiction",
                    placements=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} did not hold {shape.symbol(value)}, the {follow} that "
                    f"follow lead to a contradiction: {why}",
                )


def _verity(grid: CandidateGrid, deep: bool) -> Iterator[Step]:
    outcomes = _Outcomes(grid, deep)
    kind = "Net" if deep else "Chain"
    follow = "singles and locked candidates" if deep else "singles"
    shape, cands, t = grid.shape, grid.cands, grid.t
    sources: list[tuple[str, list[tuple[int, int]], tuple[int, ...]]] = []
    for cell, m in enumerate(cands):
        if 2 <= m.bit_count() <= 3:
            sources.append((f"whatever {shape.cell_name(cell)} holds", [(cell, v) for v in digits_of(m)], (cell,)))
    for h, house in enumerate(t.houses):
        for v in range(1, grid.n + 1):
            places = [c for c in house if cands[c] & bit(v)]
            if 2 <= len(places) <= 3:
                sources.append(
                    (
                        f"wherever {shape.symbol(v)} goes in {shape.houses[h].name}",
                        [(c, v) for c in places],
                        tuple(places),
                    )
                )
    sources.sort(key=lambda s: len(s[1]))
    seen: set[tuple[tuple[int, int], ...]] = set()
    for text, branches, cells in sources:
        grid.check_stop()
        results = [outcomes.get(c, v)[0] for c, v in branches]
        live = [r for r in results if r is not None]
        if not live:
            continue  # the grid is broken; contradictions report it
        # Placements every live branch makes; a branch that ends in a
        # contradiction is false, so it need not agree.
        common_values = [
            (c, live[0][0][c])
            for c in range(shape.size)
            if not grid.values[c] and live[0][0][c] and all(r[0][c] == live[0][0][c] for r in live)
        ]
        placements = tuple((c, v) for c, v in common_values if (c, v) not in branches or len(live) == 1)
        eliminations: list[tuple[int, int]] = []
        if not placements:
            for c, m in enumerate(cands):
                if not m:
                    continue
                gone = m
                for r in live:
                    kept = r[1][c] | (bit(r[0][c]) if r[0][c] else 0)
                    gone &= ~kept
                eliminations.extend((c, v) for v in digits_of(gone))
        if not placements and not eliminations:
            continue
        key = placements[:1] or tuple(eliminations)
        if key in seen:
            continue
        seen.add(key)
        effect = ", ".join(f"{shape.cell_name(c)}={shape.symbol(v)}" for c, v in placements[:1]) or ", ".join(
            f"{shape.cell_name(c)}<>{shape.symbol(v)}" for c, v in eliminations
        )
        yield Step(
            f"Forcing {kind} Verity",
            placements=placements[:1],
            eliminations=() if placements else tuple(eliminations),
            cells=cells,
            values=tuple(sorted({v for _, v in branches})),
            explanation=f"{text}, the {follow} that follow give {effect}",
        )


def _refute(world: CandidateGrid) -> str:
    """Forcing chain contradictions inside an assumed world, applied until the
    world itself breaks ("" when it holds up)."""
    shape = world.shape
    while True:
        order = sorted((c for c, m in enumerate(world.cands) if m), key=lambda c: world.cands[c].bit_count())
        for cell in order:
            for value in digits_of(world.cands[cell]):
                outcome, _ = propagate(world, cell, value)
                if outcome is not None:
                    continue
                # value is impossible in this world: remove it and settle.
                settled, why = propagate(world, cell, value, deep=True, negate=True)
                if settled is None:
                    return (
                        f"then {shape.symbol(value)} in {shape.cell_name(cell)} is both impossible and needed ({why})"
                    )
                world = CandidateGrid(shape, settled[0], settled[1])
                break
            else:
                continue
            break
        else:
            return ""


def nested_forcing_net(grid: CandidateGrid) -> Iterator[Step]:
    """The last resort: assume a candidate, and inside that assumption use
    forcing chain contradictions too; if the assumption then breaks, the
    candidate is false."""
    shape, cands = grid.shape, grid.cands
    order = sorted((c for c, m in enumerate(cands) if m), key=lambda c: cands[c].bit_count())
    for cell in order:
        for value in digits_of(cands[cell]):
            outcome, _ = propagate(grid, cell, value, deep=True)
            if outcome is None:
                continue  # a plain forcing net; found before this runs
            why = _refute(CandidateGrid(shape, outcome[0], outcome[1]))
            if why:
                yield Step(
                    "Nested Forcing Net",
                    eliminations=((cell, value),),
                    cells=(cell,),
                    values=(value,),
                    explanation=f"if {shape.cell_name(cell)} held {shape.symbol(value)}, forcing chains inside that "
                    f"assumption lead to a contradiction: {why}",
                )
