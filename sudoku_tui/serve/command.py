"""``sudoku-tui serve ssh|web``: the command line's part (README, "Serving the game").

:func:`add_serve_parser` only describes the options, so the command line
still loads nothing heavy; the server's libraries are imported when a server
starts, and a missing ``server`` extra is one sentence.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server_settings import ServerSettings

Count = Callable[[str], int]


def _listen(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    try:
        number = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not ADDR:PORT (for example 127.0.0.1:2222)") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{number} is not a port (0 to 65535)")
    return host.strip("[]") or "127.0.0.1", number


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} must be more than 0 seconds")
    return value


def _folder(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    return path.resolve()


def _shared_options(parser: argparse.ArgumentParser, default_port: int, count: Count) -> None:
    parser.add_argument(
        "--listen",
        type=_listen,
        default=("127.0.0.1", default_port),
        metavar="ADDR:PORT",
        help=f"where to listen (default 127.0.0.1:{default_port}; 0.0.0.0:{default_port} for everyone)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the server's own folder: host key, store, locks (default: sudoku-tui/server in the data folder)",
    )
    parser.add_argument(
        "--store",
        metavar="URL",
        default=None,
        help="where players' games are kept: a folder (SQLite) or postgresql://... (default the server's folder)",
    )
    parser.add_argument(
        "--puzzles",
        type=_folder,
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of puzzle files players may open, besides the bundled ones (repeatable)",
    )
    parser.add_argument(
        "--memory", type=count, default=1024, metavar="MB", help="each game's memory cap (default 1024)"
    )
    parser.add_argument(
        "--nice",
        type=int,
        choices=range(20),
        default=10,
        metavar="N",
        help="each game's lower CPU priority (default 10)",
    )
    parser.add_argument(
        "--solver",
        choices=("pure", "compiled"),
        default="pure",
        help="each game's search: pure Python, light and quick to start (default), or the compiled one "
        "of the fast extra, loaded when a game first needs it (about 60 MB more per game that does)",
    )
    parser.add_argument(
        "--making-at-once",
        type=count,
        default=None,
        metavar="N",
        help="puzzles being made at once, for all players together (default half the cores)",
    )


def add_serve_parser(commands: Any, count: Count) -> None:
    """Add ``serve ssh`` and ``serve web`` to the command line's subcommands;
    ``count`` reads a whole number of at least 1 (the command line's own check)."""
    serve = commands.add_parser("serve", help="serve the game over SSH or on the web, a game process per player")
    kinds = serve.add_subparsers(dest="serve_kind", metavar="ssh|web", required=True)

    ssh = kinds.add_parser("ssh", help="an SSH server: ssh -p 2222 HOST plays")
    _shared_options(ssh, 2222, count)
    ssh.add_argument("--host-key", type=Path, metavar="FILE", help="the Ed25519 host key (made when missing)")
    ssh.add_argument("--authorized-keys", type=Path, metavar="FILE", help="only these keys get in")
    ssh.add_argument("--guests", action="store_true", help="also admit clients without a key (games last the session)")
    ssh.add_argument("--max-sessions", type=count, default=50, metavar="N", help="games at once (default 50)")
    ssh.add_argument(
        "--idle-timeout", type=_seconds, default=1800.0, metavar="SECONDS", help="idle sessions close (default 1800)"
    )
    ssh.add_argument("--login-timeout", type=_seconds, default=30.0, metavar="SECONDS", help="(default 30)")
    ssh.add_argument(
        "--connections-per-minute",
        type=count,
        default=10,
        metavar="N",
        help="new connections per address (default 10)",
    )

    web = kinds.add_parser("web", help="a web server: the game in a browser tab, one game process per tab")
    _shared_options(web, 8000, count)
    web.add_argument("--public-url", metavar="URL", help="the address browsers use, when behind a proxy")


def settings_from(args: argparse.Namespace) -> ServerSettings:
    from .server_settings import ServerSettings, server_folder

    settings = ServerSettings(
        folder=(args.data or server_folder()).expanduser().resolve(),
        store=args.store,
        puzzles=tuple(args.puzzles),
        memory_mb=args.memory,
        nice=args.nice,
        compiled_solver=args.solver == "compiled",
    )
    changes: dict[str, Any] = {}
    if args.making_at_once is not None:
        changes["making_at_once"] = args.making_at_once
    for name in ("max_sessions", "idle_timeout", "login_timeout", "connections_per_minute"):
        if hasattr(args, name):
            changes[name] = getattr(args, name)
    return replace(settings, **changes)


def run_serve(args: argparse.Namespace) -> int:
    settings = settings_from(args)
    try:
        settings.folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"The server's folder {settings.folder} cannot be used: {error.strerror or error}.", file=sys.stderr)
        return 1
    try:
        if args.serve_kind == "ssh":
            return _run_ssh(args, settings)
        return _run_web(args, settings)
    except ImportError as error:
        print(
            f"serve needs the server extra (pip install 'sudoku-tui[server]'): {error.name} is missing.",
            file=sys.stderr,
        )
        return 1


def _run_ssh(args: argparse.Namespace, settings: ServerSettings) -> int:
    import asyncio

    from .ssh_server import SshServer

    host, port = args.listen
    try:
        server = SshServer(
            settings,
            host=host,
            port=port,
            host_key_file=args.host_key,
            authorized_keys=args.authorized_keys,
            guests=args.guests,
        )
        asyncio.run(server.run())
    except OSError as error:
        print(f"The SSH server cannot start: {error.strerror or error}.", file=sys.stderr)
        return 1
    return 0


def _run_web(args: argparse.Namespace, settings: ServerSettings) -> int:
    from .web import run_web

    host, port = args.listen
    try:
        run_web(settings, host, port, args.public_url)
    except OSError as error:
        print(f"The web server cannot start: {error.strerror or error}.", file=sys.stderr)
        return 1
    return 0
