"""Reading HoDoKu's regression library (``hodoku-reglib-1.3.txt``).

One case per line: ``:code:candidates:givens:deleted:eliminations:placements:extra``.
Givens are 81 characters where ``+`` marks a placed (not given) value; the
deleted candidates and the expected effects are ``<digit><row><col>`` words.
Used by the tests (tests/engine/logic) and ``benchmarks/logic.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.logic.grid import CandidateGrid
from sudoku_tui.engine.logic.step import Step


@dataclass(frozen=True)
class RegCase:
    line_number: int
    code: str  # "0300" or "0707-2"
    grid_text: str
    deleted: tuple[tuple[int, int], ...]
    eliminations: frozenset[tuple[int, int]]
    placements: frozenset[tuple[int, int]]

    @property
    def base(self) -> str:
        return self.code.split("-")[0]

    def answered_by(self, codes: tuple[str, ...]) -> bool:
        """Whether a technique listing ``codes`` (sections like ``0709``, or
        variants like ``0709-1`` where it answers only some) owns this case."""
        return self.base in codes or self.code in codes

    @property
    def fail_case(self) -> bool:
        return self.code.endswith("-x")

    def grid(self) -> CandidateGrid:
        shape = square(3)
        values = [int(ch) if ch.isdigit() else 0 for ch in self.grid_text]
        grid = CandidateGrid(shape, values)
        for cell, value in self.deleted:
            grid.eliminate(cell, value)
        return grid


def _words(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for word in text.split():
        value, row, col = int(word[0]), int(word[1]), int(word[2])
        out.append(((row - 1) * 9 + col - 1, value))
    return tuple(out)


def parse_case(line: str, line_number: int = 0) -> RegCase | None:
    if not line.startswith(":"):
        return None
    fields = line.rstrip("\n").split(":")
    if len(fields) < 7:
        return None
    code, givens = fields[1], fields[3].replace("+", "")
    if len(givens) != 81:
        return None
    return RegCase(
        line_number, code, givens, _words(fields[4]), frozenset(_words(fields[5])), frozenset(_words(fields[6]))
    )


def read_cases(path: Path) -> list[RegCase]:
    cases = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            case = parse_case(line, number)
            if case is not None:
                cases.append(case)
    return cases


def check_case(case: RegCase, finder: Callable[[CandidateGrid], Iterator[Step]], max_steps: int = 5000) -> str:
    """How the technique answers a case: ``"exact"``, ``"covered"`` or ``"fail"``.

    exact: some step the finder yields has exactly the expected placements
    and eliminations. covered: the expected effects are all among the steps'
    effects (the technique reports the pattern as several smaller steps);
    that does not count as a pass. A fail case (``-x``) is exact when the
    finder yields nothing.
    """
    grid = case.grid()
    union_elims: set[tuple[int, int]] = set()
    union_places: set[tuple[int, int]] = set()
    for count, step in enumerate(finder(grid)):
        if count >= max_steps:
            break
        if case.fail_case:
            return "fail"
        elims, places = frozenset(step.eliminations), frozenset(step.placements)
        if elims == case.eliminations and places == case.placements:
            return "exact"
        union_elims |= elims
        union_places |= places
    if case.fail_case:
        return "exact"
    if case.eliminations <= union_elims and case.placements <= union_places:
        return "covered"
    return "fail"
