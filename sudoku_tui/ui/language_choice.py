"""The palette's Language: a served player chooses the language their games speak.

The game in play keeps its language (its sentences were translated as it started);
the choice is kept as the player's setting, and the server starts their next game in
it. A local game speaks the terminal's language (``LANGUAGE``, ``LANG``): it has no
such command.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.command import SimpleCommand
from textual.screen import Screen

from ..game import texts
from ..game.keeper import Keeper
from ..game.language import LANGUAGE_SETTING, LANGUAGES
from ..game.players.identity import Identity
from .hint_area import HintArea


def language_commands(screen: Screen[Any], identity: Identity, keeper: Keeper) -> Iterator[SystemCommand]:
    """Language, for a served player with a key (a guest's settings end with its game)."""
    if not identity.served or identity.guest:
        return

    def choose(code: str) -> None:
        keeper.put_setting(LANGUAGE_SETTING, code)
        told = texts.language_chosen(LANGUAGES[code] if code else texts.TERMINAL_LANGUAGE)
        screen.post_message(HintArea.Told(told, texts.LANGUAGE, False))

    def pick() -> None:
        choices = [SimpleCommand(name, partial(choose, code), code) for code, name in LANGUAGES.items()]
        choices.append(SimpleCommand(texts.TERMINAL_LANGUAGE, partial(choose, ""), None))
        screen.app.search_commands(choices, placeholder=texts.SEARCH_LANGUAGES)

    yield SystemCommand(texts.LANGUAGE, texts.LANGUAGE_TIP[:1].upper() + texts.LANGUAGE_TIP[1:], pick)
