"""What ``sudoku-tui stats`` and ``sudoku-tui daily`` print."""

from __future__ import annotations

import io
import json
import sqlite3
from dataclasses import replace
from datetime import date
from pathlib import Path

from store_worker import numbered_game

from sudoku_tui.game.stats_report import run_daily, run_stats
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.records import Source
from sudoku_tui.game.store.sqlite import SqliteStore


def test_stats_as_text_and_as_one_json_object(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / STORE_NAME) as store:
        store.finish_game("local", replace(numbered_game(1, 95.0), solved=True, level="easy"))
        store.put_game("local", numbered_game(2))
    out, err = io.StringIO(), io.StringIO()
    assert run_stats(True, folder=tmp_path, today=date(2026, 1, 1), out=out, err=err) == 0
    (line,) = out.getvalue().splitlines()
    stats = json.loads(line)
    assert stats["started"] == 2 and stats["solved"] == 1 and err.getvalue() == ""
    assert [b["level"] for b in stats["boards"]] == ["easy", None]
    out = io.StringIO()
    assert run_stats(folder=tmp_path, today=date(2026, 1, 1), out=out, err=err) == 0
    text = out.getvalue()
    assert text.splitlines()[1:5] == [
        "Board   Level     Started  Solved     Best   Median",
        "9x9     easy            1       1     1:35     1:35",
        "9x9     -               1       0        -        -",
        "Played with show mistakes on: 0 of 2 games.",
    ]
    assert "Recent solve times: 1:35" in text


def test_stats_of_a_new_player(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_stats(folder=tmp_path / "new", player="SHA256:abc", today=date(2026, 1, 1), out=out) == 0
    assert "No games yet." in out.getvalue() and "streak: 0 now, longest 0 days" in out.getvalue()


def test_daily_prints_the_line_or_says_why_not() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert run_daily("2026-02-01", out=out, err=err) == 0
    assert out.getvalue().strip() == "8.......6..5.6..4....4.25.....6..215..61.47..718..5.....12.9....7..4.9..3.......1"
    assert run_daily("2026-02-31", out=out, err=err) == 2 and "No daily puzzle" in err.getvalue()
    assert Source.daily(date(2026, 2, 1)).kind == "daily"


def test_stats_of_a_store_that_cannot_be_used_are_not_shown_as_none(tmp_path: Path) -> None:
    with SqliteStore(tmp_path / STORE_NAME) as store:
        store.finish_game("local", replace(numbered_game(1, 95.0), solved=True, level="easy"))
    with sqlite3.connect(tmp_path / STORE_NAME) as db:
        db.execute("PRAGMA user_version = 99")  # written by a newer version: left as it is
    db.close()
    out, err = io.StringIO(), io.StringIO()
    assert run_stats(True, folder=tmp_path, today=date(2026, 1, 1), out=out, err=err) == 1
    assert out.getvalue() == ""  # not the empty statistics of a store that keeps nothing
    assert "newer version" in err.getvalue() and "cannot be shown" in err.getvalue()
    # No store at all (the folder is a file): there are no games, and that is what is said.
    (tmp_path / "file").write_text("not a folder")
    out, err = io.StringIO(), io.StringIO()
    assert run_stats(folder=tmp_path / "file", today=date(2026, 1, 1), out=out, err=err) == 0
    assert "No games yet." in out.getvalue() and "cannot be saved" in err.getvalue()
