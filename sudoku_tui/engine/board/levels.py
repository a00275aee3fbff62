"""Difficulty levels and symmetries of the givens: the generator's choices.

Kept apart from everything heavy (no numpy, no solver) so the command
line's parser can offer the choices without loading the engine.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Level(IntEnum):
    """How hard a puzzle is, from the hardest technique it needs (HoDoKu's scheme)."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    UNFAIR = 4
    EXTREME = 5

    @property
    def label(self) -> str:
        """``Easy``: how the grade is printed."""
        return self.name.capitalize()

    @property
    def key(self) -> str:
        """``easy``: how the command line spells it."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Level:
        """The level a word names, in any case; ValueError lists the choices."""
        try:
            return cls[text.upper()]
        except KeyError:
            keys = ", ".join(LEVEL_KEYS)
            raise ValueError(f"unknown level {text!r}; choose one of {keys}") from None


# The levels' words, easiest first: the command line's choices and the store's.
LEVEL_KEYS: tuple[str, ...] = tuple(level.key for level in Level)


class Symmetry(StrEnum):
    """How the given cells mirror each other on the drawn board."""

    NONE = "none"
    ROTATIONAL = "rotational"  # 180 degrees
    MIRROR = "mirror"  # left to right
    DIAGONAL = "diagonal"  # about the main diagonal

    @classmethod
    def parse(cls, text: str) -> Symmetry:
        """The symmetry a word names; ValueError lists the choices."""
        try:
            return cls(text.lower())
        except ValueError:
            raise ValueError(f"unknown symmetry {text!r}; choose one of {', '.join(cls)}") from None
