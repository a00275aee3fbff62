"""The player store's operations on a real SQLite file: games in progress,
leaving and finishing, history, players kept apart, settings, errors."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from store_backends import StoreMaker, postgresql_socket, postgresql_url, store_maker
from store_worker import numbered_game

from sudoku_tui.engine.board.geometry import square
from sudoku_tui.engine.board.puzzle import Puzzle
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.game.store.checks import check_game, game_row
from sudoku_tui.game.store.interface import StoreError
from sudoku_tui.game.store.local import STORE_NAME, open_local_store
from sudoku_tui.game.store.records import Aids, Game, Source, boards, game_key
from sudoku_tui.game.store.settings import SETTINGS
from sudoku_tui.game.store.sql import GAME_COLUMNS, MIGRATIONS, SCHEMA_VERSION, SqlStore
from sudoku_tui.game.store.sqlite import SqliteStore

FOUR = Puzzle.from_line(square(2), "2...43213...1432")
FOUR_SOLVED = [2, 1, 4, 3, 4, 3, 2, 1, 3, 2, 1, 4, 1, 4, 3, 2]
__all__ = ["postgresql_socket", "postgresql_url", "store_maker"]  # the fixtures, used by name
KEY = "SHA256:uN1kTq1x4h0pJ7mG2c9bB0vQm3yZ8eR5tA6sD7fG8hI"


class Ticks:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def store(store_maker: StoreMaker) -> SqlStore:
    """The store on each backend (SQLite, PostgreSQL): the same tests, the same answers."""
    return store_maker(clock=Ticks())


def four_game(entry: int = 0, elapsed: float = 12.5, **extra: object) -> Game:
    values = list(FOUR.givens)
    values[1] = entry
    marks = [0] * 16
    marks[2] = 0b1001
    return Game.of(FOUR, values, marks, elapsed, **extra)  # type: ignore[arg-type]


def test_a_game_round_trips_with_everything_it_carries(store: SqlStore, store_maker: StoreMaker) -> None:
    game = four_game(
        1, source=Source.file("/x/p.txt", 3), level="easy", aids=Aids(hints=2, checks=1, mistakes_shown=True)
    )
    written = store.put_game("local", game)
    assert written.game_id and written.started_at == written.last_played
    store.close()
    again = store_maker()
    found = again.find_game("local", game.key)
    assert found is not None
    assert found.value_list()[1] == 1 and found.marks[2] == 0b1001 and found.elapsed == 12.5
    assert found.source == Source("file", "/x/p.txt", 3) and found.level == "easy"
    assert found.aids == Aids(2, 1, True, False) and found.game_id == written.game_id
    assert found.puzzle() == FOUR and found.key == game_key("4x4", FOUR.to_line())
    assert again.schema_version() == SCHEMA_VERSION and again.take_notices() == []


def test_put_replaces_one_row_and_keeps_its_start(store: SqlStore) -> None:
    first = store.put_game("local", four_game(1))
    second = store.put_game("local", four_game(4, elapsed=20))
    assert second.game_id == first.game_id and second.started_at == first.started_at
    assert second.last_played is not None and first.last_played is not None
    assert second.last_played > first.last_played
    games = store.games_in_progress("local")
    assert len(games) == 1 and games[0].value_list()[1] == 4 and games[0].elapsed == 20


def test_last_game_is_the_last_played_unsolved_one(store: SqlStore) -> None:
    assert store.last_game("local") is None
    store.put_game("local", numbered_game(1))
    store.put_game("local", numbered_game(2))
    store.put_game("local", numbered_game(1, elapsed=5))
    last = store.last_game("local")
    assert last is not None and last.key == numbered_game(1).key
    store.put_game("local", Game.of(FOUR, FOUR_SOLVED, [0] * 16, 9, solved=True))
    last = store.last_game("local")
    assert last is not None and last.key == numbered_game(1).key  # a solved game is not offered
    assert [g.key for g in store.games_in_progress("local", limit=2)] == [
        FOUR.shape.name + ":" + FOUR.to_line(),
        last.key,
    ]


def test_leaving_records_the_game_and_keeps_it_resumable(store: SqlStore) -> None:
    game = four_game(1, level="easy", aids=Aids(hints=1))
    left = store.leave_game("local", game)
    assert left.outcome == "abandoned" and left.elapsed == 12.5
    assert store.find_game("local", game.key) is not None
    assert [entry.game_id for entry in store.history("local")] == [left.game_id]
    # Resumed, left again with more time: the same entry, brought up to date.
    again = store.leave_game("local", four_game(4, elapsed=30, level="easy", aids=Aids(hints=3)))
    assert again.game_id == left.game_id
    (entry,) = store.history("local")
    assert entry.elapsed == 30 and entry.aids.hints == 3
    # Resumed and solved: still one game, now solved by the player.
    solved = store.finish_game("local", Game.of(FOUR, FOUR_SOLVED, [0] * 16, 41, solved=True, level="easy"))
    assert solved.game_id == left.game_id and solved.outcome == "solved" and solved.solved_by_player
    assert store.find_game("local", game.key) is None
    assert [(e.game_id, e.outcome) for e in store.history("local")] == [(left.game_id, "solved")]
    stats = store.statistics("local", date(2027, 1, 15))
    assert stats.started == 1 and stats.solved == 1


def test_a_game_solve_filled_is_not_the_players(store: SqlStore) -> None:
    store.put_game("local", four_game(1))
    filled = Game.of(FOUR, FOUR_SOLVED, [0] * 16, 5, solved=True, aids=Aids(solve_used=True))
    entry = store.finish_game("local", filled)
    assert entry.outcome == "filled" and not entry.solved_by_player
    assert store.statistics("local").solved == 0


def test_leaving_a_solved_game_finishes_it(store: SqlStore) -> None:
    entry = store.leave_game("local", Game.of(FOUR, FOUR_SOLVED, [0] * 16, 5, solved=True))
    assert entry.outcome == "solved" and store.find_game("local", game_key("4x4", FOUR.to_line())) is None


def test_starting_afresh_makes_a_new_game(store: SqlStore) -> None:
    first = store.finish_game("local", four_game(1))  # given up: the board is cleared
    second = store.finish_game("local", four_game(2))
    assert first.game_id != second.game_id and first.outcome == second.outcome == "abandoned"
    assert len(store.history("local", key=four_game().key)) == 2
    assert store.history("local", limit=1)[0].game_id == second.game_id


def test_history_of_one_puzzle_and_limits(store: SqlStore) -> None:
    for number in range(5):
        store.finish_game("local", numbered_game(number))
    assert len(store.history("local")) == 5 and len(store.history("local", limit=2)) == 2
    assert [e.key for e in store.history("local", key=numbered_game(3).key)] == [numbered_game(3).key]
    assert store.history("local", limit=0) == [] and len(store.history("local", limit=None)) == 5


def test_players_never_see_each_others_rows(store: SqlStore) -> None:
    store.put_game("local", four_game(1))
    store.put_game(KEY, four_game(4))
    store.finish_game(KEY, numbered_game(9))
    store.put_setting(KEY, "show_mistakes", True)
    mine = store.find_game("local", four_game().key)
    theirs = store.find_game(KEY, four_game().key)
    assert mine is not None and theirs is not None
    assert mine.value_list()[1] == 1 and theirs.value_list()[1] == 4
    assert store.history("local") == [] and len(store.history(KEY)) == 1
    assert store.get_setting("local", "show_mistakes") is False and store.get_setting(KEY, "show_mistakes") is True
    assert store.statistics("local").started == 1 and store.statistics(KEY).started == 2
    assert store.games_in_progress("nobody-else") == []


def test_settings_have_types_and_defaults(store: SqlStore) -> None:
    assert store.settings("local") == {name: s.default for name, s in SETTINGS.items()}
    store.put_setting("local", "show_mistakes", True)
    store.put_setting("local", "new_level", "hard")
    assert store.get_setting("local", "show_mistakes") is True and store.get_setting("local", "new_level") == "hard"
    assert store.settings("local")["new_level"] == "hard"
    with pytest.raises(ValueError):
        store.put_setting("local", "show_mistakes", "yes")
    with pytest.raises(ValueError):
        store.put_setting("local", "new_level", "impossible")
    with pytest.raises(KeyError):
        store.get_setting("local", "no_such_setting")


def test_writes_that_cannot_be_stored_are_refused(store: SqlStore) -> None:
    bad = Game("9x9", "1" * 5, "1" * 5, ())
    with pytest.raises(ValueError):
        store.put_game("local", bad)
    with pytest.raises(ValueError):
        store.put_game("", four_game())
    with pytest.raises(ValueError):
        store.put_game("x" * 1000, four_game())


def test_a_store_busy_for_too_long_raises_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / STORE_NAME
    store = SqliteStore(path, busy_timeout=0.2)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="could not be saved: another game kept the store busy"):
            store.put_game("local", four_game())
        assert store.games_in_progress("local") == []  # readers are not held up in WAL mode
    finally:
        other.execute("ROLLBACK")
        other.close()
    store.put_game("local", four_game())  # and the next write goes through
    store.close()
    with pytest.raises(StoreError):
        store.find_game("local", four_game().key)


def test_memory_store_keeps_nothing(tmp_path: Path) -> None:
    with SqliteStore.in_memory() as store:
        assert not store.persistent
        store.put_game("local", four_game())
        assert store.find_game("local", four_game().key) is not None
    assert list(tmp_path.iterdir()) == []


def test_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    opened = open_local_store()
    assert opened.saving and opened.notices == []
    opened.store.put_game("local", four_game())
    opened.store.close()
    assert (tmp_path / "sudoku-tui" / STORE_NAME).is_file()


def test_board_names_agree_with_the_engine() -> None:
    assert all(shape_for_size(board).name == board for board in boards())


def test_an_empty_database_is_brought_to_the_schema_in_one_step(tmp_path: Path) -> None:
    path = tmp_path / STORE_NAME
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")  # someone else's table stays
    db.close()
    with SqliteStore(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
        store.put_game("local", four_game())
    with SqliteStore(path) as store:  # opening again changes nothing
        assert store.schema_version() == SCHEMA_VERSION and store.find_game("local", four_game().key) is not None
    with sqlite3.connect(path) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
    assert tables == {"notes", "games", "history", "settings", "players", "aliases", "link_codes", "labels"}


def store_of_version(path: Path, version: int, game: Game, without: tuple[str, ...]) -> None:
    """A store at ``path`` as schema ``version`` made it, holding ``game`` (its columns as the
    store writes them, but those the later versions added)."""
    model_path = path.with_name("model.sqlite3")
    with SqliteStore(model_path) as model:
        model.put_game("local", game)
    columns = [column for column in GAME_COLUMNS if column not in without]
    with sqlite3.connect(model_path) as source, sqlite3.connect(path) as db:
        for step in MIGRATIONS[:version]:
            for statement in step:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {version}")
        row = source.execute(f"SELECT player, {', '.join(columns)} FROM games").fetchone()
        marks = ", ".join("?" * len(row))
        db.execute(f"INSERT INTO games (player, {', '.join(columns)}) VALUES ({marks})", row)
    source.close()
    db.close()


def test_a_store_of_the_first_version_is_migrated_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / STORE_NAME
    # Version 2 added the cursor, version 5 the colours, version 6 the moves.
    store_of_version(path, 1, four_game(elapsed=42.0), without=("cursor", "colours", "moves"))
    with SqliteStore(path) as store:
        assert store.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
        found = store.find_game("local", four_game().key)
        assert found is not None and found.elapsed == 42.0 and found.cursor == 0 and found.colours == ()
        store.put_game("local", replace(found, cursor=5))
        again = store.find_game("local", four_game().key)
        assert again is not None and again.cursor == 5


def test_colours_round_trip_and_a_row_of_bad_colours_reads_as_none(store: SqlStore, store_maker: StoreMaker) -> None:
    colours = [0] * 16
    colours[1], colours[2] = 3, 6
    store.put_game("local", four_game(1, colours=colours))
    store.close()
    again = store_maker()
    found = again.find_game("local", four_game().key)
    assert found is not None and found.colours == tuple(colours)
    for bad in ("7" * 16, "1" * 15, "x" * 16, "١" * 16):  # out of range, too short, not digits, other digits
        row = {**game_row(found), "shape": "4x4"}
        row["colours"] = bad
        assert check_game(row).colours == ()


def test_a_store_of_version_three_is_migrated_with_its_games_uncoloured(tmp_path: Path) -> None:
    path = tmp_path / STORE_NAME
    store_of_version(path, 3, four_game(elapsed=42.0, cursor=3), without=("colours", "moves"))
    with SqliteStore(path) as store:
        assert store.schema_version() == SCHEMA_VERSION
        found = store.find_game("local", four_game().key)
        assert found is not None and found.cursor == 3 and found.colours == ()
        store.put_game("local", replace(found, colours=(0, 1) + (0,) * 14))
        again = store.find_game("local", four_game().key)
        assert again is not None and again.colours[1] == 1
