"""The commands on the player's own record: ``stats`` (the games played), ``replay``
(a game's moves labelled),
``daily`` (the daily puzzle, the same on every machine) and ``leaderboard``
(the daily's ranking and the streaks of every player in a store)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.board.levels import LEVEL_KEYS
from .registry import Command


def _add_stats(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print them as one JSON object")


def _stats(args: argparse.Namespace) -> int:
    # The store loads only for the commands that read it; --help stays fast.
    from ..game.stats_report import run_stats

    return run_stats(args.json)


def _add_replay(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", nargs="?", default=None, metavar="GAME", help="a game's id from stats --json (default: the last ended)"
    )
    parser.add_argument("--json", action="store_true", help="print it as one JSON object")


def _replay(args: argparse.Namespace) -> int:
    # The store and the labeller load only for this command; --help stays fast.
    from ..game.replay.report import run_replay

    return run_replay(args.game, args.json)


def _add_daily(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--date", metavar="YYYY-MM-DD", default=None, help="the date (UTC; default today)")
    parser.add_argument("--level", choices=LEVEL_KEYS, default="medium", help="level (default medium)")
    parser.add_argument("--size", choices=("9", "16", "samurai"), default="9", help="board (default 9)")


def _daily(args: argparse.Namespace) -> int:
    # The store and the generator load only for the commands that use them; --help stays fast.
    from ..game.stats_report import run_daily

    return run_daily(args.date, args.level, args.size)


def _add_leaderboard(parser: argparse.ArgumentParser) -> None:
    _add_daily(parser)
    parser.add_argument("--json", action="store_true", help="print it as one JSON object")
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="a server's data folder, whose store.sqlite3 it reads (default your own: you alone)",
    )
    where.add_argument("--store", metavar="URL", default=None, help="a PostgreSQL store (postgresql://...)")


def _leaderboard(args: argparse.Namespace) -> int:
    # The store loads only for the commands that read it; --help stays fast.
    from ..game.players.leaderboard import run_leaderboard

    return run_leaderboard(args.date, args.level, args.size, as_json=args.json, data=args.data, store_url=args.store)


COMMANDS = (
    Command("stats", "your games: per board and level, the daily streak, recent solves", _add_stats, _stats),
    Command(
        "replay",
        "a game's moves, each labelled with the step that justified it, and the longest waits",
        _add_replay,
        _replay,
    ),
    Command(
        "daily",
        "the daily puzzle: the same line on every machine for a date",
        _add_daily,
        _daily,
        searches=True,
    ),
    Command(
        "leaderboard",
        "the daily puzzle's ranking of a date and level, and the streaks, of every player in a store",
        _add_leaderboard,
        _leaderboard,
    ),
)
