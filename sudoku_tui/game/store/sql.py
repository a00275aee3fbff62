"""What both databases of the player store share: the schema, every statement
of the game, and the store's methods written once over them.

The SQL keeps to what both SQLite and PostgreSQL understand: explicit
columns, ``?`` parameters, upserts with ``ON CONFLICT``. The schema has a
version and an ordered list of :data:`MIGRATIONS`; opening applies the
missing steps in one transaction and refuses a store of a newer version. A
dialect (sqlite.py, postgresql.py) opens the connection, keeps the version,
makes transactions and turns its database's failures into the player's
sentences.
"""

from __future__ import annotations

import threading
import time
import uuid
from abc import abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import date

from .. import texts
from ..clock import TimeSource
from ..players.names import name_key
from ..replay.recording import RecordedGame, RecordingError, decode_moves
from .checks import (
    BadRow,
    check_finished,
    check_game,
    check_player,
    checked_game,
    checked_room,
    finished_row,
    game_row,
    recorded_moves,
    room_columns,
    stored_start,
)
from .database import Database
from .interface import LinkRefused, NameTaken, Store, StoreUnavailable
from .records import STORED_LEVELS, FinishedGame, Game, RankedSolve, RankedStreak, RoomGame, boards, utc_date
from .settings import SETTINGS, SettingValue, setting
from .statistics import Statistics, compute_statistics
from .together import daily_ranking, merge_players, resolved, streak_ranking

GAME_COLUMNS = (
    "puzzle_key",
    "game_id",
    "shape",
    "givens",
    "entries",
    "marks",
    "elapsed",
    "solved",
    "level",
    "source_kind",
    "source_path",
    "source_index",
    "daily_date",
    "hints",
    "checks",
    "mistakes_shown",
    "solve_used",
    "started_at",
    "last_played",
    "cursor",
    "colours",
    "moves",
)
HISTORY_COLUMNS = (
    "game_id",
    "puzzle_key",
    "shape",
    "givens",
    "level",
    "source_kind",
    "source_path",
    "source_index",
    "daily_date",
    "elapsed",
    "hints",
    "checks",
    "mistakes_shown",
    "solve_used",
    "solved",
    "ended_at",
    "room_kind",
    "room_with",
    "room_place",
    "room_field",
)

