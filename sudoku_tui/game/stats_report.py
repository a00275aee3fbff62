"""``sudoku-tui stats`` and ``sudoku-tui daily`` without the argument parsing:
the command line calls :func:`run_stats` and :func:`run_daily` with what it parsed."""

from __future__ import annotations

import json
import os
import sys
from datetime import date
from pathlib import Path
from typing import TextIO

from ..paths import data_dir
from . import texts
from .clock import format_elapsed
from .printable import printable
from .store.interface import LOCAL_PLAYER, StoreError
from .store.local import STORE_NAME, open_local_store
from .store.statistics import Statistics, mistakes_text


def statistics_json(stats: Statistics) -> str:
    """The statistics as one line of JSON."""
    return json.dumps(stats.to_json(), allow_nan=False, separators=(",", ":"))


def _time(seconds: float | None) -> str:
    return "-" if seconds is None else format_elapsed(seconds)


# The table's columns: their widths, the first two to the left, the others to the right.
COLUMNS = (-8, -9, 8, 8, 9, 9)


def _column(text: str, width: int) -> str:
    """A heading in its column, with a space before it when a longer word would join the next."""
    if width < 0:
        return f"{text:<{-width}}" if len(text) < -width else f"{text} "
    return f"{text:>{width}}" if len(text) < width else f" {text}"


def statistics_text(stats: Statistics) -> str:
    """The statistics as a few lines for a person."""
    lines = [texts.statistics_heading(printable(stats.player), stats.today.isoformat())]
    if not stats.boards:
        lines.append(texts.NO_GAMES_YET)
    else:
        headings = (texts.BOARD, texts.LEVEL, texts.STARTED, texts.SOLVED_COLUMN, texts.BEST, texts.MEDIAN)
        lines.append("".join(_column(heading, width) for heading, width in zip(headings, COLUMNS, strict=True)))
        for board in stats.boards:
            lines.append(
                f"{board.board:<8}{board.level or '-':<9}{board.started:>8}{board.solved:>8}"
                f"{_time(board.best):>9}{_time(board.median):>9}"
            )
        lines.append(mistakes_text(stats))
    lines.append(texts.streak_line(stats.current_streak, stats.longest_streak))
    if stats.recent:
        lines.append(texts.recent_solve_times(" ".join(format_elapsed(solve.seconds) for solve in stats.recent)))
    lines += room_games_lines(stats)
    if stats.skipped:
        lines.append(texts.entries_skipped(stats.skipped))
    return "\n".join(lines)


def room_games_lines(stats: Statistics) -> list[str]:
    """The last games played in rooms, one a line under a heading; none when there were none."""
    if not stats.rooms:
        return []
    return [texts.ROOM_GAMES_HEADING] + [
        "  "
        + texts.room_game_line(
            game.day.isoformat(),
            game.board,
            texts.room_game(game.room.kind, game.room.others, game.room.place, game.room.field),
            texts.outcome(game.outcome),
            format_elapsed(game.seconds),
        )
        for game in stats.rooms
    ]


def run_stats(
    as_json: bool = False,
    *,
    folder: Path | None = None,
    player: str = LOCAL_PLAYER,
    today: date | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print the player's statistics (text, or one JSON object); what the store says goes to ``err``.
    1 when the store cannot be read, or is there but cannot be used."""
    out, err = out or sys.stdout, err or sys.stderr
    folder = folder if folder is not None else data_dir()
    opened = open_local_store(folder, player=player)
    if not opened.saving and os.path.lexists(folder / STORE_NAME):
        # A store that is there but cannot be used: the empty store play goes on
        # with would say "No games yet." of a player who has some.
        opened.store.close()
        for notice in opened.notices:
            print(notice, file=err)
        print(f"The statistics of the games in {folder / STORE_NAME} cannot be shown.", file=err)
        return 1
    try:
        stats = opened.store.statistics(player, today)
    except StoreError as error:
        print(error, file=err)
        return 1
    finally:
        notices = opened.notices + opened.store.take_notices()
        opened.store.close()
    for notice in notices:
        print(notice, file=err)
    print(statistics_json(stats) if as_json else statistics_text(stats), file=out)
    return 0


def run_daily(
    day: str | None = None,
    level: str = "medium",
    size: str = "9",
    *,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print the daily puzzle's line for ``day`` (``YYYY-MM-DD``, today in UTC when None);
    2 for a date, level or size that has none, 1 when the generator gives up."""
    # Here, not at the top: the generator brings the solver, which ``stats`` does without.
    from ..engine.making.generator import GenerationFailed
    from .daily import daily_puzzle, today

    out, err = out or sys.stdout, err or sys.stderr
    try:
        line, _ = daily_puzzle(day if day is not None else today(), level, size)
    except ValueError as error:
        print(f"No daily puzzle: {error}", file=err)
        return 2
    except GenerationFailed as error:
        print(error, file=err)
        return 1
    print(line, file=out)
    return 0
