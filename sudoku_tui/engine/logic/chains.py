"""Chains: X-Chain, XY-Chain, Remote Pair, AIC and Nice Loops.

An alternating inference chain starts with a candidate assumed false and
follows strong links (off implies on) and weak links (on implies off) in
turn; when it ends on a candidate that must then be true, one of its two
ends is true. Any candidate that conflicts with both ends goes. The search
is breadth-first from every start at once, one link deeper at a time, so
the shortest chains come first and easy steps stay cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from .grid import CandidateGrid, bit
from .links import LinkGraph
from .step import Step

MAX_LINKS = 20  # longest chain tried (HoDoKu's default is of this order)

Path = list[tuple[int, int]]  # (node, 1 on / 0 off) from the start


def common_victims(grid: CandidateGrid, n: int, a: int, b: int) -> list[tuple[int, int]]:
    """Candidates (cell, value) in conflict with both nodes ``a`` and ``b``."""
    ca, va = divmod(a, n)
    cb, vb = divmod(b, n)
    va += 1
    vb += 1
    cands = grid.cands
    if va == vb:
        if ca == cb:
            return []
        mask = bit(va)
        return [(c, va) for c in grid.common_peers((ca, cb)) if cands[c] & mask]
    if ca == cb:
        return [(ca, v) for v in range(1, grid.n + 1) if v not in (va, vb) and cands[ca] & bit(v)]
    if grid.sees(ca, cb):
        out = []
        if cands[ca] & bit(vb):
            out.append((ca, vb))
        if cands[cb] & bit(va):
            out.append((cb, va))
        return out
    return []


def search(graph: LinkGraph, max_links: int = MAX_LINKS) -> Iterator[Path]:
    """Every alternating chain from an off start to an on end, shortest first.

    One breadth-first tree per start, all grown a level at a time; a state
    is (node, polarity) and is entered once per tree.
    """
    strong, weak = graph.strong, graph.weak_list
    parents: dict[int, dict[tuple[int, int], tuple[int, int] | None]] = {}
    frontiers: dict[int, list[tuple[int, int]]] = {}
    for a in graph.nodes:
        if strong[a]:
            parents[a] = {(a, 0): None}
            frontiers[a] = [(a, 0)]
    for _depth in range(max_links):
        any_left = False
        for a, frontier in frontiers.items():
            if not frontier:
                continue
            parent = parents[a]
            new: list[tuple[int, int]] = []
            for state in frontier:
                node, on = state
                if on:
                    for m in weak[node]:
                        key = (m, 0)
                        if key not in parent:
                            parent[key] = state
                            new.append(key)
                else:
                    for m in strong[node]:
                        key = (m, 1)
                        if key not in parent:
                            parent[key] = state
                            new.append(key)
                            yield _path(parent, key)
            frontiers[a] = new
            any_left = any_left or bool(new)
        if not any_left:
            return


def _path(parent: dict[tuple[int, int], tuple[int, int] | None], end: tuple[int, int]) -> Path:
    path = [end]
    state = parent[end]
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path


def notation(graph: LinkGraph, path: Path) -> str:
    """Eureka-style: ``5r1c2=5r1c7-5r5c7=5r5c2`` (= strong, - weak)."""
    parts = [graph.name(path[0][0])]
    for node, on in path[1:]:
        parts.append(("=" if on else "-") + graph.name(node))
    return "".join(parts)


def _chain_steps(grid: CandidateGrid, graph: LinkGraph, name: str, loops: bool) -> Iterator[Step]:
    n, shape = grid.n, grid.shape
    seen: set[frozenset[tuple[int, int]]] = set()
    for path in search(graph):
        a, b = path[0][0], path[-1][0]
        chain_cells = tuple(dict.fromkeys(graph.cell(node) for node, _ in path))
        if a == b:
            if not loops:
                continue
            # a off forces a on: a is true. HoDoKu writes this as the
            # elimination of the cell's other candidates; so do we.
            cell, value = graph.cell(a), graph.value(a)
            others = tuple((cell, v) for v in range(1, n + 1) if v != value and grid.cands[cell] & bit(v))
            key = frozenset(others)
            if not others or key in seen:
                continue
            seen.add(key)
            yield Step(
                "Discontinuous Nice Loop",
                eliminations=others,
                cells=chain_cells,
                values=(value,),
                score_key="AIC",
                explanation=f"if {graph.name(a)} were false, the chain {notation(graph, path)} "
                f"would make it true, so {shape.cell_name(cell)} holds {shape.symbol(value)}",
            )
            continue
        technique = name
        victims: list[tuple[int, int]] = []
        if loops and len(path) >= 4 and graph.conflicts(b, a) and len({s[0] for s in path}) == len(path):
            # b on forces a off again: a continuous loop, where every weak
            # link (including b-a) holds exactly one true candidate.
            members = {(graph.cell(node), graph.value(node)) for node, _ in path}
            loop_cells = {graph.cell(node) for node, _ in path}
            found: set[tuple[int, int]] = set()
            ring = path + [path[0]]
            for (p, p_on), (q, _q_on) in pairwise(ring):
                if p_on:  # p on -> q off: a weak link
                    # Like HoDoKu, a link between cells clears only cells outside the loop.
                    same_cell = graph.cell(p) == graph.cell(q)
                    found.update(
                        v
                        for v in common_victims(grid, n, p, q)
                        if v not in members and (same_cell or v[0] not in loop_cells)
                    )
            victims = sorted(found)
            technique = "Continuous Nice Loop"
        if not victims:
            technique = name
            victims = common_victims(grid, n, a, b)
        if not victims:
            continue
        key = frozenset(victims)
        if key in seen:
            continue
        seen.add(key)
        if name == "AIC" and technique == "AIC":
            end_cells = {graph.cell(a), graph.cell(b)}
            if all(c in end_cells for c, _ in victims):
                technique = "Discontinuous Nice Loop"
        text = notation(graph, path)
        yield Step(
            technique,
            eliminations=tuple(sorted(victims)),
            cells=chain_cells,
            values=tuple(sorted({graph.value(node) for node, _ in path})),
            score_key=name,
            explanation=f"{graph.name(a)} or {graph.name(b)} is true by the chain {text}"
            if technique != "Continuous Nice Loop"
            else f"the loop {text} makes every weak link strong",
        )


def x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Chains on one value: strong links are houses with two places."""
    for value in range(1, grid.n + 1):
        graph = LinkGraph(grid, lambda cell, v, value=value: v == value)  # type: ignore[misc]
        yield from _chain_steps(grid, graph, "X-Chain", False)


def xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Chains of bivalue cells: inside a cell the link is strong."""
    cands = grid.cands
    graph = LinkGraph(grid, lambda cell, v: cands[cell].bit_count() == 2)
    # Only the in-cell strong links belong to an XY-Chain.
    graph.strong = {a: [b for b in s if graph.cell(b) == graph.cell(a)] for a, s in graph.strong.items()}
    graph.weak_list = {a: [b for b in s if graph.cell(b) != graph.cell(a)] for a, s in graph.weak_list.items()}
    yield from _chain_steps(grid, graph, "XY-Chain", False)


def aic(grid: CandidateGrid) -> Iterator[Step]:
    """Any alternating chain, and nice loops (discontinuous and continuous)."""
    yield from _chain_steps(grid, LinkGraph(grid), "AIC", True)


def remote_pair(grid: CandidateGrid) -> Iterator[Step]:
    """Bivalue cells with the same pair, each seeing the next: the values
    alternate, so a cell that sees two chain cells an odd number of links
    apart (at least three) loses both values."""
    shape, cands = grid.shape, grid.cands
    by_pair: dict[int, list[int]] = {}
    for cell, m in enumerate(cands):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(cell)
    for pair, cells in by_pair.items():
        if len(cells) < 4:
            continue
        values = tuple(v for v in range(1, grid.n + 1) if pair & bit(v))
        for start in cells:
            # Breadth-first distances along "sees" from this start.
            dist = {start: 0}
            order = [start]
            parent: dict[int, int] = {}
            for cell in order:
                for other in cells:
                    if other not in dist and grid.sees(cell, other):
                        dist[other] = dist[cell] + 1
                        parent[other] = cell
                        order.append(other)
            for end in order:
                if dist[end] < 3 or dist[end] % 2 == 0 or end < start:
                    continue
                path = [end]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                targets = [
                    (c, v)
                    for c in grid.common_peers((start, end))
                    if c not in path
                    for v in values
                    if cands[c] & bit(v)
                ]
                if targets:
                    yield Step(
                        "Remote Pair",
                        eliminations=tuple(sorted(targets)),
                        cells=tuple(reversed(path)),
                        values=values,
                        explanation=f"{', '.join(shape.cell_name(c) for c in reversed(path))} all hold "
                        f"{shape.symbol(values[0])}/{shape.symbol(values[1])} and alternate, so "
                        f"{shape.cell_name(start)} and {shape.cell_name(end)} hold both values between them",
                    )
