"""The ghost on a served daily: the offer as the daily starts, G to race it, and the
panel beside the board with the player's count of cells filled and the ghost's.

The game screen tells :class:`GhostPart` when a play starts (:meth:`GhostPart.look`)
and on every tick and change (:meth:`GhostPart.show`); the ghost itself, and which
solve it is, come from ``game/replay/ghost.py``.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Protocol, TypeVar

from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from ..game import texts
from ..game.clock import format_elapsed
from ..game.players.leaderboard import NoStore, store_to_read
from ..game.replay.ghost import Ghost, filled_cells, find_ghost
from ..game.session import Session
from ..game.store.interface import Store, StoreError
from .player_dialogs import PlayerDialogs
from .rooms import RoomPart
from .widgets import BoardArea

W = TypeVar("W", bound=Widget)


class GhostScreen(Protocol):
    """What of the game screen the ghost uses (the screen imports this module, not the other way)."""

    session: Session
    players: PlayerDialogs
    rooms: RoomPart

    def show_note(self, text: str) -> None: ...
    def hide_note(self) -> None: ...
    def refresh_bindings(self) -> None: ...
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


PANEL_WIDTH = 24


class GhostPanel(Static):
    """The ghost race beside the board: the heading, both counts, whose solve it is."""

    DEFAULT_CSS = """
    GhostPanel { width: 24; height: auto; margin-left: 1; display: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.shown: list[str] = []

    def show_race(self, you: int, ghost: Ghost, ghost_count: int) -> None:
        lines = [
            texts.GHOST_HEADING,
            _count_line(texts.GHOST_YOU, you),
            _count_line(texts.GHOST, ghost_count),
            texts.ghost_whose(ghost.name, format_elapsed(ghost.elapsed))[:PANEL_WIDTH],
        ]
        if lines != self.shown:
            self.update("\n".join(lines))
            self.shown = lines


def _count_line(label: str, count: int) -> str:
    return f"{label[: PANEL_WIDTH - 5]:<{PANEL_WIDTH - 4}}{count:>4}"


class GhostPart:
    """The ghost of the daily in play: on offer (found as the daily started), raced, or none."""

    def __init__(self, screen: GhostScreen) -> None:
        self.screen = screen
        self.offer: Ghost | None = None
        self.racing: Ghost | None = None
        self._raced: object = None  # the play the race is on

    def look(self) -> None:
        """A play started: on a server, on a daily, find the ghost to offer (the last one goes)."""
        screen, session = self.screen, self.screen.session
        if self.racing is not None and self._raced is session.play:
            self.show()  # the same game again (a puzzle typed in was left): the race goes on
            return
        self.offer = self.racing = None
        self._panel_shown(False)
        identity = screen.players.identity
        origin = session.origin
        if not identity.served or screen.rooms.room is not None or origin.kind != "daily" or origin.day is None:
            return
        if session.solved or session.level is None:
            return
        try:
            store, owned = self._store()
            try:
                player = session.keeper.player
                ghost = find_ghost(store, player, origin.day, session.level, session.play.shape.name, session.puzzle)
            finally:
                if owned:
                    store.close()
        except (StoreError, NoStore):
            return  # no ghost to offer: the daily plays as ever
        if ghost is None:
            return
        self.offer = ghost
        played = format_elapsed(ghost.elapsed)
        screen.show_note(texts.own_ghost_offer(played) if ghost.own else texts.ghost_offer(ghost.name, played))
        screen.refresh_bindings()

    def _store(self) -> tuple[Store, bool]:
        """The server's store, and whether it was opened here (a guest plays in one that keeps nothing)."""
        keep = self.screen.players.identity.keep_store
        if keep is not None:
            server = store_to_read(None, keep)
            if server is not None:
                return server, True
        return self.screen.session.keeper.store, False

    def race(self) -> None:
        """G: race the ghost on offer."""
        if self.offer is None:
            return
        self.racing, self.offer, self._raced = self.offer, None, self.screen.session.play
        self.screen.hide_note()  # the offer is taken: the board's last rows show again
        self._panel_shown(True)
        self.show()
        self.screen.refresh_bindings()

    def show(self) -> None:
        """Both counts as they are now (the clock ticked, or the board changed)."""
        ghost = self.racing
        if ghost is None:
            return
        session = self.screen.session
        with suppress(NoMatches):  # a tick while the app shuts down
            panel = self.screen.query_one("#ghost", GhostPanel)
            you = filled_cells(session.puzzle, session.play.values)
            panel.show_race(you, ghost, ghost.count_at(session.clock.elapsed()))

    def _panel_shown(self, shown: bool) -> None:
        with suppress(NoMatches):
            panel = self.screen.query_one("#ghost", GhostPanel)
            if panel.display != shown:
                panel.display = shown
                area = self.screen.query_one("#board-area", BoardArea)
                area.fit(area.size)
