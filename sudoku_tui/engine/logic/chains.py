"""Chains: X-Chain, XY-Chain, Remote Pair, AIC and Nice Loops.

An alternating inference chain starts with a candidate assumed false and
follows strong links (off implies on) and weak links (on implies off) in
turn; when it ends on a candidate that must then be true, one of its two
ends is true. Any candidate that conflicts with both ends goes. The search
is breadth-first from every start at once, one link deeper at a time, so
the shortest chains come first and easy steps stay cheap.

The AIC search also meets nice loops, and names each step for what it is:
a chain back to its own start (the start is true) or an AIC whose victims
are its own end cells is a Discontinuous Nice Loop; a chain whose ends are
weakly linked closes a Continuous Nice Loop, where every weak link holds
exactly one true candidate. All three score as AIC.

The grouped search walks the same chains through group nodes too (a
value's two or three places where a box meets a line, links.py), for the
chains no single candidate can carry: Grouped AIC and Grouped Nice Loops,
which score as HoDoKu's grouped nice loops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import pairwise

from .grid import CandidateGrid, bit, cells_in, value_places
from .links import GroupedLinkGraph, LinkGraph
from .memo import Memo
from .step import Step, TechniqueName

MAX_LINKS = 20  # longest chain tried (HoDoKu's default is of this order)

State = tuple[int, int]  # (node, 1 on / 0 off)
Path = list[State]  # from the start
Placement = tuple[int, int]  # (cell, value)

# The X-Chains of one value, under its places.
_X_CHAINS: Memo[Step] = Memo()


def common_victims(graph: LinkGraph, a: int, b: int) -> list[Placement]:
    """Candidates (cell, value) in conflict with both nodes ``a`` and ``b``:
    a candidate on clears its cell's other values and its value from the
    cells it sees; a group on clears its value from the cells that see all
    of it (and holds no other value for sure)."""
    if a == b:
        return []
    kills = graph.kills()
    both = kills[a] & kills[b]
    if not both:
        return []
    n = graph.n
    return [(index // n, index % n + 1) for index in cells_in(both)]


# Each name the AIC search gives, and its name when the chain passes through a group.
_GROUPED_NAMES = {
    TechniqueName.AIC: TechniqueName.GROUPED_AIC,
    TechniqueName.DISCONTINUOUS_NICE_LOOP: TechniqueName.GROUPED_DISCONTINUOUS_NICE_LOOP,
    TechniqueName.CONTINUOUS_NICE_LOOP: TechniqueName.GROUPED_CONTINUOUS_NICE_LOOP,
}

Tree = dict[State, State | None]  # each state reached, with the state it was reached from


def search(graph: LinkGraph) -> Iterator[tuple[int, State, Tree]]:
    """Every alternating chain from an off start to an on end, shortest
    first: its start node, its end state and the tree its path is read from
    (:func:`_path`, only for the chains that remove something).

    One breadth-first tree per start, all grown a level at a time; a state
    is (node, polarity) and is entered once per tree.
    """
    trees: dict[int, Tree] = {a: {(a, 0): None} for a in graph.nodes if graph.strong[a]}
    frontiers: dict[int, list[State]] = {a: [(a, 0)] for a in trees}
    for _depth in range(MAX_LINKS):
        any_left = False
        for a, frontier in frontiers.items():
            if not frontier:
                continue
            graph.grid.check_stop()
            new: list[State] = []
            tree = trees[a]
            for end in _grow(graph, tree, frontier, new):
                yield a, end, tree
            frontiers[a] = new
            any_left = any_left or bool(new)
        if not any_left:
            return


def _grow(graph: LinkGraph, parent: Tree, frontier: list[State], new: list[State]) -> Iterator[State]:
    """One level of a tree: every state one link past ``frontier`` goes to
    ``new``; each one reached by a strong link ends a chain, yielded."""
    for state in frontier:
        node, on = state
        links = graph.weak_list[node] if on else graph.strong[node]
        for m in links:
            key = (m, 0 if on else 1)
            if key not in parent:
                parent[key] = state
                new.append(key)
                if not on:
                    yield key


def _path(parent: Tree, end: State) -> Path:
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


def _chain_steps(
    grid: CandidateGrid, graph: LinkGraph, technique: TechniqueName, loops: bool, grouped: bool = False
) -> Iterator[Step]:
    """The steps of every chain the search finds, each set of victims once.
    With ``loops`` (AIC), chains that close on themselves count too. With
    ``grouped``, as HoDoKu's grouped search: no candidate in two nodes of a chain,
    and a step is named grouped when its chain uses a group."""
    seen: set[frozenset[Placement]] = set()
    kills, weak = graph.kills(), graph.weak
    for start, end, tree in search(graph):
        b = end[0]
        # Most chains remove nothing: their ends share no victim and close no loop.
        if start != b and not kills[start] & kills[b] and not (loops and start in weak[b]):
            continue
        start_is_end = start == b and not graph.is_group(start)
        path: Path | None = None
        if start_is_end:
            name, victims = TechniqueName.DISCONTINUOUS_NICE_LOOP, _start_is_true(grid, graph, start) if loops else []
        else:
            name, victims, path = _chain_victims(graph, start, end, tree, technique, loops)
        key = frozenset(victims)
        if not victims or key in seen:
            continue
        path = path or _path(tree, end)
        if grouped and not _passes_once(graph, path):
            continue
        seen.add(key)
        step = _loop_step(grid, graph, path, victims) if start_is_end else _chain_step(graph, path, name, victims)
        if grouped and any(graph.is_group(node) for node, _ in path):
            step = replace(step, technique=_GROUPED_NAMES[step.technique])
        yield step


def _passes_once(graph: LinkGraph, path: Path) -> bool:
    """No candidate in two nodes (a group and a cell of it, or two groups
    that overlap); the same node may come twice, as in HoDoKu's chains."""
    nodes = {node for node, _ in path}
    used = [(cell, graph.value(node)) for node in nodes for cell in graph.cells_of(node)]
    return len(set(used)) == len(used)


