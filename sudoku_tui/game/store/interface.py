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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Literal

from ...engine.board.geometry import shape_for_size
from ...engine.board.levels import LEVEL_KEYS
from ...engine.board.puzzle import Puzzle, format_line, parse_line

if TYPE_CHECKING:
    from .settings import SettingValue
    from .statistics import Statistics

LOCAL_PLAYER = "local"

# Levels as the store writes them; engine.levels is light, so reading the
# store still never imports the generator (and the solver behind it).
LEVELS = LEVEL_KEYS
BOARDS = ("4x4", "9x9", "16x16", "25x25", "samurai", "x", "windoku", "jigsaw", "killer")

SourceKind = Literal["file", "made", "daily"]
SOURCE_KINDS: tuple[SourceKind, ...] = ("file", "made", "daily")
Outcome = Literal["solved", "filled", "abandoned"]
Clock = Callable[[], float]


class StoreError(Exception):
    """The store failed; ``str(error)`` is a sentence for the player."""


class StoreCorrupt(StoreError):
    """The store's data cannot be read as a store (damaged, or not a store at all)."""


class StoreUnavailable(StoreError):
    """The store may not be opened, read or written here (permissions, a newer version, a busy disk)."""


def game_key(shape_name: str, givens_line: str) -> str:
    """The puzzle itself, whatever file it came from: a game of it is found by this."""
    return f"{shape_name}:{givens_line}"


@dataclass(frozen=True)
class Source:
    """Where a puzzle came from: a file and its number, the generator, or the daily puzzle of a date."""

    kind: SourceKind = "made"
    path: str | None = None
    index: int | None = None
    day: date | None = None

    @classmethod
    def file(cls, path: str, index: int) -> Source:
        return cls("file", path, index)

    @classmethod
    def made(cls) -> Source:
        return cls("made")

    @classmethod
    def daily(cls, day: date) -> Source:
        return cls("daily", day=day)


@dataclass(frozen=True)
class Aids:
    """What helped during a game. ``mistakes_shown``: the show-mistakes setting
    was on at some time; ``solve_used``: Solve filled the board at some time."""

    hints: int = 0
    checks: int = 0
    mistakes_shown: bool = False
    solve_used: bool = False


@dataclass(frozen=True)
class Game:
    """A game in progress: the puzzle, the board as played, the clock and the aids.

    ``values`` is a puzzle line of the board (``.`` for an empty cell);
    ``marks[cell]`` is a bit set of pencil marks (bit ``v - 1`` for value ``v``).
    The store sets ``game_id`` and ``started_at`` on the first write and
    ``last_played`` on every write.
    """

    shape: str
    givens: str
    values: str
    marks: tuple[int, ...]
    elapsed: float = 0.0
    solved: bool = False
    source: Source = field(default_factory=Source)
    level: str | None = None
    aids: Aids = field(default_factory=Aids)
    game_id: str | None = None
    started_at: float | None = None
    last_played: float | None = None
    cursor: int = 0  # the selected cell

    @property
    def key(self) -> str:
        return game_key(self.shape, self.givens)

    def puzzle(self) -> Puzzle:
        # A jigsaw's or killer's line carries its regions or cages: from_line reads them.
        return Puzzle.from_line(shape_for_size(self.shape), self.givens)

    def value_list(self) -> list[int]:
        return list(parse_line(shape_for_size(self.shape), self.values))

    @classmethod
    def of(
        cls,
        puzzle: Puzzle,
        values: list[int],
        marks: list[int],
        elapsed: float,
        *,
        solved: bool = False,
        source: Source | None = None,
        level: str | None = None,
        aids: Aids | None = None,
        cursor: int = 0,
        game_id: str | None = None,
    ) -> Game:
        """The record of a game in play."""
        shape = puzzle.shape
        return cls(
            shape=shape.name,
            givens=puzzle.to_line(),
            values=format_line(shape, values),
            marks=tuple(marks),
            elapsed=round(elapsed, 3),
            solved=solved,
            source=source if source is not None else Source(),
            level=level,
            aids=aids if aids is not None else Aids(),
            cursor=cursor,
            game_id=game_id,
        )


@dataclass(frozen=True)
class FinishedGame:
    """One game of the history: how it ended and what it took.

    ``solved``: the board was solved when the game ended, by the player or by
    Solve; only :attr:`solved_by_player` counts as the player's solve.
    ``ended_at``: seconds since the epoch (UTC).
    """

    game_id: str
    shape: str
    givens: str
    level: str | None
    source: Source
    elapsed: float
    aids: Aids
    solved: bool
    ended_at: float

    @property
    def key(self) -> str:
        return game_key(self.shape, self.givens)

    @property
    def solved_by_player(self) -> bool:
        return self.solved and not self.aids.solve_used

    @property
    def outcome(self) -> Outcome:
        if not self.solved:
            return "abandoned"
        return "filled" if self.aids.solve_used else "solved"

    @property
    def ended_on(self) -> date:
        """The UTC date the game ended."""
        return utc_date(self.ended_at)


def utc_date(timestamp: float) -> date:
    return datetime.fromtimestamp(timestamp, UTC).date()


class Store(ABC):
    """The games in progress, the history, the statistics and the settings of every player.

    Every method that writes is one transaction on its own rows; any failure
    raises :class:`StoreError` with a sentence for the player, and the caller
    decides what to do (the game goes on). Rows that do not hold what they
    should are skipped, never fatal; :meth:`take_notices` says how many.
    """

    def __init__(self, clock: Clock = time.time) -> None:
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
    def history(self, player: str, limit: int | None = 100, key: str | None = None) -> list[FinishedGame]:
        """The player's recorded games, the last ended first; only this puzzle's with ``key``."""

    @abstractmethod
    def statistics(self, player: str, today: date | None = None, recent: int = 30) -> Statistics:
        """The player's statistics on ``today`` (UTC; the store's clock's date when None)."""

    # ---- settings -----------------------------------------------------------------

    @abstractmethod
    def get_setting(self, player: str, name: str) -> SettingValue:
        """The player's setting, or its default (see :data:`~.settings.SETTINGS`)."""

    @abstractmethod
    def put_setting(self, player: str, name: str, value: SettingValue) -> None: ...

    @abstractmethod
    def settings(self, player: str) -> dict[str, SettingValue]:
        """Every setting of the player, defaults included."""

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
