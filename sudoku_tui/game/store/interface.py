"""The player store: what the game keeps between runs, for every player.

The game talks only to a :class:`Store`; :class:`~.sqlite.SqliteStore`
is the one on the player's machine, and a server may bring another with the
same methods. Everything is kept per player id (``"local"`` on one machine,
a key fingerprint on a server), so one store serves many players and none
sees another's rows.

A game is a row of the games in progress from its first save until it ends.
Leaving it for another puzzle records it in the history as abandoned but
keeps it resumable; coming back and solving it turns the same history entry
into a solved one (the entry is keyed by the game's id, not by the puzzle),
so every game counts once however often it was left and resumed.

The game's part: open the store once (``local.open_local_store``) and
tell its notices; :meth:`Store.put_game` after every change; when a game is
left unsolved for another puzzle :meth:`Store.leave_game`; when it is solved,
filled by Solve, or started afresh :meth:`Store.finish_game`; on quitting
:meth:`Store.put_game`, then :meth:`Store.close`.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from datetime import date
from types import TracebackType

from .. import texts
from ..clock import TimeSource
from ..replay.recording import RecordedGame
from .records import FinishedGame, Game, RankedSolve, RankedStreak, RoomGame
from .settings import SettingValue
from .statistics import Statistics

LOCAL_PLAYER = "local"


class StoreError(Exception):
    """The store failed; ``str(error)`` is a sentence for the player."""


class StoreCorrupt(StoreError):
    """The store's data cannot be read as a store (damaged, or not a store at all)."""


class StoreUnavailable(StoreError):
    """The store may not be opened, read or written here (permissions, a newer version, a busy disk)."""


class NameTaken(StoreError):
    """Another player has the name, without regard to case."""

    def __init__(self) -> None:
        super().__init__(texts.NAME_TAKEN)


class LinkRefused(StoreError):
    """A link code that cannot be used: ``str(error)`` says why."""


