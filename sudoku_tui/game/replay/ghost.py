"""The ghost on the daily: the server's fastest solve of a daily puzzle, as a count of
cells filled over time, to race beside the player's own (docs/replays.md, "The ghost").

:func:`filled_timeline` plays a game's moves again (on :class:`~.labels.Board`, with
undo and redo as the game has them) and says how many cells the player had filled
after each move; :class:`Ghost` answers "how many at this time into the game".
:func:`find_ghost` picks the solve to race from a store: the fastest solve of the
day's ranking by another player whose moves are recorded, else the player's own.

Nothing of another player's game leaves here but the count, the name and the time.
Pure but for the store's reads; no screen.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from ...engine.board.puzzle import Puzzle
from ..players.names import shown_name
from ..store.interface import Store
from .labels import Board, Move


@dataclass(frozen=True)
class Ghost:
    """A solve to race: whose (the name shown), its time in seconds, and its count of
    cells filled over time (``times_ms`` ascending, ``counts`` the count from each on)."""

    name: str
    elapsed: float
    times_ms: tuple[int, ...]
    counts: tuple[int, ...]
    own: bool = False  # the player's own earlier solve: no one else's was there to race

    def count_at(self, elapsed: float) -> int:
        """The cells the ghost had filled ``elapsed`` seconds into its game."""
        found = bisect.bisect_right(self.times_ms, int(elapsed * 1000)) - 1
        return self.counts[found] if found >= 0 else 0


def filled_cells(puzzle: Puzzle, values: Sequence[int]) -> int:
    """The cells of ``values`` that hold a value and are no given."""
    return sum(1 for given, value in zip(puzzle.givens, values, strict=True) if value and not given)


def filled_timeline(puzzle: Puzzle, moves: Sequence[Move]) -> tuple[tuple[int, int], ...]:
    """``(at_ms, cells filled)`` after each move that changed the count, in order: values
    placed (by the player or a hint) and not cleared or undone since."""
    # Solve never ranks, so no solution is needed: a Solve move fills nothing here.
    board = Board(puzzle, tuple(puzzle.givens))
    timeline: list[tuple[int, int]] = []
    count = 0
    for move in moves:
        board.play(move)
        now = filled_cells(puzzle, board.values)
        if now != count:
            count = now
            if timeline and timeline[-1][0] == move.at_ms:
                timeline[-1] = (move.at_ms, count)  # one stroke of several cells
            else:
                timeline.append((move.at_ms, count))
    return tuple(timeline)


def ghost_of(name: str, elapsed: float, puzzle: Puzzle, moves: Sequence[Move], own: bool = False) -> Ghost | None:
    """The ghost of a solve's moves; None when they fill nothing (no moves recorded)."""
    timeline = filled_timeline(puzzle, moves)
    if not timeline:
        return None
    return Ghost(name, elapsed, tuple(t for t, _ in timeline), tuple(c for _, c in timeline), own)


def find_ghost(store: Store, player: str, day: date, level: str, shape: str, puzzle: Puzzle) -> Ghost | None:
    """The ghost to race on the daily of ``day`` (``puzzle``, at ``level`` on ``shape``):
    the fastest solve of the day by another player whose moves are recorded, else the
    player's own solve of it that day; None when there is neither. Raises StoreError."""
    mine = store.daily_solve(player, day, level, shape)
    own: Ghost | None = None
    for solve in store.daily_ranking(day, level, shape):
        game = store.daily_solve(solve.player, day, level, shape)
        if game is None or game.puzzle != puzzle:
            continue
        is_own = mine is not None and mine.game_id == game.game_id  # a key linked to the player is them
        ghost = ghost_of(shown_name(solve.player, solve.name), game.elapsed, puzzle, game.moves, is_own)
        if ghost is not None and not is_own:
            return ghost
        own = own or ghost
    return own
