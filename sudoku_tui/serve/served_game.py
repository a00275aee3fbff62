"""What a served game process is told: who plays, which store, which folders, which limits.

The server puts it in the process's environment (:meth:`ServedGame.environment`)
and the game process reads it back (:meth:`ServedGame.from_environment`); the
player never chooses any of it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..engine.search.backend import NO_JIT

PLAYER = "SUDOKU_TUI_PLAYER"
STORE = "SUDOKU_TUI_STORE"
PUZZLES = "SUDOKU_TUI_PUZZLES"
TURNS = "SUDOKU_TUI_MAKING_TURNS"
AT_ONCE = "SUDOKU_TUI_MAKING_AT_ONCE"
MEMORY = "SUDOKU_TUI_MEMORY_MB"
NICE = "SUDOKU_TUI_NICE"
SOLVER = "SUDOKU_TUI_SOLVER"
ERRORS = "SUDOKU_TUI_ERRORS"
KEEP_STORE = "SUDOKU_TUI_KEEP_STORE"
ROOMS = "SUDOKU_TUI_ROOMS"
ROOM = "SUDOKU_TUI_ROOM"  # the room asked for on the command line (game.rooms.asked)
PLAIN = "SUDOKU_TUI_PLAIN"  # "1": the game in plain text (ssh -t HOST plain)


class NotServed(Exception):
    """The process was started without a server's settings."""


@dataclass(frozen=True)
class ServedGame:
    """One served game's settings.

    ``store``: a folder (the SQLite store in it), a PostgreSQL URL, or
    ``:memory:`` (a guest: nothing outlives the session). ``puzzles``: the
    folders besides the bundled puzzles that files may be opened from.
    ``turns``: the folder of lock files that caps the puzzles made at once
    (``at_once`` of them). ``memory_mb``: the process's address-space cap.
    ``nice``: how much lower the game's CPU priority is than the server's.
    ``compiled_solver``: the game may load the compiled search (the fast extra)
    when it first needs it; otherwise it searches in pure Python.
    ``errors``: the file the game's standard error goes to (a traceback, should it
    crash), never the player's terminal; nowhere when None. ``keep_store``: a
    guest's only: the server's store, where "Keep My Games" puts its games.
    ``rooms``: the socket of the server's room hub (docs/rooms.md); None when the
    server runs none.
    """

    player: str
    store: str
    puzzles: tuple[Path, ...]
    turns: Path
    at_once: int
    memory_mb: int
    nice: int
    compiled_solver: bool = False
    errors: Path | None = None
    keep_store: str | None = None
    rooms: Path | None = None

    def environment(self) -> dict[str, str]:
        return {
            PLAYER: self.player,
            STORE: self.store,
            PUZZLES: os.pathsep.join(str(folder) for folder in self.puzzles),
            TURNS: str(self.turns),
            AT_ONCE: str(self.at_once),
            MEMORY: str(self.memory_mb),
            NICE: str(self.nice),
            SOLVER: "compiled" if self.compiled_solver else "pure",
            **({ERRORS: str(self.errors)} if self.errors is not None else {}),
            **({KEEP_STORE: self.keep_store} if self.keep_store is not None else {}),
            **({ROOMS: str(self.rooms)} if self.rooms is not None else {}),
            # Read by the engine (backend.py): the pure search, without Numba loaded at all.
            **({} if self.compiled_solver else {NO_JIT: "1"}),
        }

    @classmethod
    def from_environment(cls, env: Mapping[str, str]) -> ServedGame:
        try:
            return cls(
                player=env[PLAYER],
                store=env[STORE],
                puzzles=tuple(Path(folder) for folder in env[PUZZLES].split(os.pathsep) if folder),
                turns=Path(env[TURNS]),
                at_once=int(env[AT_ONCE]),
                memory_mb=int(env[MEMORY]),
                nice=int(env[NICE]),
                compiled_solver=env.get(SOLVER) == "compiled",
                errors=Path(env[ERRORS]) if env.get(ERRORS) else None,
                keep_store=env.get(KEEP_STORE) or None,
                rooms=Path(env[ROOMS]) if env.get(ROOMS) else None,
            )
        except (KeyError, ValueError) as error:
            raise NotServed(f"not started by sudoku-tui serve ({error} is missing or wrong)") from None
