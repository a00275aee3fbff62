"""The leaderboard as lines and JSON, and ``sudoku-tui leaderboard`` end to end, on a
real server folder's SQLite store and on PostgreSQL."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import pytest
from daily_players import MARKUP_NAME, SAMPLE_SOLVES, SAMPLE_STREAKS, SetClock, end_daily, sample_day, write_markup_name
from store_backends import postgresql_socket, postgresql_url

from sudoku_tui.game.players.leaderboard import leaderboard_json, leaderboard_lines, read_leaderboard, run_leaderboard
from sudoku_tui.game.store.local import STORE_NAME
from sudoku_tui.game.store.postgresql import PostgresqlStore
from sudoku_tui.game.store.sqlite import SqliteStore

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name
DAY = date(2025, 3, 10)  # long past: no streak of it lasts to the day the tests run


def server_folder(folder: Path) -> Path:
    """A server's data folder (as ``serve ssh --data`` keeps it) with the sample day's games."""
    folder.mkdir(parents=True, exist_ok=True)
    clock = SetClock(DAY)
    with SqliteStore(folder / STORE_NAME, clock=clock) as store:
        sample_day(store, clock, DAY)
    return folder


def leaderboard(*args: str, data_home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    command = [sys.executable, "-m", "sudoku_tui", "leaderboard", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def expected_json(day: date = DAY) -> dict[str, object]:
    return {
        "date": day.isoformat(),
        "level": "medium",
        "board": "9x9",
        "solves": [
            {"rank": rank, "name": name, "time_seconds": seconds, "hints": hints, "mistakes_shown": shown}
            for (rank, name, _, hints, shown), seconds in zip(
                SAMPLE_SOLVES, (245.0, 245.9, 300.0, 400.0, 500.0), strict=True
            )
        ],
        "streaks": [{"rank": rank, "name": name, "days": days} for rank, name, days in SAMPLE_STREAKS],
    }


def test_lines_and_json_of_the_sample_day(tmp_path: Path) -> None:
    folder = server_folder(tmp_path / "server")
    with SqliteStore(folder / STORE_NAME) as store:
        board = read_leaderboard(store, DAY, "medium", today=DAY)
    assert leaderboard_lines(board) == [
        f"Daily puzzle {DAY.isoformat()} (UTC), medium, 9x9",
        "Rank  Name                 Time  Hints  Mistakes shown",
        "   1  ann                  4:05      0  no",
        "   1  cat                  4:05      0  no",
        "   3  bob                  5:00      2  yes",
        "   4  guest-ab12           6:40      0  no",
        "   5  player-Xy9z          8:20      0  no",
        "",
        "Daily streaks now",
        "Rank  Name               Days",
        "   1  ann                   3",
        "   2  player-Xy9z           1",
        "   2  bob                   1",
        "   2  cat                   1",
        "   2  guest-ab12            1",
    ]
    assert leaderboard_json(board) == expected_json()


def test_a_name_is_never_markup_nor_a_command_to_the_terminal(tmp_path: Path) -> None:
    folder = server_folder(tmp_path / "server")
    clock = SetClock(DAY)
    with SqliteStore(folder / STORE_NAME, clock=clock) as store:
        end_daily(store, clock, "SHA256:markupMarkup", DAY, 600)
        end_daily(store, clock, "SHA256:escapeEscape", DAY, 700)
    write_markup_name(folder / STORE_NAME)
    write_markup_name(folder / STORE_NAME, "SHA256:escapeEscape", "\x1b]52;c;aGk=\x07x")
    with SqliteStore(folder / STORE_NAME) as store:
        board = read_leaderboard(store, DAY, "medium", today=DAY)
    lines = leaderboard_lines(board)
    assert lines[7] == f"   6  {MARKUP_NAME:<16}    10:00      0  no"
    assert lines[8] == "   7  \\x1b]52;c;aGk=\\x07x    11:40      0  no"  # escaped, so longer than the column
    assert not any("\x1b" in line or "\x07" in line for line in lines)
    names = [solve["name"] for solve in leaderboard_json(board)["solves"]]
    assert names[5:] == [MARKUP_NAME, "\x1b]52;c;aGk=\x07x"]  # JSON escapes it itself


def test_the_command_reads_a_server_folder(tmp_path: Path) -> None:
    folder = server_folder(tmp_path / "server")
    done = leaderboard("--date", DAY.isoformat(), "--json", "--data", str(folder), data_home=tmp_path / "home")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert {key: shown[key] for key in ("date", "level", "board", "solves")} == {
        key: value for key, value in expected_json().items() if key != "streaks"
    }
    # The streaks are today's (UTC), long after the sample day: no one has one now.
    assert shown["streaks"] == [] and done.stderr == ""
    as_text = leaderboard("--date", DAY.isoformat(), "--data", str(folder), data_home=tmp_path / "home")
    assert as_text.returncode == 0 and as_text.stdout.splitlines()[2] == "   1  ann                  4:05      0  no"
    day = ("--date", DAY.isoformat())
    hard = leaderboard(*day, "--level", "hard", "--data", str(folder), data_home=tmp_path / "home")
    assert hard.stdout.splitlines()[2].split() == ["1", "ann", "0:20", "0", "no"]
    sixteen = leaderboard(*day, "--size", "16", "--json", "--data", str(folder), data_home=tmp_path / "home")
    assert [solve["name"] for solve in json.loads(sixteen.stdout)["solves"]] == ["bob"]


def test_the_command_without_a_folder_lists_the_local_player_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    nothing = leaderboard("--json", data_home=home)
    assert nothing.returncode == 0 and json.loads(nothing.stdout)["solves"] == []
    assert not (home / "sudoku-tui" / STORE_NAME).exists()  # reading made no store
    clock = SetClock(DAY)
    (home / "sudoku-tui").mkdir(parents=True)
    with SqliteStore(home / "sudoku-tui" / STORE_NAME, clock=clock) as store:
        end_daily(store, clock, "local", DAY, 123, hints=1)
    done = leaderboard("--date", DAY.isoformat(), "--json", data_home=home)
    assert json.loads(done.stdout)["solves"] == [
        {"rank": 1, "name": "you", "time_seconds": 123.0, "hints": 1, "mistakes_shown": False}
    ]


def test_what_the_command_refuses(tmp_path: Path) -> None:
    for bad in ("2026-13-01", "yesterday", "2025-03-10T00:00", "20250310", "2025-W11-1", "２０２５-03-10"):
        done = leaderboard("--date", bad, "--data", str(tmp_path), data_home=tmp_path / "home")
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr == f"Not a date: {bad!r} (write it as YYYY-MM-DD).\n"
    missing = leaderboard("--data", str(tmp_path / "none"), data_home=tmp_path / "home")
    assert missing.returncode == 1 and missing.stderr.count("\n") == 1 and "There is no store in" in missing.stderr
    assert not (tmp_path / "none").exists()
    (tmp_path / "damaged").mkdir()
    (tmp_path / "damaged" / STORE_NAME).write_bytes(b"not a database at all" * 100)
    damaged = leaderboard("--data", str(tmp_path / "damaged"), data_home=tmp_path / "home")
    assert damaged.returncode == 1 and damaged.stderr.count("\n") == 1 and "damaged" in damaged.stderr
    unreachable = leaderboard("--store", f"postgresql://nobody@/x?host={tmp_path}", data_home=tmp_path / "home")
    assert unreachable.returncode == 1 and unreachable.stderr.count("\n") == 1, unreachable.stderr
    both = leaderboard("--data", str(tmp_path), "--store", "postgresql://x", data_home=tmp_path / "home")
    assert both.returncode == 2  # one place or the other


def test_run_leaderboard_in_process(tmp_path: Path) -> None:
    folder = server_folder(tmp_path / "server")
    out, err = io.StringIO(), io.StringIO()
    assert run_leaderboard(DAY.isoformat(), data=folder, out=out, err=err) == 0
    assert out.getvalue().splitlines()[1].startswith("Rank  Name") and err.getvalue() == ""


def test_postgresql_lists_what_sqlite_lists(tmp_path: Path, postgresql_url: str) -> None:
    folder = server_folder(tmp_path / "server")
    clock = SetClock(DAY)
    with PostgresqlStore(postgresql_url, clock=clock) as store:
        sample_day(store, clock, DAY)
    home = tmp_path / "home"
    for args in ((), ("--json",), ("--level", "hard"), ("--size", "16"), ("--date", (DAY + timedelta(1)).isoformat())):
        day = () if "--date" in args else ("--date", DAY.isoformat())
        from_sqlite = leaderboard(*day, *args, "--data", str(folder), data_home=home)
        from_postgresql = leaderboard(*day, *args, "--store", postgresql_url, data_home=home)
        assert from_postgresql.returncode == 0, from_postgresql.stderr
        assert from_sqlite.returncode == 0, from_sqlite.stderr
        assert from_postgresql.stdout == from_sqlite.stdout
    listed = leaderboard("--date", DAY.isoformat(), "--json", "--store", postgresql_url, data_home=home)
    assert json.loads(listed.stdout)["solves"] == expected_json()["solves"]


@pytest.mark.parametrize("size", ["9", "16", "samurai"])
def test_every_daily_board_has_a_ranking(tmp_path: Path, size: str) -> None:
    out = io.StringIO()
    assert run_leaderboard(DAY.isoformat(), size=size, as_json=True, data=server_folder(tmp_path), out=out) == 0
    assert json.loads(out.getvalue())["board"] == {"9": "9x9", "16": "16x16", "samurai": "samurai"}[size]