# One tuple of statements per schema version, applied in order; written in
# SQLite's types (postgresql.py widens them where PostgreSQL's differ).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE games (
            player TEXT NOT NULL,
            puzzle_key TEXT NOT NULL,
            game_id TEXT NOT NULL,
            shape TEXT NOT NULL,
            givens TEXT NOT NULL,
            entries TEXT NOT NULL,
            marks TEXT NOT NULL,
            elapsed REAL NOT NULL,
            solved INTEGER NOT NULL,
            level TEXT,
            source_kind TEXT NOT NULL,
            source_path TEXT,
            source_index INTEGER,
            daily_date TEXT,
            hints INTEGER NOT NULL,
            checks INTEGER NOT NULL,
            mistakes_shown INTEGER NOT NULL,
            solve_used INTEGER NOT NULL,
            started_at REAL NOT NULL,
            last_played REAL NOT NULL,
            PRIMARY KEY (player, puzzle_key)
        )""",
        "CREATE INDEX games_by_last_played ON games (player, last_played)",
        """CREATE TABLE history (
            player TEXT NOT NULL,
            game_id TEXT NOT NULL,
            puzzle_key TEXT NOT NULL,
            shape TEXT NOT NULL,
            givens TEXT NOT NULL,
            level TEXT,
            source_kind TEXT NOT NULL,
            source_path TEXT,
            source_index INTEGER,
            daily_date TEXT,
            elapsed REAL NOT NULL,
            hints INTEGER NOT NULL,
            checks INTEGER NOT NULL,
            mistakes_shown INTEGER NOT NULL,
            solve_used INTEGER NOT NULL,
            solved INTEGER NOT NULL,
            ended_at REAL NOT NULL,
            PRIMARY KEY (player, game_id)
        )""",
        "CREATE INDEX history_by_end ON history (player, ended_at)",
        "CREATE INDEX history_by_puzzle ON history (player, puzzle_key)",
        """CREATE TABLE settings (
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (player, name)
        )""",
    ),
    # 2: the selected cell, so a game comes back where the player left it.
    ("ALTER TABLE games ADD COLUMN cursor INTEGER NOT NULL DEFAULT 0",),
    # 3: players together: names (unique in any case), keys linked into another
    # player, the codes that link them, and the daily ranking's lookup.
    (
        """CREATE TABLE players (
            player TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE
        )""",
        """CREATE TABLE aliases (
            alias TEXT PRIMARY KEY,
            player TEXT NOT NULL
        )""",
        "CREATE INDEX aliases_by_player ON aliases (player)",
        """CREATE TABLE link_codes (
            code TEXT PRIMARY KEY,
            player TEXT NOT NULL,
            gives_games INTEGER NOT NULL,
            made_at REAL NOT NULL,
            used_at REAL NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX history_by_daily ON history (daily_date, level, shape)",
    ),
    # 4: a game played in a room: its kind, the other players' names, a race's place and field
    # (NULL for a game alone, as every game before this step was).
    (
        "ALTER TABLE history ADD COLUMN room_kind TEXT",
        "ALTER TABLE history ADD COLUMN room_with TEXT",
        "ALTER TABLE history ADD COLUMN room_place INTEGER",
        "ALTER TABLE history ADD COLUMN room_field INTEGER",
    ),
    # 5: the cells' colours, a digit a cell ("" where none is painted, as in every older game).
    ("ALTER TABLE games ADD COLUMN colours TEXT NOT NULL DEFAULT ''",),
    # 6: replays: the recorded moves of a game in progress and of a finished one (NULL in every
    # older game: it has none), and the labels worked out for a game's moves, by labels_key.
    (
        "ALTER TABLE games ADD COLUMN moves BLOB",
        "ALTER TABLE history ADD COLUMN moves BLOB",
        """CREATE TABLE labels (
            labels_key TEXT PRIMARY KEY,
            labels TEXT NOT NULL,
            made_at REAL NOT NULL
        )""",
        "CREATE INDEX labels_by_age ON labels (made_at)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)


def _insert(table: str, columns: Sequence[str], conflict: str, keep: Sequence[str] | None) -> str:
    """An insert of one row; on a conflict with ``conflict`` it updates every column but
    those in ``keep`` (``keep`` None: it does nothing)."""
    names = ", ".join(("player", *columns))
    marks = ", ".join("?" * (len(columns) + 1))
    if keep is None:
        return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT ({conflict}) DO NOTHING"
    update = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in keep)
    return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT ({conflict}) DO UPDATE SET {update}"


PUT_GAME = _insert("games", GAME_COLUMNS, "player, puzzle_key", ("player", "puzzle_key"))
FIND_START = "SELECT game_id, started_at FROM games WHERE player = ? AND puzzle_key = ?"
ADD_GAME = _insert("games", GAME_COLUMNS, "player, puzzle_key", None)
PUT_FINISHED = _insert("history", HISTORY_COLUMNS, "player, game_id", ("player", "game_id"))
ADD_FINISHED = _insert("history", HISTORY_COLUMNS, "player, game_id", None)
HELD_ENTRY = "SELECT 1 FROM history WHERE player = ? AND game_id = ?"
SELECT_GAMES = f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE player = ?"
SELECT_HISTORY = f"SELECT {', '.join(HISTORY_COLUMNS)} FROM history WHERE player = ?"
SELECT_MOVES = "SELECT moves FROM history WHERE player = ? AND game_id = ?"
# The last entry of the history whose game is over (not one left for another puzzle, still in progress).
LAST_FINISHED = (
    SELECT_HISTORY + " AND NOT EXISTS (SELECT 1 FROM games WHERE games.player = history.player "
    "AND games.game_id = history.game_id) ORDER BY ended_at DESC, game_id LIMIT 1"
)
# A player's own solve of a daily (the ghost raced on it): the first, as the ranking counts it.
DAILY_SOLVE = (
    SELECT_HISTORY + " AND source_kind = 'daily' AND daily_date = ? AND level = ? AND shape = ? AND solved = 1 "
    "AND solve_used = 0 AND (room_kind IS NULL OR room_kind <> 'coop') ORDER BY ended_at, game_id LIMIT 1"
)
KEPT_LABELS = 500  # the labels cache keeps the games labelled last
PUT_MOVES = "UPDATE history SET moves = ? WHERE player = ? AND game_id = ?"
# Games in progress that the history does not hold yet (never left): they count as started too.
UNRECORDED_GAMES = (
    "SELECT shape, level, mistakes_shown FROM games WHERE player = ? AND NOT EXISTS "
    "(SELECT 1 FROM history WHERE history.player = games.player AND history.game_id = games.game_id)"
)

