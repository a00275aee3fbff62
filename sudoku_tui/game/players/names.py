"""Players' names (docs/serving.md): what a name may be, and the name
shown for a player who has none of their own (a guest, the local player).

A player id is what the store keys rows by: ``local`` on one machine, a key's
SHA256 fingerprint on a server, ``guest:`` and hex digits for a guest. A name
is what other players see; it is checked here before the store is asked, so it
can never hold markup or a control character.
"""

from __future__ import annotations

import re
import secrets

from .. import texts
from ..store.interface import LOCAL_PLAYER

NAME = re.compile(r"[A-Za-z0-9_-]{3,16}")
GUEST_ID_PREFIX = "guest:"
GUEST_NAME_PREFIX = "guest-"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (a sentence), or None when it can."""
    if not NAME.fullmatch(name):
        return texts.NAME_RULE
    if name.lower().startswith(GUEST_NAME_PREFIX):
        return texts.NAME_FOR_GUESTS
    return None


def name_key(name: str) -> str:
    """What two names must not share: ``Alice`` and ``alice`` are one name."""
    return name.casefold()


def new_guest_id() -> str:
    return GUEST_ID_PREFIX + secrets.token_hex(16)


def is_guest(player: str) -> bool:
    return player.startswith(GUEST_ID_PREFIX)


def guest_name(player: str) -> str:
    """A guest's name: ``guest-`` and the first four hex digits of its id."""
    return GUEST_NAME_PREFIX + player.removeprefix(GUEST_ID_PREFIX)[:4]


def shown_name(player: str, name: str | None) -> str:
    """The name to show for ``player``: their own, a guest's, or one made from the id."""
    if name:
        return name
    if is_guest(player):
        return guest_name(player)
    if player == LOCAL_PLAYER:
        return texts.LOCAL_PLAYER_NAME
    return texts.unnamed_player(player)