class Store(ABC):
    """The games in progress, the history, the statistics and the settings of every player.

    Every method that writes is one transaction on its own rows; any failure
    raises :class:`StoreError` with a sentence for the player, and the caller
    decides what to do (the game goes on). Rows that do not hold what they
    should are skipped, never fatal; :meth:`take_notices` says how many.
    """

    def __init__(self, clock: TimeSource = time.time) -> None:
        self.clock = clock
        self._skipped = 0

    # ---- life -------------------------------------------------------------------

    @property
    @abstractmethod
    def persistent(self) -> bool:
        """False when nothing outlives the process (play goes on without saving)."""

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    # ---- games in progress ------------------------------------------------------

    @abstractmethod
    def games_in_progress(self, player: str, limit: int | None = None) -> list[Game]:
        """The player's games in progress, the last played first."""

    @abstractmethod
    def find_game(self, player: str, key: str) -> Game | None:
        """The player's game in progress of this puzzle (see :func:`game_key`)."""

    @abstractmethod
    def last_game(self, player: str) -> Game | None:
        """The unsolved game in progress the player played last."""

    @abstractmethod
    def put_game(self, player: str, game: Game) -> Game:
        """Write one game in progress (insert or replace its row), stamped as played now."""

    # ---- ending games -----------------------------------------------------------

    @abstractmethod
    def leave_game(self, player: str, game: Game) -> FinishedGame:
        """The player left the game unsolved for another puzzle: write it and
        record it in the history as abandoned; it stays resumable."""

    @abstractmethod
    def finish_game(self, player: str, game: Game) -> FinishedGame:
        """The game is over (solved, filled by Solve, or started afresh): record
        it in the history and remove it from the games in progress, at once."""

    @abstractmethod
    def record_room(self, player: str, game_id: str, room: RoomGame) -> None:
        """The history entry ``game_id`` was a game of ``room`` (a race's place, known once
        the room numbered the finish after the entry was written)."""

    @abstractmethod
    def record_level(self, player: str, game_id: str, level: str) -> None:
        """The history entry ``game_id`` was of a puzzle of level ``level`` (graded in the
        background, after the game had ended); an entry with a level keeps it."""

    @abstractmethod
    def history(self, player: str, limit: int | None = 100, key: str | None = None) -> list[FinishedGame]:
        """The player's recorded games, the last ended first; only this puzzle's with ``key``."""

    @abstractmethod
    def statistics(self, player: str, today: date | None = None, recent: int = 30) -> Statistics:
        """The player's statistics on ``today`` (UTC; the store's clock's date when None)."""

    # ---- replays -------------------------------------------------------------------

    @abstractmethod
    def recorded_game(self, player: str, game_id: str) -> RecordedGame | None:
        """The player's game ``game_id`` with its moves: in progress (``finished`` False), else
        from the history; None when the player has none of that id (another player's is none)."""

    @abstractmethod
    def last_recorded_game(self, player: str) -> RecordedGame | None:
        """The player's game that ended last (one left for another puzzle is still in progress)."""

    @abstractmethod
    def daily_solve(self, player: str, day: date, level: str, shape: str = "9x9") -> RecordedGame | None:
        """The player's first game of the daily of ``day`` at ``level`` on ``shape`` solved
        by them (not filled by Solve, nor solved in a co-op room), with its moves; None when none."""

    @abstractmethod
    def cached_labels(self, key: str) -> str | None:
        """The labels kept under ``key`` (``labels.labels_key``: the puzzle and the moves), or None."""

    @abstractmethod
    def keep_labels(self, key: str, labels: str) -> None:
        """Keep a game's labels under ``key``; the cache forgets the games labelled longest ago."""

    # ---- settings -----------------------------------------------------------------

    @abstractmethod
    def get_setting(self, player: str, name: str) -> SettingValue:
        """The player's setting, or its default (see :data:`~.settings.SETTINGS`)."""

    @abstractmethod
    def put_setting(self, player: str, name: str, value: SettingValue) -> None: ...

    @abstractmethod
    def settings(self, player: str) -> dict[str, SettingValue]:
        """Every setting of the player, defaults included."""

    # ---- players together: names, linked keys, rankings --------------------------
    # Every method above takes the id a game process plays as (a key's fingerprint, a
    # guest's id, "local"); a key linked to another player's reads and writes that
    # player's rows.

    @abstractmethod
    def name_of(self, player: str) -> str | None:
        """The player's own name, or None when they have not chosen one."""

    @abstractmethod
    def set_name(self, player: str, name: str) -> None:
        """Give the player ``name`` (checked by ``players.names`` before); raises
        :class:`NameTaken` when another player has it in any case."""

    @abstractmethod
    def add_link_code(self, player: str, code: str, *, gives_games: bool = False) -> None:
        """A link code of the player, made now. A key's code (``gives_games`` False)
        makes the key that uses it this player; a guest's code gives this player's
        games to the key that uses it."""

    @abstractmethod
    def use_link_code(self, player: str, code: str, lifetime: float) -> str:
        """Link ``player`` and the code's maker into one player, everything of both
        kept (games, history, statistics, streak; the name of the one that stays).
        Returns the player both now are. Raises :class:`LinkRefused` (used,
        expired after ``lifetime`` seconds, unknown, or the player's own)."""

    @abstractmethod
    def forget_player(self, player: str) -> None:
        """Remove every row of the player (a guest whose kept games were never linked)."""

    @abstractmethod
    def daily_ranking(self, day: date, level: str, shape: str = "9x9") -> list[RankedSolve]:
        """Every player who solved the daily puzzle of ``day`` at ``level`` on that day,
        fastest first; games Solve filled never count (a player who used Solve on it
        is not listed)."""

    @abstractmethod
    def streak_ranking(self, today: date, limit: int = 100) -> list[RankedStreak]:
        """The players with a current daily streak on ``today``, longest first."""

    # ---- what to tell the player ------------------------------------------------

    def skipped(self, count: int = 1) -> None:
        """Rows that could not be read were passed over."""
        self._skipped += count

    def take_notices(self) -> list[str]:
        """What to tell the player about the store since the last call."""
        count, self._skipped = self._skipped, 0
        if not count:
            return []
        rows = "entry" if count == 1 else "entries"
        return [f"{count} saved {rows} could not be read and {'was' if count == 1 else 'were'} skipped."]