NEWER_VERSION = "The saved games were written by a newer version of sudoku-tui; they are left as they are."


def migrate(db: Database, version: object, migrations: Sequence[Sequence[str]]) -> None:
    """Apply the schema's steps after ``version``; a store of a newer (or unknown) version is refused."""
    if not isinstance(version, int) or version > len(migrations):
        raise StoreUnavailable(NEWER_VERSION)
    for step in migrations[version:]:
        for statement in step:
            db.execute(statement)


def new_game_id() -> str:
    return uuid.uuid4().hex


class SqlStore(Store):
    """The store's methods over any database the statements above suit; a
    dialect supplies the connection (``_db``), :meth:`_guard` and
    :meth:`_transaction`."""

    _db: Database

    def __init__(self, location: str, *, persistent: bool, clock: TimeSource = time.time) -> None:
        super().__init__(clock)
        self.path = location
        self._persistent = persistent
        self._lock = threading.RLock()  # the screen may save from a worker thread

    @property
    def persistent(self) -> bool:
        return self._persistent

    @abstractmethod
    def schema_version(self) -> int: ...

    @abstractmethod
    def _guard(self, doing: str) -> AbstractContextManager[None]:
        """One call at a time; the database's failures become the player's sentence
        (the store ``doing`` something, e.g. "could not be saved")."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Database]:
        """One write transaction."""

    def _rows(self, sql: str, params: Sequence[object], columns: Sequence[str]) -> Iterator[dict[str, object]]:
        for row in self._db.execute(sql, params):
            yield dict(zip(columns, row, strict=True))

    def _games(self, rows: Iterable[dict[str, object]], limit: int | None) -> list[Game]:
        games: list[Game] = []
        for row in rows:
            if limit is not None and len(games) >= limit:
                break
            try:
                games.append(check_game(row))
            except BadRow:
                self.skipped()
        return games

    def _who(self, player: str, db: Database | None = None) -> str:
        """The player whose rows ``player`` reads and writes (a linked key's, or its own)."""
        return resolved(db if db is not None else self._db, check_player(player))

    # ---- games in progress ------------------------------------------------------

    def games_in_progress(self, player: str, limit: int | None = None) -> list[Game]:
        sql = SELECT_GAMES + " ORDER BY last_played DESC"
        with self._guard("could not be read"):
            return self._games(self._rows(sql, [self._who(player)], GAME_COLUMNS), limit)

    def find_game(self, player: str, key: str) -> Game | None:
        sql = SELECT_GAMES + " AND puzzle_key = ?"
        with self._guard("could not be read"):
            found = self._games(self._rows(sql, [self._who(player), key], GAME_COLUMNS), 1)
        return found[0] if found else None

    def last_game(self, player: str) -> Game | None:
        sql = SELECT_GAMES + " AND solved = 0 ORDER BY last_played DESC"
        with self._guard("could not be read"):
            found = self._games(self._rows(sql, [self._who(player)], GAME_COLUMNS), 1)
        return found[0] if found else None

    def put_game(self, player: str, game: Game) -> Game:
        player, game = check_player(player), checked_game(game)
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            player = resolved(db, player)
            game = self._identify(db, player, game, now)
            self._write(db, player, game)
        return game

    @staticmethod
    def _identify(db: Database, player: str, game: Game, now: float) -> Game:
        """The game with the id and start of its stored row (new ones when there is none, or
        when they cannot be used: the row is then mended by the write), played ``now``."""
        found = db.execute(FIND_START, [player, game.key]).fetchall()
        game_id, started_at = (
            stored_start(dict(zip(("game_id", "started_at"), found[0], strict=True))) if found else (None, None)
        )
        return replace(
            game, game_id=game_id or game.game_id or new_game_id(), started_at=started_at or now, last_played=now
        )

    @staticmethod
    def _write(db: Database, player: str, game: Game) -> None:
        row = game_row(game)
        db.execute(PUT_GAME, [player, *(row[c] for c in GAME_COLUMNS)])

    # ---- ending games -----------------------------------------------------------

    def leave_game(self, player: str, game: Game) -> FinishedGame:
        return self._end(player, game, keep=not game.solved)

    def finish_game(self, player: str, game: Game) -> FinishedGame:
        return self._end(player, game, keep=False)

    def _end(self, player: str, game: Game, *, keep: bool) -> FinishedGame:
        """Record the game in the history under its id, keeping its row in progress or removing it."""
        room = checked_room(game.room)  # the game in progress never keeps it: checked_game drops it
        player, game = check_player(player), checked_game(game)
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            player = resolved(db, player)
            game = self._identify(db, player, game, now)
            if keep:
                self._write(db, player, game)
            else:
                db.execute("DELETE FROM games WHERE player = ? AND puzzle_key = ?", [player, game.key])
            finished = FinishedGame(
                game.game_id or new_game_id(),
                game.shape,
                game.givens,
                game.level,
                game.source,
                game.elapsed,
                game.aids,
                game.solved,
                now,
                room,
            )
            entry = finished_row(finished)
            db.execute(PUT_FINISHED, [player, *(entry[c] for c in HISTORY_COLUMNS)])
            # Apart from the columns the statistics read: those never load a game's moves.
            db.execute(PUT_MOVES, [game.moves or None, player, finished.game_id])
        return finished

    def record_room(self, player: str, game_id: str, room: RoomGame) -> None:
        columns = room_columns(checked_room(room))
        sets = ", ".join(f"{column} = ?" for column in columns)
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(
                f"UPDATE history SET {sets} WHERE player = ? AND game_id = ?",
                [*columns.values(), self._who(player, db), game_id],
            )

    def record_level(self, player: str, game_id: str, level: str) -> None:
        if level not in STORED_LEVELS:
            raise ValueError(f"not a level to store: {level!r}")
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(
                "UPDATE history SET level = ? WHERE player = ? AND game_id = ? AND level IS NULL",
                [level, self._who(player, db), game_id],
            )

    def history(self, player: str, limit: int | None = 100, key: str | None = None) -> list[FinishedGame]:
        sql, params = SELECT_HISTORY, [check_player(player)]
        if key is not None:
            sql += " AND puzzle_key = ?"
            params.append(key)
        sql += " ORDER BY ended_at DESC, game_id"
        if limit is not None:
            sql += " LIMIT " + str(max(int(limit), 0))
        with self._guard("could not be read"):
            params[0] = self._who(player)
            return self._finished(self._rows(sql, params, HISTORY_COLUMNS))

    def _finished(self, rows: Iterable[dict[str, object]]) -> list[FinishedGame]:
        finished: list[FinishedGame] = []
        for row in rows:
            try:
                finished.append(check_finished(row))
            except BadRow:
                self.skipped()
        return finished

    def statistics(self, player: str, today: date | None = None, recent: int = 30) -> Statistics:
        before = self._skipped
        with self._guard("could not be read"):
            player = self._who(player)
            finished = self._finished(self._rows(SELECT_HISTORY, [player], HISTORY_COLUMNS))
            unrecorded = []
            for shape, level, shown in self._db.execute(UNRECORDED_GAMES, [player]):
                if shape in boards():
                    unrecorded.append((str(shape), level if level in STORED_LEVELS else None, shown == 1))
                else:
                    self.skipped()
        today = today if today is not None else utc_date(self.clock())
        return compute_statistics(player, finished, unrecorded, today, recent, self._skipped - before)

    # ---- replays ---------------------------------------------------------------

    def recorded_game(self, player: str, game_id: str) -> RecordedGame | None:
        with self._guard("could not be read"):
            who = self._who(player)
            found = self._games(self._rows(SELECT_GAMES + " AND game_id = ?", [who, game_id], GAME_COLUMNS), 1)
            if found:
                return self._recorded(found[0], finished=False)
            sql = SELECT_HISTORY + " AND game_id = ?"
            return self._finished_recording(self._finished(self._rows(sql, [who, game_id], HISTORY_COLUMNS)), who)

    def last_recorded_game(self, player: str) -> RecordedGame | None:
        with self._guard("could not be read"):
            who = self._who(player)
            rows = self._rows(LAST_FINISHED, [who], HISTORY_COLUMNS)
            return self._finished_recording(self._finished(rows), who)

    def daily_solve(self, player: str, day: date, level: str, shape: str = "9x9") -> RecordedGame | None:
        with self._guard("could not be read"):
            who = self._who(player)
            rows = self._rows(DAILY_SOLVE, [who, day.isoformat(), level, shape], HISTORY_COLUMNS)
            return self._finished_recording(self._finished(rows), who)

    def _finished_recording(self, entries: list[FinishedGame], player: str) -> RecordedGame | None:
        if not entries:
            return None
        entry = entries[0]
        found = self._db.execute(SELECT_MOVES, [player, entry.game_id]).fetchall()
        game = Game(entry.shape, entry.givens, entry.givens, (), entry.elapsed, entry.solved, game_id=entry.game_id)
        return self._recorded(replace(game, moves=recorded_moves(found[0][0] if found else None)), finished=True)

    def _recorded(self, game: Game, *, finished: bool) -> RecordedGame | None:
        try:
            moves = decode_moves(game.moves)
        except RecordingError:
            self.skipped()  # the game is kept; its replay has no moves
            moves = ()
        return RecordedGame(game.game_id or "", game.puzzle(), moves, game.elapsed, game.solved, finished)

    def cached_labels(self, key: str) -> str | None:
        with self._guard("could not be read"):
            found = self._db.execute("SELECT labels FROM labels WHERE labels_key = ?", [key]).fetchall()
        return str(found[0][0]) if found else None

    def keep_labels(self, key: str, labels: str) -> None:
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(
                "INSERT INTO labels (labels_key, labels, made_at) VALUES (?, ?, ?) "
                "ON CONFLICT (labels_key) DO UPDATE SET labels = excluded.labels, made_at = excluded.made_at",
                [key, labels, now],
            )
            db.execute(
                "DELETE FROM labels WHERE labels_key NOT IN "
                "(SELECT labels_key FROM labels ORDER BY made_at DESC, labels_key LIMIT ?)",
                [KEPT_LABELS],
            )

    # ---- settings ---------------------------------------------------------------

    def get_setting(self, player: str, name: str) -> SettingValue:
        known = setting(name)
        sql = "SELECT value FROM settings WHERE player = ? AND name = ?"
        with self._guard("could not be read"):
            found = self._db.execute(sql, [self._who(player), name]).fetchall()
        if not found:
            return known.default
        value = known.decode(found[0][0])
        if value is None:
            self.skipped()
            return known.default
        return value

    def put_setting(self, player: str, name: str, value: SettingValue) -> None:
        text = setting(name).encode(value)
        sql = (
            "INSERT INTO settings (player, name, value) VALUES (?, ?, ?) "
            "ON CONFLICT (player, name) DO UPDATE SET value = excluded.value"
        )
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(sql, [self._who(player, db), name, text])

    def settings(self, player: str) -> dict[str, SettingValue]:
        values = {name: known.default for name, known in SETTINGS.items()}
        with self._guard("could not be read"):
            rows = self._db.execute("SELECT name, value FROM settings WHERE player = ?", [self._who(player)])
            for name, text in rows:
                if name in SETTINGS:
                    value = SETTINGS[name].decode(text)
                    if value is None:
                        self.skipped()
                    else:
                        values[name] = value
        return values

    # ---- players together --------------------------------------------------------

    def name_of(self, player: str) -> str | None:
        with self._guard("could not be read"):
            found = self._db.execute("SELECT name FROM players WHERE player = ?", [self._who(player)]).fetchall()
        return str(found[0][0]) if found else None

    def set_name(self, player: str, name: str) -> None:
        with self._guard("could not be saved"), self._transaction() as db:
            player = self._who(player, db)
            db.execute("DELETE FROM players WHERE player = ?", [player])
            # Any unique column in the way (the name, in any case) makes the insert do nothing;
            # the transaction then takes the old name back.
            added = db.execute(
                "INSERT INTO players (player, name, name_key) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                [player, name, name_key(name)],
            ).rowcount
            if added != 1:
                raise NameTaken()

    def add_link_code(self, player: str, code: str, *, gives_games: bool = False) -> None:
        now = self.clock()
        with self._guard("could not be saved"), self._transaction() as db:
            db.execute(
                "INSERT INTO link_codes (code, player, gives_games, made_at) VALUES (?, ?, ?, ?)",
                # The key that made it: a code made on a linked key is its player's all the same.
                [code, check_player(player), int(gives_games), now],
            )

    def use_link_code(self, player: str, code: str, lifetime: float) -> str:
        now = self.clock()
        player = check_player(player)
        with self._guard("could not be saved"), self._transaction() as db:
            me = resolved(db, player)
            found = db.execute(
                "SELECT player, gives_games FROM link_codes WHERE code = ? AND used_at = 0 AND made_at >= ?",
                [code, now - lifetime],
            ).fetchall()
            if not found:
                raise LinkRefused(texts.CODE_NOT_VALID)
            maker_key, gives_games = str(found[0][0]), bool(found[0][1])
            maker = resolved(db, maker_key)
            if maker == me:
                raise LinkRefused(texts.CODE_IS_YOURS if maker_key == player else texts.ALREADY_ONE_PLAYER)
            # Claimed before anything moves: of two uses at once, the second finds it used.
            if (
                db.execute("UPDATE link_codes SET used_at = ? WHERE code = ? AND used_at = 0", [now, code]).rowcount
                != 1
            ):
                raise LinkRefused(texts.CODE_NOT_VALID)
            merged, survivor = (maker, me) if gives_games else (me, maker)
            merge_players(db, merged, survivor, now, GAME_COLUMNS, self._add_finished)
        return survivor

    @staticmethod
    def _add_finished(db: Database, player: str, finished: FinishedGame) -> None:
        entry = finished_row(finished)
        db.execute(ADD_FINISHED, [player, *(entry[c] for c in HISTORY_COLUMNS)])

    def forget_player(self, player: str) -> None:
        with self._guard("could not be saved"), self._transaction() as db:
            player = check_player(player)
            for table in ("games", "history", "settings", "players", "link_codes", "aliases"):
                db.execute(f"DELETE FROM {table} WHERE player = ?", [player])
            db.execute("DELETE FROM aliases WHERE alias = ?", [player])

    def daily_ranking(self, day: date, level: str, shape: str = "9x9") -> list[RankedSolve]:
        with self._guard("could not be read"):
            return daily_ranking(self._db, day, level, shape)

    def streak_ranking(self, today: date, limit: int = 100) -> list[RankedStreak]:
        with self._guard("could not be read"):
            return streak_ranking(self._db, today, limit)

    # ---- bringing in games of the earlier saves file ----------------------------

    def import_games(self, player: str, games: Sequence[Game], finished: Sequence[FinishedGame]) -> int:
        """Add games in progress and history entries that carry their own ids and
        times, in one transaction; a game or an entry already held is kept as it
        is, so importing the same again adds nothing. Returns how many were added."""
        player = check_player(player)
        added = 0
        with self._guard("could not be saved"), self._transaction() as db:
            for game in games:
                row = game_row(checked_game(game))
                # A game that ended since an earlier import stays ended.
                if not db.execute(HELD_ENTRY, [player, row["game_id"]]).fetchall():
                    added += db.execute(ADD_GAME, [player, *(row[c] for c in GAME_COLUMNS)]).rowcount
            for entry in finished:
                values = finished_row(entry)
                added += db.execute(ADD_FINISHED, [player, *(values[c] for c in HISTORY_COLUMNS)]).rowcount
        return added

    # ---- a guest's kept games ---------------------------------------------------

    def plays_as(self, player: str) -> str:
        """The player whose rows ``player`` reads and writes: itself, or the one a link
        made it (a guest's kept games, once a key used its code)."""
        with self._guard("could not be read"):
            return self._who(player)
