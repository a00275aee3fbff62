"""The link graph of candidates that the chain techniques walk.

A node is one candidate: index ``cell * n + value - 1``. A strong link
(``a`` off implies ``b`` on) joins the two candidates of a bivalue cell and
the two places of a value that has exactly two in a house. A weak link
(``a`` on implies ``b`` off) joins candidates of one cell, and equal values in
cells that see each other; every strong link is also weak.
"""

from __future__ import annotations

from collections.abc import Callable

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

    def cell(self, node: int) -> int:
        return node // self.n

    def value(self, node: int) -> int:
        return node % self.n + 1

    def name(self, node: int) -> str:
        shape = self.grid.shape
        return f"{shape.symbol(self.value(node))}{shape.cell_name(self.cell(node))}"

    def conflicts(self, a: int, b: int) -> bool:
        return b in self.weak[a]
