"""Text from outside the game (file names, a file's labels and lines, player names)
made safe to draw on a terminal.

A control character reaching a terminal is a command to it: ``ESC[2J``
clears the screen, OSC 52 sets the clipboard. Every such character (C0,
DEL, C1) is shown as its escape (``\\x1b``), as is a byte of a name that
is not UTF-8 (a lone surrogate, which no terminal can be sent). Escaping
twice changes nothing, so a sentence may be made safe again where it is
drawn.
"""

from __future__ import annotations

import re

# C0, DEL, C1, and the surrogates that stand for bytes that are not UTF-8.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_UNSAFE_BUT_LINES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character escaped (``lines``: line breaks kept, for a
    message of several lines)."""
    return (_UNSAFE_BUT_LINES if lines else _UNSAFE).sub(_escape, text)
