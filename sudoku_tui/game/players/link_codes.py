"""Link codes (docs/serving.md): one player on several keys.

``ssh -t HOST link`` makes a code for the key's player; ``link CODE`` from
another key makes that key the same player. A guest's code ("Keep My Games")
works the other way: the guest's games go to the key that uses it. A code is
8 letters and digits, none that reads as another (``0 O 1 I L``), valid for
:data:`LIFETIME` seconds and one use.
"""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8
LIFETIME = 600.0  # seconds


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def typed_code(typed: str) -> str | None:
    """A code as the player typed it (any case, spaces or dashes between), or None
    when it cannot be one."""
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) != LENGTH or any(letter not in ALPHABET for letter in code):
        return None
    return code
