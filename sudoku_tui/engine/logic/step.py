"""The ``Step`` record: one logical deduction, and how it is written."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..geometry import Shape


@dataclass(frozen=True)
class Step:
    """One deduction: what it is, what it uses, what it changes, and why.

    ``placements`` and ``eliminations`` are ``(cell, value)`` pairs.
    ``cells`` and ``houses`` are what a hint highlights; ``values`` are the
    digits the pattern is built on. ``explanation`` is one plain sentence.
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    explanation: str = ""
    # Techniques that share one scoring entry (a family) name it here.
    score_key: str = field(default="", compare=False)

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
