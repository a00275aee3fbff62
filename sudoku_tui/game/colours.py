"""Colour mode: how a player paints cells to follow a chain (docs/play.md, "Colours and themes").

``z`` turns colour mode on and off (Escape also leaves it). While it is on,
``1`` to ``6`` paint the selected cell with one of six colours and ``0`` (or a
clear key) takes the paint off; any other value of the board is refused, so
that a value is never typed by mistake while painting. The paint itself is
kept by :class:`~.play.Play` (one undoable move per paint) and saved with the
game.

Each colour also has a letter, drawn in a corner of a painted cell, so the
colours read apart without colour (``NO_COLOR``) and for players who do not
tell some colours apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .play import COLOURS

LETTERS = "abcdef"  # colour c's letter is LETTERS[c - 1]
PAINT_KEYS = "123456"  # colour c's key is PAINT_KEYS[c - 1]
CLEAR = 0

# What a key does in colour mode.
KeyUse = Literal["paint", "leave", "refuse", "other"]


def letter(colour: int) -> str:
    """The letter that marks colour ``colour`` (1 to 6) in a painted cell; "" for no colour."""
    return LETTERS[colour - 1] if 1 <= colour <= COLOURS else ""


@dataclass(frozen=True)
class ColourKey:
    """What a key does while colour mode is on: paint ``colour`` (0 takes the paint off),
    leave the mode, refuse (a value that is no colour), or anything else the key does."""

    use: KeyUse
    colour: int = 0


def colour_key(key: str, character: str | None, symbols: str, clear_keys: frozenset[str]) -> ColourKey:
    """What ``key`` (typing ``character``) does in colour mode on a board of ``symbols``;
    ``clear_keys``: the keys that clear a cell, which take the paint off here."""
    if key in ("escape", "z"):
        return ColourKey("leave")
    if key in clear_keys:
        return ColourKey("paint", CLEAR)
    if character is not None and len(character) == 1:
        if character in PAINT_KEYS:
            return ColourKey("paint", PAINT_KEYS.index(character) + 1)
        if character in symbols:
            return ColourKey("refuse")
    return ColourKey("other")
