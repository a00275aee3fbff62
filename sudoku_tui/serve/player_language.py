"""The language a served game speaks: the player's Language setting, else the one their
SSH client asks for (``ssh`` sends ``LANG`` and ``LC_*`` where its configuration says
``SendEnv``), handed to the game process as ``LANGUAGE`` (see :mod:`sudoku_tui.game.language`).

The client's variables never reach the game as they are: only a language code the game
speaks does.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import suppress

from ..game.language import LANGUAGE_SETTING, language_code
from ..game.store.interface import StoreError
from ..game.store.location import open_store_at

# gettext's order: the first of these that is set names the language.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def asked_language(client: Mapping[str, str]) -> str | None:
    """The language the client's environment asks for, when the game speaks it."""
    for name in LANGUAGE_VARIABLES:
        value = client.get(name)
        if value:
            # LANGUAGE may list several (de:en); the first the game speaks is taken.
            for part in value.split(":")[:8]:
                code = language_code(part[:64])
                if code is not None:
                    return code
            return None
    return None


def chosen_language(location: str, player: str | None) -> str | None:
    """The player's Language setting (None: none chosen, a guest, or the store cannot be read).
    Blocking: the store at ``location`` is opened and closed."""
    if player is None:
        return None
    try:
        opened = open_store_at(location, player)
    except StoreError:
        return None
    try:
        value = opened.store.get_setting(player, LANGUAGE_SETTING)
    except StoreError:
        return None
    finally:
        with suppress(StoreError):
            opened.store.close()
    return value if isinstance(value, str) and value else None
