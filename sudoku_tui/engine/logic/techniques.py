"""The one table: every technique's order, level, score and finder.

Order is priority: cheap, common techniques first, so most steps are found
fast and a puzzle is graded by the simplest route HoDoKu would take. Levels
and points per use follow HoDoKu's defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from . import als, chains, coloring, fish, forcing, intersections, single_digit, singles, subsets, uniqueness, wings
from .grid import CandidateGrid
from .step import Step

Finder = Callable[[CandidateGrid], Iterator[Step]]


class Level(IntEnum):
    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5

    @property
    def label(self) -> str:
        return self.name.capitalize()


# A puzzle's level rises while its score passes the level's ceiling.
LEVEL_MAX_SCORE = {Level.EASY: 800, Level.MEDIUM: 1000, Level.HARD: 1600, Level.UNFAIR: 1800}


@dataclass(frozen=True)
class Technique:
    name: str
    finder: Finder
    level: Level
    score: int
    reglib: tuple[str, ...] = ()  # HoDoKu regression library codes it answers
    uniqueness: bool = False  # needs a puzzle with exactly one solution


E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME

TECHNIQUES: list[Technique] = [
    Technique("Full House", singles.full_house, E, 4, ("0000",)),
    Technique("Naked Single", singles.naked_single, E, 4, ("0003",)),
    Technique("Hidden Single", singles.hidden_single, E, 14, ("0002",)),
    Technique("Locked Pair", subsets.locked_pair, M, 40, ("0110",)),
    Technique("Locked Triple", subsets.locked_triple, M, 60, ("0111",)),
    Technique("Locked Candidates Type 1 (Pointing)", intersections.pointing, M, 50, ("0100",)),
    Technique("Locked Candidates Type 2 (Claiming)", intersections.claiming, M, 50, ("0101",)),
    Technique("Naked Pair", subsets.naked_pair, M, 60, ("0200",)),
    Technique("Naked Triple", subsets.naked_triple, M, 80, ("0201",)),
    Technique("Hidden Pair", subsets.hidden_pair, M, 70, ("0210",)),
    Technique("Hidden Triple", subsets.hidden_triple, M, 100, ("0211",)),
    Technique("Naked Quadruple", subsets.naked_quad, H, 120, ("0202",)),
    Technique("Hidden Quadruple", subsets.hidden_quad, H, 150, ("0212",)),
    Technique("X-Wing", fish.x_wing, H, 140, ("0300",)),
    Technique("Swordfish", fish.swordfish, H, 150, ("0301",)),
    Technique("Jellyfish", fish.jellyfish, H, 160, ("0302",)),
    Technique("Remote Pair", chains.remote_pair, H, 110, ("0703",)),
    Technique("Skyscraper", single_digit.skyscraper, H, 130, ("0400",)),
    Technique("2-String Kite", single_digit.two_string_kite, H, 150, ("0401",)),
    Technique("Empty Rectangle", single_digit.empty_rectangle, H, 120, ("0402",)),
    Technique("Turbot Fish", single_digit.turbot_fish, H, 120, ("0403",)),
    Technique("W-Wing", wings.w_wing, H, 150, ("0803",)),
    Technique("XY-Wing", wings.xy_wing, H, 160, ("0800",)),
    Technique("XYZ-Wing", wings.xyz_wing, H, 180, ("0801",)),
    Technique("Uniqueness Test 1", uniqueness.ur_type1, H, 100, ("0600",), True),
    Technique("Uniqueness Test 2", uniqueness.ur_type2, H, 100, ("0601",), True),
    Technique("Uniqueness Test 3", uniqueness.ur_type3, H, 100, ("0602",), True),
    Technique("Uniqueness Test 4", uniqueness.ur_type4, H, 100, ("0603",), True),
    Technique("Bivalue Universal Grave + 1", uniqueness.bug_plus_one, M, 100, ("0610",), True),
    Technique("Simple Colors Trap", coloring.simple_colors_trap, H, 150, ("0500",)),
    Technique("Simple Colors Wrap", coloring.simple_colors_wrap, H, 150, ("0501",)),
    Technique("Finned X-Wing", fish.finned_x_wing, H, 130, ("0310",)),
    Technique("Sashimi X-Wing", fish.sashimi_x_wing, H, 150, ("0320",)),
    Technique("Finned Swordfish", fish.finned_swordfish, U, 200, ("0311",)),
    Technique("Sashimi Swordfish", fish.sashimi_swordfish, U, 240, ("0321",)),
    Technique("Finned Jellyfish", fish.finned_jellyfish, U, 250, ("0312",)),
    Technique("Sashimi Jellyfish", fish.sashimi_jellyfish, U, 260, ("0322",)),
    Technique("X-Chain", chains.x_chain, U, 260, ("0701",)),
    Technique("XY-Chain", chains.xy_chain, U, 260, ("0702",)),
    Technique("AIC", chains.aic, U, 280, ("0706", "0707", "0708")),
    Technique("ALS-XZ", als.als_xz, U, 300, ("0901",)),
    Technique("Forcing Chain Contradiction", forcing.forcing_chain_contradiction, X, 500),
    Technique("Forcing Chain Verity", forcing.forcing_chain_verity, X, 500),
    Technique("Forcing Net Contradiction", forcing.forcing_net_contradiction, X, 700),
    Technique("Forcing Net Verity", forcing.forcing_net_verity, X, 700),
    # Not in HoDoKu (it falls back to guessing here); scored above every net.
    # Sound on any puzzle, but only run on unique ones: on a board with many
    # solutions it searches long for contradictions that mostly are not there.
    Technique("Nested Forcing Net", forcing.nested_forcing_net, X, 1000, uniqueness=True),
]

BY_NAME = {t.name: t for t in TECHNIQUES}


def score_of(step: Step) -> tuple[Level, int]:
    """Level and points of a step (steps may carry a more precise name)."""
    tech = BY_NAME.get(step.technique) or BY_NAME.get(step.score_key)
    if tech is None:
        raise KeyError(step.technique)
    return tech.level, tech.score
