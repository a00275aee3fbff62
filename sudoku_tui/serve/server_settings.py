"""A server's settings, as its command line gives them, and what they mean for each game."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..game.store.location import IN_MEMORY
from ..paths import data_dir
from .served_game import ServedGame

GUEST = "guest"  # a guest's game: its process names itself (players.names.new_guest_id)
GAME_ERRORS = "game-errors.log"  # what a crashed game would have printed, for the server's keeper
ROOMS_SOCKET = "rooms.sock"  # the room hub's socket, in the server's folder


def server_folder() -> Path:
    """The server's own data folder (host key, store, turn locks): ``sudoku-tui/server`` in the data folder."""
    return data_dir() / "server"


@dataclass(frozen=True)
class ServerSettings:
    """Everything a server is told. ``store``: where players' games are kept (a
    folder for SQLite, or a PostgreSQL URL; the server's folder when None).
    ``rooms``: the socket of the room hub the server runs, told to each game; None
    when it runs none. ``warm_games``: games are forked from a warm template
    (game_starts.py) rather than each started as a new Python process."""

    folder: Path = field(default_factory=server_folder)
    store: str | None = None
    puzzles: tuple[Path, ...] = ()
    max_sessions: int = 50
    idle_timeout: float = 1800.0
    login_timeout: float = 30.0
    connections_per_minute: int = 10
    memory_mb: int = 1024
    nice: int = 10
    compiled_solver: bool = False
    making_at_once: int = field(default_factory=lambda: max(1, (os.cpu_count() or 2) // 2))
    rooms: Path | None = None
    warm_games: bool = False  # the command line's default is True (--cold-games turns it off)

    @property
    def store_location(self) -> str:
        return self.store if self.store is not None else str(self.folder)

    def served_game(self, player: str | None) -> ServedGame:
        """The settings of a game for ``player`` (None: a guest, whose games last for the session)."""
        return ServedGame(
            player=player if player is not None else GUEST,
            store=self.store_location if player is not None else IN_MEMORY,
            puzzles=self.puzzles,
            turns=self.folder / "making",
            at_once=self.making_at_once,
            memory_mb=self.memory_mb,
            nice=self.nice,
            compiled_solver=self.compiled_solver,
            errors=self.folder / GAME_ERRORS,
            keep_store=self.store_location if player is None else None,
            rooms=self.rooms,
        )

    def game_environment(self, player: str | None, term: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        """A game process's whole environment: nothing of the server's own but what Python needs."""
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.folder),
            "LANG": "C.UTF-8",
            "TERM": term or "xterm-256color",
            # Fewer malloc arenas: a thread's arena reserves 64 MiB of address space, which
            # the memory cap would count though little of it is used.
            "MALLOC_ARENA_MAX": "2",
            **self.served_game(player).environment(),
            **(extra or {}),
        }
        for name in ("PYTHONPATH", "VIRTUAL_ENV"):
            if name in os.environ:
                env[name] = os.environ[name]
        return env
