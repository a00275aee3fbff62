"""``ssh HOST link`` and ``ssh HOST link CODE``: one player on several keys
(docs/serving.md; PRODUCT.md section 9, "Linking keys").

The server opens the store for the command alone (a game process opens its own)
and closes it after; this is blocking work, for a thread. A store that cannot be
used is one sentence to the player; why goes to the server's log, never a path
of the server's to the client.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass

from ..game import texts
from ..game.players.link_codes import LIFETIME, new_code, typed_code
from ..game.store.interface import LinkRefused, Store, StoreError
from ..game.store.location import open_store_at
from .ssh_commands import shown_word


@dataclass(frozen=True)
class LinkAnswer:
    """What the player reads (a line each), the command's exit status, and what the log says."""

    lines: tuple[str, ...]
    status: int
    outcome: str


def link_keys(location: str, player: str, typed: str) -> LinkAnswer:
    """Make a code for ``player`` (``typed`` empty), or use the code typed: ``player``
    becomes the code maker's player. Blocking: the store at ``location`` is opened and closed."""
    code = typed_code(typed) if typed else None
    if typed and code is None:
        return LinkAnswer((texts.CODE_NOT_VALID,), 1, "refused: not a code")
    opened = open_store_at(location, player)
    try:
        if not opened.saving:  # a store that keeps nothing: a code made there would be lost at once
            return _unavailable(" ".join(opened.notices))
        return _use(opened.store, player, code) if code is not None else _make(opened.store, player)
    except LinkRefused as refused:
        return LinkAnswer((str(refused),), 1, f"refused: {refused}")
    except StoreError as error:
        return _unavailable(str(error))
    finally:
        with suppress(StoreError):
            opened.store.close()


def _make(store: Store, player: str) -> LinkAnswer:
    code = new_code()
    store.add_link_code(player, code)
    return LinkAnswer(texts.link_code_made(code, round(LIFETIME / 60)), 0, "made a code")


def _use(store: Store, player: str, code: str) -> LinkAnswer:
    survivor = store.use_link_code(player, code, LIFETIME)
    name = store.name_of(player)  # the player this key now is: a name is plain text, whatever the store holds
    return LinkAnswer((texts.keys_linked(None if name is None else shown_word(name)),), 0, f"linked into {survivor}")


def _unavailable(why: str) -> LinkAnswer:
    return LinkAnswer((texts.LINK_STORE_UNAVAILABLE,), 1, f"the store cannot be used: {why}")
