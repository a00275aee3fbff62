"""The records the player store keeps: games in progress, the history's
finished games, where a puzzle came from and what helped; the boards and
levels the store knows (interface.py says how a game becomes history).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Literal

from ...engine.board.levels import LEVEL_KEYS
from ...engine.board.puzzle import Puzzle, format_line, parse_line
from ...engine.board.shapes import shape_for_size
from ...engine.board.variants import variant_names

# Levels as the store writes them; engine.levels is light, so reading the
# store still never imports the generator (and the solver behind it).
LEVELS = LEVEL_KEYS
CLASSIC_BOARDS = ("4x4", "9x9", "16x16", "25x25", "samurai")


def boards() -> tuple[str, ...]:
    """Every board the store knows, by name: the classic ones, then the variants' table."""
    return (*CLASSIC_BOARDS, *variant_names())


# "own": a puzzle the player typed in or pasted (the history's "your own puzzle").
SourceKind = Literal["file", "made", "daily", "own", "practice"]
SOURCE_KINDS: tuple[SourceKind, ...] = ("file", "made", "daily", "own", "practice")
Outcome = Literal["solved", "filled", "abandoned"]
RoomKindPlayed = Literal["race", "coop"]
ROOM_GAME_KINDS: tuple[RoomKindPlayed, ...] = ("race", "coop")


def game_key(shape_name: str, givens_line: str) -> str:
    """The puzzle itself, whatever file it came from: a game of it is found by this."""
    return f"{shape_name}:{givens_line}"


@dataclass(frozen=True)
class Source:
    """Where a puzzle came from: a file and its number, the generator, the daily puzzle of a
    date, the generator practising a technique (its name kept in ``path``), or the player
    (typed in or pasted)."""

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

    @classmethod
    def own(cls) -> Source:
        return cls("own")

    @classmethod
    def practice(cls, technique: str) -> Source:
        return cls("practice", technique)


@dataclass(frozen=True)
class Aids:
    """What helped during a game. ``mistakes_shown``: the show-mistakes setting
    was on at some time; ``solve_used``: Solve filled the board at some time."""

    hints: int = 0
    checks: int = 0
    mistakes_shown: bool = False
    solve_used: bool = False


@dataclass(frozen=True)
class RoomGame:
    """A game played in a room, as the player's history says it (docs/rooms.md, "In the history").

    ``others``: the other players' names as they were at the game's end (watchers are
    not players); ``place`` and ``field``: a race's finish place among the ``field``
    players who raced (``place`` 0: not finished, or not known yet). A co-op game's
    place and field are 0: a shared board has no order of finish.
    """

    kind: RoomKindPlayed
    others: tuple[str, ...] = ()
    place: int = 0
    field: int = 0


@dataclass(frozen=True)
class Game:
    """A game in progress: the puzzle, the board as played, the clock and the aids.

    ``values`` is a puzzle line of the board (``.`` for an empty cell);
    ``marks[cell]`` is a bit set of pencil marks (bit ``v - 1`` for value ``v``);
    ``colours[cell]`` the cell's paint (0 none, 1 to 6), or ``()`` when no cell
    is painted (and in a game saved before colours); ``moves`` the recorded moves'
    bytes (``b""`` in a game saved before they were recorded). The store sets ``game_id``
    and ``started_at`` on the first write and ``last_played`` on every write.
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
    room: RoomGame | None = None  # played in a room: its history entry says so (never kept in progress)
    colours: tuple[int, ...] = ()
    moves: bytes = b""  # the recorded moves (game/replay/recording.py's bytes), b"" for none

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
        room: RoomGame | None = None,
        colours: Sequence[int] = (),
        moves: bytes = b"",
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
            room=room,
            colours=tuple(colours) if any(colours) else (),
            moves=moves,
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
    room: RoomGame | None = None  # a game of a room: which, and how it went

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


@dataclass(frozen=True)
class RankedSolve:
    """One player's solve of a day's daily puzzle, as the ranking lists it.

    ``elapsed``: the seconds the server's games measured over every game of that
    puzzle the player ended that day up to their first solve (a restart does not
    reset the clock); ``hints``: over the same games; ``mistakes_shown``: in any.
    ``name``: the player's own, or None (``players.names.shown_name`` names them).
    """

    rank: int
    player: str
    name: str | None
    elapsed: float
    hints: int
    mistakes_shown: bool


@dataclass(frozen=True)
class RankedStreak:
    """One player's current daily streak (days in a row with the daily solved that day)."""

    rank: int
    player: str
    name: str | None
    days: int


def utc_date(timestamp: float) -> date:
    return datetime.fromtimestamp(timestamp, UTC).date()
