"""HoDoKu's regression library: every case of every technique we implement.

Each case is a pencil-mark grid and the one step a technique must find
there. A technique passes when at least 95 % of its cases are found exactly;
every step a technique yields on a case is also checked against the
puzzle's solution (no wrong elimination, no wrong placement).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.logic.techniques import TECHNIQUES, Technique
from tests.oracle import solutions
from tests.reglib import RegCase, check_case, read_cases
from tests.shared_data import SHARED_DATA

DATA = SHARED_DATA / "logic"
REGLIB = DATA / "hodoku-reglib-1.3.txt"


def _cases() -> dict[str, list[RegCase]]:
    if not REGLIB.exists():
        return {}
    by_tech: dict[str, list[RegCase]] = defaultdict(list)
    cases = read_cases(REGLIB)
    for tech in TECHNIQUES:
        by_tech[tech.name] = [c for c in cases if c.answered_by(tech.reglib)]
    return by_tech


CASES = _cases()
COVERED = [t for t in TECHNIQUES if t.reglib]


@pytest.mark.parametrize("tech", COVERED, ids=[t.name for t in COVERED])
def test_reglib_pass_rate(tech: Technique) -> None:
    if not REGLIB.exists():
        pytest.skip(f"{REGLIB} is absent")
    cases = CASES[tech.name]
    assert cases, f"no reglib cases for {tech.name}"
    failures = [c.line_number for c in cases if check_case(c, tech.finder) != "exact"]
    rate = 1 - len(failures) / len(cases)
    assert rate >= 0.95, f"{tech.name}: {rate:.0%} pass, failing lines {failures}"


@pytest.mark.parametrize("tech", COVERED, ids=[t.name for t in COVERED])
def test_reglib_steps_are_sound(tech: Technique) -> None:
    """The first steps each technique finds on its cases agree with the solution."""
    if not REGLIB.exists():
        pytest.skip(f"{REGLIB} is absent")
    shape = square(3)
    for case in CASES[tech.name][:12]:
        givens = [int(ch) if ch.isdigit() else 0 for ch in case.grid_text]
        found = solutions(shape, givens, 2)
        if len(found) != 1:
            continue  # a few library grids are not unique puzzles; nothing to compare with
        solution = found[0]
        for count, step in enumerate(tech.finder(case.grid())):
            if count >= 20:
                break
            for cell, value in step.placements:
                assert solution[cell] == value, (case.line_number, step)
            for cell, value in step.eliminations:
                assert solution[cell] != value, (case.line_number, step)
