"""The words a player may give after the host (docs/serving.md).

``ssh -t HOST`` (no command, or an empty one) plays; ``link`` and ``link CODE``
link keys into one player (key_links.py); ``race``, ``coop``, ``join CODE`` and
``watch CODE`` start the game in that room (game/rooms/asked.py); ``plain`` plays the
game in plain text, a line at a time (docs/plain.md); any other word
gets the ``Unknown command`` line. Words are read in any case. The command is the
client's: the word said back is escaped of control characters and bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

LONGEST_WORD = 32  # characters of an unknown word said back; the rest is cut


class Kind(Enum):
    GAME = "game"
    PLAIN = "plain"
    LINK = "link"
    ROOMS = "rooms"
    UNKNOWN = "unknown"


WORDS = {
    "plain": Kind.PLAIN,
    "link": Kind.LINK,
    "race": Kind.ROOMS,
    "coop": Kind.ROOMS,
    "join": Kind.ROOMS,
    "watch": Kind.ROOMS,
}


@dataclass(frozen=True)
class Command:
    """A session's command: what it asks for, its first word as typed, and the words after it."""

    kind: Kind
    word: str = ""
    rest: str = ""


PLAY = Command(Kind.GAME)


def read_command(command: str | None) -> Command:
    """The command a client asked to run (None: a shell, which plays)."""
    words = (command or "").split(maxsplit=1)
    if not words:
        return PLAY
    word = words[0]
    return Command(WORDS.get(word.lower(), Kind.UNKNOWN), word, words[1] if len(words) > 1 else "")


def shown_word(word: str) -> str:
    """``word`` as plain text a terminal only prints: control and other unprintable
    characters as escapes (``\\x1b``), at most LONGEST_WORD characters then ``…``."""
    cut = word[:LONGEST_WORD]
    shown = "".join(char if char.isprintable() else _escaped(char) for char in cut)
    return shown + ("…" if len(word) > LONGEST_WORD else "")


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
