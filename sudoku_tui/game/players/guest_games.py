"""A browser guest's "Keep My Games" (docs/serving.md): the session's games
go into the server's store, and a link code lets a key take them.

A guest plays in a store that keeps nothing. Asked to keep its games, the game
copies them (games in progress, history, settings) into the server's store under
the guest's id, makes a code there that gives them to the key that uses it, and
plays on in the server's store, so every later move is kept too. The guest's rows
are forgotten as the game ends: by then a key that used a code has taken them
(they are that key's player's rows), and a code never used could only leave rows
nobody can reach. So a code works while the guest's game is open.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import texts
from ..session import Session
from ..store.interface import Store, StoreError
from ..store.location import open_store_at
from ..store.sql import SqlStore
from .identity import Identity
from .link_codes import LIFETIME, new_code

MAX_CODES = 5  # codes one guest's game gives: enough to retry, too few to fill a table


@dataclass(frozen=True)
class KeepAnswer:
    """What Keep My Games says: the code (None when none was made) and the sentence."""

    code: str | None
    told: str


class GuestGames:
    """One guest's game and the server's store its games may go to."""

    def __init__(self, identity: Identity, session: Session) -> None:
        self.identity = identity
        self.session = session
        self.codes_made = 0
        self.server: SqlStore | None = None  # the server's store, once the game plays in it

    @property
    def offered(self) -> bool:
        """Keep My Games is a served guest's, and needs the server's store."""
        return self.identity.served and self.identity.guest and self.identity.keep_store is not None

    def keep(self) -> KeepAnswer:
        """The games kept in the server's store (once), and a new code for them."""
        if self.codes_made >= MAX_CODES:
            return KeepAnswer(None, texts.NO_MORE_CODES)
        if self.server is None:
            problem = self._move_to_server()
            if problem:
                return KeepAnswer(None, problem)
        assert self.server is not None
        guest, code = self.identity.player, new_code()
        try:
            # Once a key took the games, a code made here would give away that key's player.
            if self.server.plays_as(guest) != guest:
                return KeepAnswer(None, texts.GAMES_KEPT_BY_KEY)
            self.server.add_link_code(guest, code, gives_games=True)
        except StoreError as error:
            return KeepAnswer(None, str(error))
        self.codes_made += 1
        return KeepAnswer(code, texts.keep_games_code(code, round(LIFETIME / 60)))

    def _move_to_server(self) -> str:
        """Copy the guest's games into the server's store and play on there; the
        sentence that says why not, or "" once done."""
        assert self.identity.keep_store is not None
        session, player = self.session, self.identity.player
        session.save_game()  # the game in play, as it is now, goes with the others
        opened = open_store_at(self.identity.keep_store, player)
        server = opened.store
        if not opened.saving or not isinstance(server, SqlStore):
            server.close()
            return " ".join(opened.notices) or texts.NOT_KEPT
        try:
            copy_games(session.keeper.store, server, player)
        except StoreError as error:
            server.close()
            return str(error)
        session.keeper.move_to(server)
        session.keeper.forget_at_close = True
        self.server = server
        return ""


def copy_games(source: Store, server: SqlStore, player: str) -> None:
    """Every game in progress, history entry and setting of ``player`` in ``source``
    into ``server``, under the same ids (the game in play is found there by its id)."""
    games = source.games_in_progress(player)
    finished = source.history(player, limit=None)
    settings = source.settings(player)
    server.import_games(player, games, finished)
    for name, value in settings.items():
        server.put_setting(player, name, value)
