"""Who the game plays as, and where: one machine's player, or a served key or guest."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..rooms.asked import RoomAsked
from ..store.interface import LOCAL_PLAYER
from .names import is_guest


@dataclass(frozen=True)
class Identity:
    """``player``: the id the store keys rows by (``local``, a key's fingerprint, or a
    guest's id). ``served``: the game runs on a server, among other players.
    ``keep_store``: a guest's only, the server's store, where "Keep My Games" puts
    the session's games (the guest plays in a store that keeps nothing)."""

    player: str = LOCAL_PLAYER
    served: bool = False
    keep_store: str | None = None
    rooms: Path | None = None  # a served game: the server's room hub, when it runs one
    room_asked: RoomAsked | None = None  # the room to start in (ssh -t HOST race, join CODE, ...)

    @property
    def guest(self) -> bool:
        return is_guest(self.player)
