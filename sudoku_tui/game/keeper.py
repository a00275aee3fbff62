"""Keeping a player's games in the store, so that no failure of the store stops play.

The :class:`~.session.Session` says what happened to the game in play (saved,
left, finished); the keeper passes it on to the player's
:class:`~.store.Store`, remembers the game's id, and turns a failing store
into one warning (said once, until saving works again) instead of an error.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from datetime import date

from ..engine.board.puzzle import Puzzle
from .store.interface import LOCAL_PLAYER, Store, StoreError
from .store.records import FinishedGame, Game, RoomGame, game_key
from .store.settings import SettingValue, setting
from .store.statistics import Statistics

Warn = Callable[[str], None]


def puzzle_key(puzzle: Puzzle) -> str:
    return game_key(puzzle.shape.name, puzzle.to_line())


class Keeper:
    """One player's games in one store."""

    def __init__(self, store: Store, warn: Warn, player: str = LOCAL_PLAYER) -> None:
        self.store = store
        self.player = player
        self.warn = warn
        self.game_id: str | None = None  # the store's id of the game in play, once saved
        self.forget_at_close = False  # the player's rows go as the game ends (a guest's kept games)
        self._failing = False

    def _failed(self, error: StoreError) -> None:
        if not self._failing:
            self.warn(str(error))
        self._failing = True

    def _worked(self) -> None:
        self._failing = False

    # ---- reading ----------------------------------------------------------------

    def resumable(self, puzzle: Puzzle) -> Game | None:
        """The player's unsolved game of this puzzle, if one is in progress."""
        try:
            found = self.store.find_game(self.player, puzzle_key(puzzle))
        except StoreError as error:
            self._failed(error)
            return None
        return found if found is not None and not found.solved else None

    def solved_before(self, puzzle: Puzzle) -> FinishedGame | None:
        """The player's last solve of this puzzle (a board Solve filled does not count)."""
        try:
            history = self.store.history(self.player, limit=50, key=puzzle_key(puzzle))
        except StoreError as error:
            self._failed(error)
            return None
        return next((game for game in history if game.solved_by_player), None)

    def last_game(self) -> Game | None:
        try:
            return self.store.last_game(self.player)
        except StoreError as error:
            self._failed(error)
            return None

    def statistics(self, today: date | None = None) -> Statistics:
        """Raises StoreError: the statistics screen says so itself."""
        return self.store.statistics(self.player, today)

    def setting(self, name: str) -> SettingValue:
        try:
            return self.store.get_setting(self.player, name)
        except StoreError as error:
            self._failed(error)
            return setting(name).default

    def put_setting(self, name: str, value: SettingValue) -> None:
        try:
            self.store.put_setting(self.player, name, value)
        except StoreError as error:
            self._failed(error)

    def notices(self) -> list[str]:
        return self.store.take_notices()

    # ---- writing the game in play ---------------------------------------------------

    def start(self, resumed: Game | None) -> None:
        """A new game is in play: the resumed one's id, or none until it is first saved."""
        self.game_id = resumed.game_id if resumed is not None else None

    def save(self, game: Game) -> bool:
        """Write the game in play; False when the store failed (the player was told)."""
        try:
            saved = self.store.put_game(self.player, replace(game, game_id=self.game_id))
        except StoreError as error:
            self._failed(error)
            return False
        self.game_id = saved.game_id
        self._worked()
        return True

    def leave(self, game: Game) -> None:
        """The player went to another puzzle with this one unfinished."""
        self._end(game, leave=True)

    def finish(self, game: Game) -> None:
        """The game is over: solved, filled by Solve, or started afresh."""
        self._end(game, leave=False)

    def _end(self, game: Game, *, leave: bool) -> None:
        record = replace(game, game_id=self.game_id)
        try:
            end = self.store.leave_game if leave else self.store.finish_game
            ended = end(self.player, record)
        except StoreError as error:
            self._failed(error)
            return
        self.game_id = ended.game_id  # the entry's id, for what the room says of it later
        self._worked()

    def record_room(self, room: RoomGame) -> None:
        """The history entry of the game that ended last was a game of ``room``."""
        self._to_last_entry(lambda game_id: self.store.record_room(self.player, game_id, room))

    def record_level(self, level: str) -> None:
        """The history entry of the game that ended last was of a puzzle of ``level``."""
        self._to_last_entry(lambda game_id: self.store.record_level(self.player, game_id, level))

    def _to_last_entry(self, write: Callable[[str], None]) -> None:
        """Add to the history entry of the game that ended last (none yet: nothing to add to)."""
        if self.game_id is None:
            return
        try:
            write(self.game_id)
        except StoreError as error:
            self._failed(error)
            return
        self._worked()

    def move_to(self, store: Store) -> None:
        """Play on in ``store``, which holds this player's games by now (the game in play
        under the same id): every later save goes there. The store left is closed."""
        left, self.store = self.store, store
        with suppress(StoreError):  # nothing of the player's is needed from it any more
            left.close()

    def close(self) -> None:
        if self.forget_at_close:
            try:
                self.store.forget_player(self.player)
            except StoreError as error:
                self._failed(error)
        try:
            self.store.close()
        except StoreError as error:
            self._failed(error)
