"""The one table: every technique's order, level, score and finder.

Order is priority: cheap, common techniques first, so most steps are found
fast and a puzzle is graded by the simplest route HoDoKu would take. Levels
and points per use follow HoDoKu's defaults. A step is scored by its own
technique's row; the few names a finder gives besides its own (the AIC
search meets nice loops) are listed in that row's ``also`` and score as it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board.levels import Level
from . import (
    als,
    cages,
    chains,
    coloring,
    fish,
    forcing,
    intersections,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from .grid import CandidateGrid
from .step import Step
from .step import TechniqueName as T

Finder = Callable[[CandidateGrid], Iterator[Step]]

# A puzzle's level rises while its score passes the level's ceiling (for 81 cells).
LEVEL_MAX_SCORE = {Level.EASY: 800, Level.MEDIUM: 1000, Level.HARD: 1600, Level.UNFAIR: 1800}


@dataclass(frozen=True)
class Technique:
    name: T
    finder: Finder
    level: Level
    score: int
    reglib: tuple[str, ...] = ()  # HoDoKu regression library codes it answers
    uniqueness: bool = False  # needs a puzzle with exactly one solution
    # A deadly pattern's argument (swap two values in a rectangle) holds with
    # rows, columns and boxes only: a diagonal, window, region or cage can break it.
    classic_only: bool = False
    also: tuple[T, ...] = ()  # other names its finder's steps may carry, scored as this one


E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME

TECHNIQUES: list[Technique] = [
    Technique(T.FULL_HOUSE, singles.full_house, E, 4, ("0000",)),
    Technique(T.NAKED_SINGLE, singles.naked_single, E, 4, ("0003",)),
    Technique(T.HIDDEN_SINGLE, singles.hidden_single, E, 14, ("0002",)),
    # Killer's own (nothing to find without cages); not in HoDoKu, scored like its neighbours.
    Technique(T.CAGE_COMBINATIONS, cages.cage_combinations, E, 10),
    Technique(T.RULE_OF_45, cages.rule_of_45, E, 20),
    Technique(T.CAGE_HOUSE, cages.cage_house_interaction, M, 50),
    Technique(T.LOCKED_PAIR, subsets.locked_pair, M, 40, ("0110",)),
    Technique(T.LOCKED_TRIPLE, subsets.locked_triple, M, 60, ("0111",)),
    Technique(T.POINTING, intersections.pointing, M, 50, ("0100",)),
    Technique(T.CLAIMING, intersections.claiming, M, 50, ("0101",)),
    Technique(T.NAKED_PAIR, subsets.naked_pair, M, 60, ("0200",)),
    Technique(T.NAKED_TRIPLE, subsets.naked_triple, M, 80, ("0201",)),
    Technique(T.HIDDEN_PAIR, subsets.hidden_pair, M, 70, ("0210",)),
    Technique(T.HIDDEN_TRIPLE, subsets.hidden_triple, M, 100, ("0211",)),
    Technique(T.NAKED_QUADRUPLE, subsets.naked_quad, H, 120, ("0202",)),
    Technique(T.HIDDEN_QUADRUPLE, subsets.hidden_quad, H, 150, ("0212",)),
    Technique(T.X_WING, fish.x_wing, H, 140, ("0300",)),
    Technique(T.SWORDFISH, fish.swordfish, H, 150, ("0301",)),
    Technique(T.JELLYFISH, fish.jellyfish, H, 160, ("0302",)),
    Technique(T.REMOTE_PAIR, chains.remote_pair, H, 110, ("0703",)),
    Technique(T.BUG_PLUS_ONE, uniqueness.bug_plus_one, H, 100, ("0610",), True, classic_only=True),
    Technique(T.SKYSCRAPER, single_digit.skyscraper, H, 130, ("0400",)),
    Technique(T.TWO_STRING_KITE, single_digit.two_string_kite, H, 150, ("0401",)),
    Technique(T.TURBOT_FISH, single_digit.turbot_fish, H, 120, ("0403",)),
    Technique(T.EMPTY_RECTANGLE, single_digit.empty_rectangle, H, 120, ("0402",)),
    Technique(T.W_WING, wings.w_wing, H, 150, ("0803",)),
    Technique(T.XY_WING, wings.xy_wing, H, 160, ("0800",)),
    Technique(T.XYZ_WING, wings.xyz_wing, H, 180, ("0801",)),
    Technique(T.UNIQUENESS_1, uniqueness.ur_type1, H, 100, ("0600",), True, classic_only=True),
    Technique(T.UNIQUENESS_2, uniqueness.ur_type2, H, 100, ("0601",), True, classic_only=True),
    Technique(T.UNIQUENESS_3, uniqueness.ur_type3, H, 100, ("0602",), True, classic_only=True),
    Technique(T.UNIQUENESS_4, uniqueness.ur_type4, H, 100, ("0603",), True, classic_only=True),
    Technique(T.UNIQUENESS_5, uniqueness.ur_type5, H, 100, ("0604",), True, classic_only=True),
    Technique(T.UNIQUENESS_6, uniqueness.ur_type6, H, 100, ("0605",), True, classic_only=True),
    Technique(T.HIDDEN_RECTANGLE, uniqueness.hidden_rectangle, H, 100, ("0606",), True, classic_only=True),
    Technique(T.FINNED_X_WING, fish.finned_x_wing, H, 130, ("0310",)),
    Technique(T.SASHIMI_X_WING, fish.sashimi_x_wing, H, 150, ("0320",)),
    Technique(T.FINNED_SWORDFISH, fish.finned_swordfish, U, 200, ("0311",)),
    Technique(T.SASHIMI_SWORDFISH, fish.sashimi_swordfish, U, 240, ("0321",)),
    Technique(T.FINNED_JELLYFISH, fish.finned_jellyfish, U, 250, ("0312",)),
    Technique(T.SASHIMI_JELLYFISH, fish.sashimi_jellyfish, U, 260, ("0322",)),
    Technique(T.SUE_DE_COQ, sue_de_coq.sue_de_coq, U, 250, ("1101",)),
    Technique(T.SIMPLE_COLORS_TRAP, coloring.simple_colors_trap, H, 150, ("0500",)),
    Technique(T.SIMPLE_COLORS_WRAP, coloring.simple_colors_wrap, H, 150, ("0501",)),
    Technique(T.X_CHAIN, chains.x_chain, U, 260, ("0701",)),
    Technique(T.XY_CHAIN, chains.xy_chain, U, 260, ("0702",)),
    Technique(
        T.AIC,
        chains.aic,
        U,
        280,
        ("0706", "0707", "0708"),
        also=(T.DISCONTINUOUS_NICE_LOOP, T.CONTINUOUS_NICE_LOOP),
    ),
    Technique(
        T.GROUPED_AIC,
        chains.grouped_aic,
        U,
        300,
        # Without ALS nodes, as HoDoKu solves (its library's other variants use them).
        ("0709-1", "0710-1", "0710-2", "0711-1", "0711-2"),
        also=(T.GROUPED_DISCONTINUOUS_NICE_LOOP, T.GROUPED_CONTINUOUS_NICE_LOOP),
    ),
    Technique(T.ALS_XZ, als.als_xz, U, 300, ("0901",)),
    Technique(T.FORCING_CHAIN_CONTRADICTION, forcing.forcing_chain_contradiction, X, 500),
    Technique(T.FORCING_CHAIN_VERITY, forcing.forcing_chain_verity, X, 500),
    Technique(T.FORCING_NET_CONTRADICTION, forcing.forcing_net_contradiction, X, 700),
    Technique(T.FORCING_NET_VERITY, forcing.forcing_net_verity, X, 700),
    # Not in HoDoKu (it falls back to guessing here); scored above every net.
    # Sound on any puzzle, but only run on unique ones: on a board with many
    # solutions it searches long for contradictions that mostly are not there.
    Technique(T.NESTED_FORCING_NET, forcing.nested_forcing_net, X, 1000, uniqueness=True),
]

# The row that scores the steps of each name.
TECHNIQUE_OF: dict[T, Technique] = {name: tech for tech in TECHNIQUES for name in (tech.name, *tech.also)}


def score_of(step: Step) -> tuple[Level, int]:
    """Level and points of a step."""
    tech = TECHNIQUE_OF[step.technique]
    return tech.level, tech.score
