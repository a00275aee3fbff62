"""The ``Step`` record: one logical deduction, the technique that found it,
and how it is written."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..board.geometry import Shape


class TechniqueName(StrEnum):
    """Every technique a step can name; the value is its display name, so a
    step's technique compares equal to (and prints as) that text."""

    FULL_HOUSE = "Full House"
    NAKED_SINGLE = "Naked Single"
    HIDDEN_SINGLE = "Hidden Single"
    CAGE_COMBINATIONS = "Cage Combinations"
    RULE_OF_45 = "Rule of 45"
    CAGE_HOUSE = "Cage-House Interaction"
    LOCKED_PAIR = "Locked Pair"
    LOCKED_TRIPLE = "Locked Triple"
    POINTING = "Locked Candidates Type 1 (Pointing)"
    CLAIMING = "Locked Candidates Type 2 (Claiming)"
    NAKED_PAIR = "Naked Pair"
    NAKED_TRIPLE = "Naked Triple"
    HIDDEN_PAIR = "Hidden Pair"
    HIDDEN_TRIPLE = "Hidden Triple"
    NAKED_QUADRUPLE = "Naked Quadruple"
    HIDDEN_QUADRUPLE = "Hidden Quadruple"
    X_WING = "X-Wing"
    SWORDFISH = "Swordfish"
    JELLYFISH = "Jellyfish"
    REMOTE_PAIR = "Remote Pair"
    SKYSCRAPER = "Skyscraper"
    TWO_STRING_KITE = "2-String Kite"
    EMPTY_RECTANGLE = "Empty Rectangle"
    TURBOT_FISH = "Turbot Fish"
    W_WING = "W-Wing"
    XY_WING = "XY-Wing"
    XYZ_WING = "XYZ-Wing"
    UNIQUENESS_1 = "Uniqueness Test 1"
    UNIQUENESS_2 = "Uniqueness Test 2"
    UNIQUENESS_3 = "Uniqueness Test 3"
    UNIQUENESS_4 = "Uniqueness Test 4"
    UNIQUENESS_5 = "Uniqueness Test 5"
    UNIQUENESS_6 = "Uniqueness Test 6"
    HIDDEN_RECTANGLE = "Hidden Rectangle"
    BUG_PLUS_ONE = "Bivalue Universal Grave + 1"
    SIMPLE_COLORS_TRAP = "Simple Colors Trap"
    SIMPLE_COLORS_WRAP = "Simple Colors Wrap"
    FINNED_X_WING = "Finned X-Wing"
    SASHIMI_X_WING = "Sashimi X-Wing"
    FINNED_SWORDFISH = "Finned Swordfish"
    SASHIMI_SWORDFISH = "Sashimi Swordfish"
    FINNED_JELLYFISH = "Finned Jellyfish"
    SASHIMI_JELLYFISH = "Sashimi Jellyfish"
    SUE_DE_COQ = "Sue de Coq"
    X_CHAIN = "X-Chain"
    XY_CHAIN = "XY-Chain"
    AIC = "AIC"
    DISCONTINUOUS_NICE_LOOP = "Discontinuous Nice Loop"
    CONTINUOUS_NICE_LOOP = "Continuous Nice Loop"
    GROUPED_AIC = "Grouped AIC"
    GROUPED_DISCONTINUOUS_NICE_LOOP = "Grouped Discontinuous Nice Loop"
    GROUPED_CONTINUOUS_NICE_LOOP = "Grouped Continuous Nice Loop"
    ALS_XZ = "ALS-XZ"
    FORCING_CHAIN_CONTRADICTION = "Forcing Chain Contradiction"
    FORCING_CHAIN_VERITY = "Forcing Chain Verity"
    FORCING_NET_CONTRADICTION = "Forcing Net Contradiction"
    FORCING_NET_VERITY = "Forcing Net Verity"
    NESTED_FORCING_NET = "Nested Forcing Net"


@dataclass(frozen=True)
class Step:
    """One deduction: what it is, what it uses, what it changes, and why.

    ``placements`` and ``eliminations`` are ``(cell, value)`` pairs.
    ``cells`` and ``houses`` are what a hint highlights; ``values`` are the
    digits the pattern is built on. ``explanation`` is one plain sentence.
    """

    technique: TechniqueName
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    explanation: str = ""

    def effects(self, shape: Shape) -> str:
        """``r3c5=7, r1c1<>5``: placements first, then eliminations."""
        parts = [f"{shape.cell_name(c)}={shape.symbol(v)}" for c, v in self.placements]
        parts += [f"{shape.cell_name(c)}<>{shape.symbol(v)}" for c, v in sorted(self.eliminations)]
        return ", ".join(parts)

    def describe(self, shape: Shape) -> str:
        """The command line's line: ``Technique: explanation => effects``."""
        return f"{self.technique}: {self.explanation} => {self.effects(shape)}"


def cells_text(shape: Shape, cells: tuple[int, ...] | list[int] | set[int] | frozenset[int]) -> str:
    return ", ".join(shape.cell_name(c) for c in sorted(cells))


def house_text(shape: Shape, house: int) -> str:
    return shape.houses[house].name


def values_text(shape: Shape, values: tuple[int, ...] | list[int]) -> str:
    return "/".join(shape.symbol(v) for v in sorted(values))