def _start_is_true(grid: CandidateGrid, graph: LinkGraph, start: int) -> list[Placement]:
    """A chain from a start back to itself: the start off forces it on, so it
    is true. HoDoKu writes this as the elimination of the cell's other
    candidates; so do we."""
    cell, value = graph.cell(start), graph.value(start)
    return [(cell, v) for v in range(1, grid.n + 1) if v != value and grid.cands[cell] & bit(v)]


def _chain_victims(
    graph: LinkGraph, a: int, end: State, tree: Tree, technique: TechniqueName, loops: bool
) -> tuple[TechniqueName, list[Placement], Path | None]:
    """What a chain from ``a`` to ``end`` removes, the name it goes by, and
    its path when it had to be read (a loop's)."""
    b = end[0]
    path = None
    if loops and graph.conflicts(b, a):
        path = _path(tree, end)
        if len(path) >= 4 and len({s[0] for s in path}) == len(path):
            victims = _continuous_victims(graph, path)
            if victims:
                return TechniqueName.CONTINUOUS_NICE_LOOP, victims, path
    victims = common_victims(graph, a, b)
    if loops and victims:
        end_cells = {*graph.cells_of(a), *graph.cells_of(b)}
        if all(c in end_cells for c, _ in victims):
            return TechniqueName.DISCONTINUOUS_NICE_LOOP, victims, path
    return technique, victims, path


def _continuous_victims(graph: LinkGraph, path: Path) -> list[Placement]:
    """``b`` on forces ``a`` off again: a continuous loop, where every weak
    link (including b-a) holds exactly one true candidate, so whatever
    conflicts with both ends of a weak link goes."""
    members = {(cell, graph.value(node)) for node, _ in path for cell in graph.cells_of(node)}
    loop_cells = {cell for node, _ in path for cell in graph.cells_of(node)}
    found: set[Placement] = set()
    for (p, p_on), (q, _q_on) in pairwise([*path, path[0]]):
        if p_on:  # p on -> q off: a weak link
            # Like HoDoKu, a link between cells clears only cells outside the loop.
            same_cell = graph.cells_of(p) == graph.cells_of(q)
            found.update(
                v for v in common_victims(graph, p, q) if v not in members and (same_cell or v[0] not in loop_cells)
            )
    return sorted(found)


def _loop_step(grid: CandidateGrid, graph: LinkGraph, path: Path, victims: list[Placement]) -> Step:
    shape = grid.shape
    a = path[0][0]
    cell, value = graph.cell(a), graph.value(a)
    return Step(
        TechniqueName.DISCONTINUOUS_NICE_LOOP,
        eliminations=tuple(victims),
        cells=_chain_cells(graph, path),
        values=(value,),
        explanation=f"if {graph.name(a)} were false, the chain {notation(graph, path)} "
        f"would make it true, so {shape.cell_name(cell)} holds {shape.symbol(value)}",
    )


def _chain_step(graph: LinkGraph, path: Path, technique: TechniqueName, victims: list[Placement]) -> Step:
    a, b = path[0][0], path[-1][0]
    text = notation(graph, path)
    if technique is TechniqueName.CONTINUOUS_NICE_LOOP:
        explanation = f"the loop {text} makes every weak link strong"
    else:
        explanation = f"{graph.name(a)} or {graph.name(b)} is true by the chain {text}"
    return Step(
        technique,
        eliminations=tuple(sorted(victims)),
        cells=_chain_cells(graph, path),
        values=tuple(sorted({graph.value(node) for node, _ in path})),
        explanation=explanation,
    )


def _chain_cells(graph: LinkGraph, path: Path) -> tuple[int, ...]:
    return tuple(dict.fromkeys(cell for node, _ in path for cell in graph.cells_of(node)))


