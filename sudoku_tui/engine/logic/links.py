"""The link graph of candidates that the chain techniques walk.

A node is one candidate: index ``cell * n + value - 1``. A strong link
(``a`` off implies ``b`` on) joins the two candidates of a bivalue cell and
the two places of a value that has exactly two in a house. A weak link
(``a`` on implies ``b`` off) joins candidates of one cell, and equal values in
cells that see each other; every strong link is also weak.

:class:`GroupedLinkGraph` adds group nodes: the two or three places of a
value where a box meets a row or column, taken together ("one of these
holds it"). A group is strongly linked to a cell or group that holds the
rest of the value's places in a house, and weakly linked to every place of
the value that sees all of its cells.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..board.geometry import Shape
from .grid import CandidateGrid, cells_in, digits_of, house_masks, peer_masks, value_places


class LinkGraph:
    """Strong and weak links among the candidates that ``keep`` accepts."""

    def __init__(self, grid: CandidateGrid, keep: Callable[[int, int], bool] | None = None) -> None:
        n, cands = grid.n, grid.cands
        self.grid = grid
        self.n = n
        nodes = [
            cell * n + value - 1
            for cell, mask in enumerate(cands)
            for value in digits_of(mask)
            if keep is None or keep(cell, value)
        ]
        self.nodes = nodes
        node_set = set(nodes)
        strong: dict[int, set[int]] = {a: set() for a in nodes}
        weak: dict[int, set[int]] = {a: set() for a in nodes}
        # Kept for the chains' victims: the grid does not change while they are searched.
        self.places = places = value_places(grid)
        self.peer_masks = peers = peer_masks(grid.shape)
        for a in nodes:
            grid.check_stop()
            cell, value = divmod(a, n)
            same_cell = [cell * n + v - 1 for v in digits_of(cands[cell]) if v != value + 1]
            same_cell = [b for b in same_cell if b in node_set]
            weak[a].update(same_cell)
            if cands[cell].bit_count() == 2 and len(same_cell) == 1:
                strong[a].add(same_cell[0])
            for peer in cells_in(peers[cell] & places[value + 1]):
                other = peer * n + value
                if other in node_set:
                    weak[a].add(other)
        self._house_links(grid, places, node_set, strong)
        self.strong = {a: sorted(s) for a, s in strong.items()}
        self.weak = {a: frozenset(s) for a, s in weak.items()}
        self.weak_list = {a: sorted(s) for a, s in weak.items()}

    def _house_links(
        self, grid: CandidateGrid, places: list[int], node_set: set[int], strong: dict[int, set[int]]
    ) -> None:
        """The strong links of values with two places in a house."""
        n = self.n
        for house_mask in house_masks(grid.shape):
            for value in range(1, n + 1):
                both = house_mask & places[value]
                if both.bit_count() == 2:
                    first, second = cells_in(both)
                    a, b = first * n + value - 1, second * n + value - 1
                    if a in node_set and b in node_set:
                        strong[a].add(b)
                        strong[b].add(a)

    # A plain graph has no groups: every node is one candidate.
    group_base = 1 << 62
    _kills: dict[int, int] | None = None

    def kills(self) -> dict[int, int]:
        """Per node, the candidates it turns off when on, as a bit set over
        candidate indexes (``cell * n + value - 1``, the node numbers of
        candidates): two ends' common victims are one AND away."""
        if self._kills is not None:
            return self._kills
        n, cands = self.n, self.grid.cands
        present = sum(1 << (c * n + v - 1) for c, m in enumerate(cands) for v in digits_of(m))
        peer_cands, cell_cands = candidate_masks(self.grid.shape)
        kills: dict[int, int] = {}
        for node in self.nodes:
            cells = self.cells_of(node)
            if len(cells) == 1 and node < self.group_base:
                found = peer_cands[node] | cell_cands[cells[0]] & ~(1 << node)
            else:
                value = self.value(node) - 1
                found = -1
                for c in cells:
                    found &= peer_cands[c * n + value]
            kills[node] = found & present
        self._kills = kills
        return kills

    def is_group(self, node: int) -> bool:
        return node >= self.group_base

    def cells_of(self, node: int) -> tuple[int, ...]:
        """The cells a node stands for: one, or a group's two or three."""
        return (node // self.n,)

    def cell(self, node: int) -> int:
        return node // self.n

    def value(self, node: int) -> int:
        return node % self.n + 1

    def name(self, node: int) -> str:
        shape = self.grid.shape
        return f"{shape.symbol(self.value(node))}{shape.cell_name(self.cell(node))}"

    def conflicts(self, a: int, b: int) -> bool:
        return b in self.weak[a]


@lru_cache(maxsize=32)
def _intersections(shape: Shape) -> tuple[tuple[int, int, int], ...]:
    """Each box's meeting with a row or column: (line house, box house, cells mask),
    rows first, as HoDoKu lists its group nodes."""
    masks = house_masks(shape)
    return tuple(
        (line, box, masks[line] & masks[box])
        for line in (*shape.row_houses, *shape.column_houses)
        for box in shape.box_houses
        if masks[line] & masks[box]
    )


@lru_cache(maxsize=32)
def candidate_masks(shape: Shape) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per candidate index, the same value in the peer cells; per cell, all its
    candidate indexes: bit sets over candidate indexes, for :meth:`LinkGraph.kill`."""
    n = shape.n
    peer_cands = [
        sum(1 << (peer * n + value) for peer in shape.peers[cell]) for cell in range(shape.size) for value in range(n)
    ]
    cell_cands = [((1 << n) - 1) << (cell * n) for cell in range(shape.size)]
    return tuple(peer_cands), tuple(cell_cands)


def group_name(shape: Shape, cells: tuple[int, ...]) -> str:
    """Eureka's name of cells in one row or column: ``r1c23``, ``r45c7``."""
    rows = sorted({shape.positions[c][0] + 1 for c in cells})
    cols = sorted({shape.positions[c][1] + 1 for c in cells})
    join = "".join if shape.n <= 9 else ",".join  # r1011c2 would read as one row
    return "r" + join(map(str, rows)) + "c" + join(map(str, cols))


class GroupedLinkGraph(LinkGraph):
    """The links of every candidate, and of the groups of places where a box
    meets a line (node ``group_base + k`` is ``groups[k]``: value and cells)."""

    def __init__(self, grid: CandidateGrid, plain: LinkGraph | None = None) -> None:
        """``plain``: the graph of the same grid's candidates, if already made (read, not changed)."""
        if plain is None:
            plain = LinkGraph(grid)
        self.grid, self.n, self.places, self.peer_masks = grid, plain.n, plain.places, plain.peer_masks
        self.group_base = grid.shape.size * self.n
        places, peers = self.places, self.peer_masks
        self.groups: list[tuple[int, int]] = []  # (value, cells mask)
        self.group_peers: list[int] = []  # cells that see every cell of the group
        # Units per (house, value): the candidates and groups inside the house.
        units: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for line, box, meet in _intersections(grid.shape):
            for value in range(1, self.n + 1):
                cells = meet & places[value]
                if cells.bit_count() < 2:
                    continue
                node = self.group_base + len(self.groups)
                self.groups.append((value, cells))
                seen = -1
                for c in cells_in(cells):
                    seen &= peers[c]
                self.group_peers.append(seen)
                for house in (line, box):
                    units.setdefault((house, value), []).append((node, cells))
        strong, weak = self._group_links(grid, units)
        groups = range(self.group_base, self.group_base + len(self.groups))
        self.nodes = [*plain.nodes, *groups]
        # Only the nodes with new links get new lists; the rest are the plain graph's.
        self.strong = dict(plain.strong)
        self.weak = dict(plain.weak)
        self.weak_list = dict(plain.weak_list)
        for a, links in strong.items():
            self.strong[a] = sorted(links.union(plain.strong.get(a, ())))
        for a, links in weak.items():
            both = links.union(plain.weak.get(a, ()))
            self.weak[a] = frozenset(both)
            self.weak_list[a] = sorted(both)

    def _group_links(
        self, grid: CandidateGrid, units: dict[tuple[int, int], list[tuple[int, int]]]
    ) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
        """The new links: weak ones of each group to the places (and groups) of its
        value that see all its cells; strong ones where a group and one other unit
        hold a house's places."""
        n, places, masks = self.n, self.places, house_masks(grid.shape)
        strong: dict[int, set[int]] = {}
        weak: dict[int, set[int]] = {}
        by_value: dict[int, list[int]] = {}
        for k, (value, _cells) in enumerate(self.groups):
            by_value.setdefault(value, []).append(k)
        for k, (value, _cells) in enumerate(self.groups):
            node = self.group_base + k
            strong[node] = set()
            links = weak[node] = set()
            seen = self.group_peers[k]
            for c in cells_in(seen & places[value]):
                links.add(c * n + value - 1)
                weak.setdefault(c * n + value - 1, set()).add(node)
            for j in by_value[value]:
                other_cells = self.groups[j][1]
                if j != k and other_cells & seen == other_cells:
                    links.add(self.group_base + j)
        for (house, value), groups in units.items():
            here = masks[house] & places[value]
            # Two units hold at most two groups' worth of places.
            if here.bit_count() > 6:
                continue
            for node, cells in groups:
                rest = here & ~cells
                if rest.bit_count() == 1:
                    other = (rest.bit_length() - 1) * n + value - 1
                    strong[node].add(other)
                    strong.setdefault(other, set()).add(node)
                for other, other_cells in groups:
                    if other_cells == rest:
                        strong[node].add(other)
        return strong, weak

    def cells_of(self, node: int) -> tuple[int, ...]:
        if node < self.group_base:
            return (node // self.n,)
        return tuple(cells_in(self.groups[node - self.group_base][1]))

    def value(self, node: int) -> int:
        if node < self.group_base:
            return node % self.n + 1
        return self.groups[node - self.group_base][0]

    def name(self, node: int) -> str:
        if node < self.group_base:
            return super().name(node)
        return f"{self.grid.shape.symbol(self.value(node))}{group_name(self.grid.shape, self.cells_of(node))}"

    def seen_by(self, node: int) -> int:
        """The cells that see every cell of the node, as a bit set."""
        if node < self.group_base:
            return self.peer_masks[node // self.n]
        return self.group_peers[node - self.group_base]
