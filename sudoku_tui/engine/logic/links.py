"""The link graph of candidates that the chain techniques walk.

A node is one candidate: index ``cell * n + value - 1``. A strong link
(``a`` off implies ``b`` on) joins the two candidates of a bivalue cell and
the two places of a value that has exactly two in a house. A weak link
(``a`` on implies ``b`` off) joins candidates of one cell, and equal values in
cells that see each other; every strong link is also weak.
"""

from __future__ import annotations

from collections.abc import Callable

from .grid import CandidateGrid, bit


class LinkGraph:
    """Strong and weak links among the candidates that ``keep`` accepts."""

    def __init__(self, grid: CandidateGrid, keep: Callable[[int, int], bool] | None = None) -> None:
        n, shape, cands = grid.n, grid.shape, grid.cands
        self.grid = grid
        self.n = n
        nodes: list[int] = []
        for cell, mask in enumerate(cands):
            m = mask
            while m:
                low = m & -m
                m ^= low
                value = low.bit_length()
                if keep is None or keep(cell, value):
                    nodes.append(cell * n + value - 1)
        self.nodes = nodes
        node_set = set(nodes)
        strong: dict[int, set[int]] = {a: set() for a in nodes}
        weak: dict[int, set[int]] = {a: set() for a in nodes}
        for a in nodes:
            grid.check_stop()
            cell, value = divmod(a, n)
            value += 1
            same_cell = [cell * n + v - 1 for v in range(1, n + 1) if v != value and cands[cell] & bit(v)]
            same_cell = [b for b in same_cell if b in node_set]
            weak[a].update(same_cell)
            if cands[cell].bit_count() == 2 and len(same_cell) == 1:
                strong[a].add(same_cell[0])
            b_ = bit(value)
            for peer in shape.peers[cell]:
                if cands[peer] & b_:
                    other = peer * n + value - 1
                    if other in node_set:
                        weak[a].add(other)
            for h in shape.cell_houses[cell]:
                places = [c for c in shape.house_cells[h] if cands[c] & b_]
                if len(places) == 2:
                    other_cell = places[0] if places[1] == cell else places[1]
                    other = other_cell * n + value - 1
                    if other in node_set:
                        strong[a].add(other)
        self.strong = {a: sorted(s) for a, s in strong.items()}
        self.weak = {a: frozenset(s) for a, s in weak.items()}
        self.weak_list = {a: sorted(s) for a, s in weak.items()}

    def cell(self, node: int) -> int:
        return node // self.n

    def value(self, node: int) -> int:
        return node % self.n + 1

    def name(self, node: int) -> str:
        shape = self.grid.shape
        return f"{shape.symbol(self.value(node))}{shape.cell_name(self.cell(node))}"

    def conflicts(self, a: int, b: int) -> bool:
        return b in self.weak[a]
