"""A player naming themselves (docs/serving.md): whether the game asks,
and trying a typed name, so that the screen holds no rule of its own.

A served key's player without a name is asked as the game starts; a guest is
``guest-`` and hex digits and is never asked; the local player may name
themselves from the palette (the local leaderboard lists them by it).
"""

from __future__ import annotations

from ..printable import printable
from ..store.interface import Store, StoreError
from .identity import Identity
from .names import name_problem, shown_name


def asks_name(identity: Identity, store: Store) -> bool:
    """The game asks for a name as it starts: a served key's player who has none.
    A store that cannot be read does not ask (a name could not be kept either)."""
    if not identity.served or identity.guest:
        return False
    try:
        return store.name_of(identity.player) is None
    except StoreError:
        return False


def may_change_name(identity: Identity) -> bool:
    """Change Name is offered to every player but a guest (whose name is made for them)."""
    return not identity.guest


def own_name(store: Store, player: str) -> str:
    """The player's own name as it is kept, to edit ("" when none, or when it cannot be read)."""
    try:
        return store.name_of(player) or ""
    except StoreError:
        return ""


def name_shown(store: Store, player: str) -> str:
    """The player's name as others see it, safe to draw (never a control character);
    the screen still draws it as plain text, never as markup."""
    try:
        name = store.name_of(player)
    except StoreError:
        name = None
    return printable(shown_name(player, name))


def try_name(store: Store, player: str, typed: str) -> str | None:
    """Give ``player`` the name typed (spaces around it dropped): None when it is
    theirs now, else the sentence that says why not (the rule, taken, or the store's
    failure)."""
    name = typed.strip()
    problem = name_problem(name)
    if problem is not None:
        return problem
    try:
        store.set_name(player, name)
    except StoreError as error:  # NameTaken says "taken"; any other failure its own sentence
        return str(error)
    return None
