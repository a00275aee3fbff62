"""Every technique of the table has a position of its own (test_technique_*.py),
and every finder keeps to the solution on every one of those positions.

A technique added to ``TECHNIQUES`` without a test case fails here.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from technique_positions import Case, Position, check_sound, first_steps

from sudoku_tui.engine.logic.step import TechniqueName
from sudoku_tui.engine.logic.techniques import TECHNIQUES

FAMILIES = (
    "singles",
    "intersections",
    "subsets",
    "fish",
    "single_digit",
    "wings",
    "uniqueness",
    "coloring",
    "chains",
    "als",
    "forcing",
)
# Names a finder yields besides its table name, and the finder that yields them.
EXTRA_STEP_NAMES = {
    "Discontinuous Nice Loop": "AIC",
    "Continuous Nice Loop": "AIC",
    "Grouped Discontinuous Nice Loop": "Grouped AIC",
    "Grouped Continuous Nice Loop": "Grouped AIC",
}
# Steps per finder and position in the cross check (it runs every finder everywhere).
CROSS_LIMIT = 20


def all_cases() -> list[Case]:
    cases: list[Case] = []
    for family in FAMILIES:
        cases += importlib.import_module(f"test_technique_{family}").CASES
    return cases


def all_positions() -> list[Position]:
    # Several cases share a position; each is checked once.
    return list({(c.position.values, c.position.cands): c.position for c in all_cases()}.values())


def test_every_family_file_is_listed() -> None:
    here = Path(__file__).parent
    files = {p.stem.removeprefix("test_technique_") for p in here.glob("test_technique_*.py")}
    assert files - {"coverage"} == set(FAMILIES)


# Killer's techniques find nothing on a classic position: their positions are
# killer boards of their own, in test_cages.py.
KILLER_ONLY = {"Cage Combinations", "Rule of 45", "Cage-House Interaction"}


def test_every_technique_has_a_case() -> None:
    covered = {c.technique for c in all_cases() if c.name == c.technique}
    missing = [t.name for t in TECHNIQUES if t.name not in covered and t.name not in KILLER_ONLY]
    assert not missing, f"techniques without a test position: {missing}"


def test_every_killer_technique_has_its_own_test() -> None:
    source = (Path(__file__).parent / "test_cages.py").read_text()
    for name in KILLER_ONLY:
        member = TechniqueName(name).name
        assert f"TechniqueName.{member}" in source, f"{name} has no test in test_cages.py"


def test_every_other_step_name_has_a_case() -> None:
    covered = {(c.name, c.technique) for c in all_cases()}
    missing = [pair for pair in EXTRA_STEP_NAMES.items() if pair not in covered]
    assert not missing, f"step names without a test position: {missing}"


@pytest.mark.parametrize("name", [t.name for t in TECHNIQUES])
def test_finder_is_sound_on_every_position(name: str) -> None:
    """Beyond its own case, each finder runs on every other technique's position."""
    for position in all_positions():
        check_sound(first_steps(name, position.grid(), CROSS_LIMIT), position)
