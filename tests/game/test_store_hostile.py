"""Whatever the store's rows hold, reading them never raises: hostile values
written straight into the database are skipped (and counted) or clamped."""

from __future__ import annotations

import json
import math
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from store_worker import numbered_game

from sudoku_tui.game.store.checks import MAX_ELAPSED, BadRow, check_finished, check_game, game_row
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import Aids, Game, Source
from sudoku_tui.game.store.sql import GAME_COLUMNS, HISTORY_COLUMNS
from sudoku_tui.game.store.sqlite import SqliteStore

HUGE = "9" * 1_000_000
NESTED = "[" * 200_000 + "]" * 200_000
MARKUP = "[bold red]x[/] [@click=app.quit]quit[/]"


def good_row(number: int) -> dict[str, Any]:
    game = numbered_game(number)
    return {**game_row(game), "game_id": f"g{number}", "started_at": 1.0, "last_played": float(number)}


def good_entry(number: int) -> dict[str, Any]:
    row = good_row(number)
    entry = {column: row.get(column) for column in HISTORY_COLUMNS}
    return entry | {"solved": 1, "ended_at": 1_800_000_000.0 + number}


def write_rows(path: Path, table: str, columns: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    with sqlite3.connect(path) as db:
        names = ", ".join(("player", *columns))
        marks = ", ".join("?" * (len(columns) + 1))
        for row in rows:
            db.execute(f"INSERT INTO {table} ({names}) VALUES ({marks})", ["local", *(row[c] for c in columns)])
    db.close()


# Each: the columns changed in a good row, and whether the game is still offered (mended) or skipped.
GAME_CASES: list[tuple[str, dict[str, Any], bool]] = [
    ("nan-text", {"elapsed": "NaN"}, True),
    ("inf", {"elapsed": math.inf}, True),
    ("negative", {"elapsed": -5.0}, True),
    ("huge-number", {"elapsed": 1e308}, True),
    ("elapsed-text", {"elapsed": HUGE}, True),
    ("nested-marks", {"marks": NESTED}, True),
    ("nested-mark-items", {"marks": json.dumps([[[[1]]]] * 81)}, True),
    ("huge-marks", {"marks": HUGE}, True),
    ("marks-out-of-range", {"marks": json.dumps([1 << 40] * 81)}, True),
    ("markup-path", {"source_path": MARKUP}, True),
    ("escape-path", {"source_path": "/tmp/\x1b[2J\x1b]0;owned\x07.txt"}, True),
    ("huge-path", {"source_path": "/" + "a" * 1_000_000}, True),
    ("index-text", {"source_index": MARKUP}, True),
    ("markup-level", {"level": "[@click=app.quit]"}, True),
    ("bad-kind", {"source_kind": MARKUP}, True),
    ("bad-daily", {"source_kind": "daily", "daily_date": "2026-13-45"}, True),
    ("stamp-inf", {"last_played": math.inf, "started_at": "[bold]"}, True),
    ("markup-shape", {"shape": "[bold]9x9"}, False),
    ("huge-shape", {"shape": HUGE}, False),
    ("huge-givens", {"givens": HUGE}, False),
    ("markup-givens", {"givens": MARKUP}, False),
    ("board-changes-a-given", {"entries": "9" * 81}, False),
    ("huge-board", {"entries": HUGE}, False),
    ("blob-board", {"entries": b"\x00" * 81}, False),
    ("key-of-another-puzzle", {"puzzle_key": "9x9:" + "." * 81}, False),
    ("hints-text", {"hints": "[bold]"}, False),
    ("hints-negative", {"hints": -1}, False),
    ("solved-two", {"solved": 2}, False),
    ("markup-id", {"game_id": MARKUP}, False),
]


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return SqliteStore(tmp_path / STORE_NAME)


def test_hostile_games_are_skipped_or_mended(store: SqliteStore, tmp_path: Path) -> None:
    rows = [good_row(0)]
    for number, (_, change, _) in enumerate(GAME_CASES, start=1):
        rows.append(good_row(number) | change)
    write_rows(tmp_path / STORE_NAME, "games", GAME_COLUMNS, rows)
    games = store.games_in_progress("local")
    kept = {game.game_id for game in games}
    expected = {"g0"} | {f"g{n}" for n, (_, _, mended) in enumerate(GAME_CASES, start=1) if mended}
    assert kept == expected
    bad = len(GAME_CASES) + 1 - len(expected)
    assert store.take_notices() == [f"{bad} saved entries could not be read and were skipped."]
    for game in games:
        assert 0.0 <= game.elapsed <= MAX_ELAPSED and len(game.marks) == 81
        assert game.source.path is None or len(game.source.path) <= 4096
        assert game.level is None or game.level in ("easy", "medium", "hard", "unfair", "extreme")
    by_id = {game.game_id: game for game in games}
    case = {name: f"g{n}" for n, (name, _, _) in enumerate(GAME_CASES, start=1)}
    assert by_id[case["nan-text"]].elapsed == 0.0 and by_id[case["inf"]].elapsed == MAX_ELAPSED
    assert by_id[case["nested-marks"]].marks == (0,) * 81
    markup_path = by_id[case["markup-path"]].source
    assert markup_path.kind == "file" and markup_path.path == MARKUP  # a real file may be named so: kept as is
    assert by_id[case["escape-path"]].source == Source()  # control characters: not a path to show or open
    assert by_id[case["huge-path"]].source == Source()
    # Every other way in reads the same rows the same way.
    last = store.last_game("local")
    assert last is not None and last.game_id in kept
    markup_id = next(n for n, (name, _, _) in enumerate(GAME_CASES, start=1) if name == "markup-id")
    assert store.find_game("local", good_row(markup_id)["puzzle_key"]) is None  # a bad row is not found
    # Started games are counted by board and level alone: every row of a known board counts.
    assert store.statistics("local", date(2027, 1, 1)).started == len(GAME_CASES) + 1 - 2


HISTORY_CASES: list[tuple[dict[str, Any], bool]] = [
    ({"elapsed": "NaN"}, False),
    ({"elapsed": math.inf}, True),  # clamped: an endless game
    ({"elapsed": -1.0}, True),
    ({"ended_at": math.inf}, False),
    ({"ended_at": 1e300}, False),
    ({"ended_at": "[bold]"}, False),
    ({"solved": "yes"}, False),
    ({"solve_used": 7}, False),
    ({"level": HUGE}, True),
    ({"source_path": MARKUP, "source_index": 1e300}, True),
    ({"game_id": "x" * 1000}, False),
    ({"shape": "samurai"}, False),
]


def test_hostile_history_is_skipped_and_counted_in_the_statistics(store: SqliteStore, tmp_path: Path) -> None:
    entries = [good_entry(0)] + [good_entry(n) | change for n, (change, _) in enumerate(HISTORY_CASES, start=1)]
    write_rows(tmp_path / STORE_NAME, "history", HISTORY_COLUMNS, entries)
    kept = {entry.game_id for entry in store.history("local", None)}
    assert kept == {"g0"} | {f"g{n}" for n, (_, ok) in enumerate(HISTORY_CASES, start=1) if ok}
    store.take_notices()
    stats = store.statistics("local", date(2027, 1, 1))
    assert stats.skipped == len(HISTORY_CASES) + 1 - len(kept)
    assert stats.solved == len(kept)
    json.dumps(stats.to_json(), allow_nan=False)  # no NaN or infinity reaches the JSON


def test_hostile_settings_read_as_defaults(store: SqliteStore, tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / STORE_NAME) as db:
        for name, value in [
            ("show_mistakes", '"[@click=app.quit]"'),
            ("new_level", NESTED),
            ("new_size", HUGE),
            ("daily_level", "null"),
            ("[bold]", "true"),
        ]:
            db.execute("INSERT INTO settings (player, name, value) VALUES ('local', ?, ?)", [name, value])
    db.close()
    assert store.get_setting("local", "show_mistakes") is False
    assert store.settings("local")["new_level"] == "easy" and store.get_setting("local", "daily_level") == "medium"
    assert store.take_notices() != []


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400, "1e400", None, b"\x00", [1], {"a": 1}, True])
def test_every_kind_of_value_in_every_column_is_a_bad_row_or_a_record(value: object) -> None:
    """Also what another database could hand back (a real NaN, a list, a dict)."""
    for column in GAME_COLUMNS:
        try:
            game = check_game(good_row(3) | {column: value})
        except BadRow:
            continue
        assert isinstance(game, Game) and math.isfinite(game.elapsed) and isinstance(game.aids, Aids)
    for column in HISTORY_COLUMNS:
        try:
            entry = check_finished(good_entry(3) | {column: value})
        except BadRow:
            continue
        assert math.isfinite(entry.elapsed) and math.isfinite(entry.ended_at)


def test_saving_a_game_mends_its_bad_row(store: SqliteStore, tmp_path: Path) -> None:
    broken = good_row(4) | {"game_id": MARKUP, "started_at": "[bold]", "shape": "[bold]", "hints": "many"}
    write_rows(tmp_path / STORE_NAME, "games", GAME_COLUMNS, [broken])
    assert store.find_game("local", broken["puzzle_key"]) is None
    saved = store.put_game("local", numbered_game(4, elapsed=33.0))
    found = store.find_game("local", broken["puzzle_key"])
    assert found is not None and found.elapsed == 33.0 and found.game_id == saved.game_id != MARKUP
    assert found.started_at == saved.started_at and saved.started_at is not None and saved.started_at > 0