def _one_value(value: int) -> Callable[[int, int], bool]:
    return lambda cell, v: v == value


def best_first(grid: CandidateGrid, steps: Iterator[Step]) -> Iterator[Step]:
    """The steps, the one that removes most first, as HoDoKu picks among
    chains; a tie goes to HoDoKu's weighted sum of the removed candidates
    (sorted by value, then cell), then to the shorter chain (found first)."""
    weight = grid.shape.size - 1

    def key(step: Step) -> tuple[int, int]:
        total, offset = 0, 1
        for cell, value in sorted(step.eliminations, key=lambda e: (e[1], e[0])):
            total += cell * offset + value
            offset += weight
        return -len(step.eliminations), total

    yield from sorted(steps, key=key)


def _x_chains(grid: CandidateGrid) -> Iterator[Step]:
    """Each value's chains, which depend on its places alone: remembered under
    those (memo.py), since most values keep their places from step to step."""
    places = value_places(grid)
    for value in range(1, grid.n + 1):
        grid.check_stop()
        key = (grid.shape, value, places[value])
        yield from _X_CHAINS.replay(key, _x_chains_of(grid, value))


def _x_chains_of(grid: CandidateGrid, value: int) -> Iterator[Step]:
    yield from _chain_steps(grid, LinkGraph(grid, _one_value(value)), TechniqueName.X_CHAIN, False)


def x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Chains on one value: strong links are houses with two places."""
    yield from best_first(grid, _x_chains(grid))


def xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Chains of bivalue cells: inside a cell the link is strong."""
    cands = grid.cands
    graph = LinkGraph(grid, lambda cell, v: cands[cell].bit_count() == 2)
    # Only the in-cell strong links belong to an XY-Chain.
    graph.strong = {a: [b for b in s if graph.cell(b) == graph.cell(a)] for a, s in graph.strong.items()}
    graph.weak_list = {a: [b for b in s if graph.cell(b) != graph.cell(a)] for a, s in graph.weak_list.items()}
    yield from best_first(grid, _chain_steps(grid, graph, TechniqueName.XY_CHAIN, False))


# The last grid's graph of every candidate, with the grid and its candidates: the
# grouped search comes right after the AIC search on the same grid, and extends it.
_last_graph: tuple[CandidateGrid, tuple[int, ...], LinkGraph] | None = None


def _plain_graph(grid: CandidateGrid) -> LinkGraph:
    global _last_graph
    cands = tuple(grid.cands)
    kept = _last_graph
    if kept is not None and kept[0] is grid and kept[1] == cands:
        return kept[2]
    graph = LinkGraph(grid)
    _last_graph = (grid, cands, graph)
    return graph


def aic(grid: CandidateGrid) -> Iterator[Step]:
    """Any alternating chain, and nice loops (discontinuous and continuous)."""
    yield from best_first(grid, _chain_steps(grid, _plain_graph(grid), TechniqueName.AIC, True))


def grouped_aic(grid: CandidateGrid) -> Iterator[Step]:
    """AICs and nice loops whose links may pass through groups of places."""
    graph = GroupedLinkGraph(grid, _plain_graph(grid))
    yield from best_first(grid, _chain_steps(grid, graph, TechniqueName.AIC, True, grouped=True))


def remote_pair(grid: CandidateGrid) -> Iterator[Step]:
    """Bivalue cells with the same pair, each seeing the next: the values
    alternate, so a cell that sees two chain cells an odd number of links
    apart (at least three) loses both values."""
    by_pair: dict[int, list[int]] = {}
    for cell, m in enumerate(grid.cands):
        if m.bit_count() == 2:
            by_pair.setdefault(m, []).append(cell)
    for pair, cells in by_pair.items():
        if len(cells) >= 4:
            values = tuple(v for v in range(1, grid.n + 1) if pair & bit(v))
            for start in cells:
                grid.check_stop()
                yield from _remote_pairs_from(grid, cells, values, start)


def _remote_pairs_from(grid: CandidateGrid, cells: list[int], values: tuple[int, ...], start: int) -> Iterator[Step]:
    """Chains of ``cells`` (all holding ``values``) from ``start``, by
    breadth-first distance along "sees"."""
    shape, cands = grid.shape, grid.cands
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
            (c, v) for c in grid.common_peers((start, end)) if c not in path for v in values if cands[c] & bit(v)
        ]
        if targets:
            yield Step(
                TechniqueName.REMOTE_PAIR,
                eliminations=tuple(sorted(targets)),
                cells=tuple(reversed(path)),
                values=values,
                explanation=f"{', '.join(shape.cell_name(c) for c in reversed(path))} all hold "
                f"{shape.symbol(values[0])}/{shape.symbol(values[1])} and alternate, so "
                f"{shape.cell_name(start)} and {shape.cell_name(end)} hold both values between them",
            )
